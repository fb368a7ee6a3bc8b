"""The one error type the runner reports (as `solar_reference: error: ...`)."""
import traceback


class ReferenceError_(Exception):
    """A problem with the program or the request, reported without a
    Python traceback; the message says what to fix."""


def describe_exception(exc, program_path):
    """`TypeError: msg (at model.py:12 in get_inputs)`: the exception and the
    innermost frame inside the user's program, which is where the fix goes."""
    where = ""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if f.filename == program_path]
    if frames:
        frame = frames[-1]
        where = f" (at {frame.filename}:{frame.lineno} in {frame.name})"
    elif isinstance(exc, SyntaxError) and exc.lineno:
        where = f" (at {exc.filename}:{exc.lineno})"
    message = str(exc) if not isinstance(exc, SyntaxError) else exc.msg
    return f"{type(exc).__name__}: {message}{where}"


class ProgramError_(ReferenceError_):
    """The user's program itself failed: it cannot be read, does not parse,
    or raised while loading or running. Not a coverage gap of the tools:
    the commands exit 1 with the Python error and location and never fall
    back to another frontend (the tools' exit status 3 says so)."""


# Exit status of solar_reference.py / solar_import.py for a ProgramError_.
PROGRAM_ERROR_EXIT = 3
