"""The one exception of the Python API: a failed `solar analyze` (or a
program that cannot be handed to it), carrying the CLI's diagnostic."""


class SolarError(Exception):
    """`status` is the CLI's exit status (docs/user-guide.md, "Exit
    status"; None when solar was never run), `diagnostic` its `error:`
    line(s), `stderr` everything it printed there."""

    def __init__(self, message, status=None, diagnostic=None, stderr=""):
        super().__init__(message)
        self.status = status
        self.diagnostic = diagnostic if diagnostic is not None else message
        self.stderr = stderr
