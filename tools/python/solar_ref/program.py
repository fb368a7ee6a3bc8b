"""Loading the user's program with module-level size constants overridden.

Overrides rewrite the program's top-level `NAME = <literal>` assignments in
its syntax tree before it runs, so constants derived from them
(`M = N * 2`) and get_inputs() see the new value."""
import ast
import os
import sys
import types

from .errors import ReferenceError_, describe_exception

MODULE_NAME = "solar_reference_program"


def parse_override(text):
    """`N=64` -> ("N", 64); the value must be a Python literal."""
    if "=" not in text:
        raise ReferenceError_(f"--override '{text}' must be NAME=VALUE")
    name, value = text.split("=", 1)
    name = name.strip()
    if not name.isidentifier():
        raise ReferenceError_(f"--override '{text}': '{name}' is not a Python name")
    try:
        return name, ast.literal_eval(value.strip())
    except (ValueError, SyntaxError):
        raise ReferenceError_(
            f"--override '{text}': '{value}' is not a Python literal "
            "(a number, string or tuple)") from None


def _assigned_name(node):
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
            isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
            and node.value is not None:
        return node.target.id
    return None


def _is_size(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, (tuple, list)) and value and \
        all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _sizes(module, names):
    """The size-like module constants (numbers, tuples of ints) by name."""
    result = {}
    for name in names:
        value = getattr(module, name, None)
        if _is_size(value):
            result[name] = list(value) if isinstance(value, (tuple, list)) else value
    return result


def _execute(tree, path):
    code = compile(tree, path, "exec")
    module = types.ModuleType(MODULE_NAME)
    module.__file__ = path
    # Dataclass-based modules (flax.linen) look their module up by name.
    sys.modules[MODULE_NAME] = module
    try:
        exec(code, module.__dict__)
    except Exception as exc:  # the user's code: report, do not crash
        raise ReferenceError_(
            f"cannot load {path}: {describe_exception(exc, path)}") from None
    return module


class Program:
    def __init__(self, path, module, sizes_original, sizes_used, overrides):
        self.path = path
        self.module = module
        self.sizes_original = sizes_original
        self.sizes_used = sizes_used
        self.overrides = overrides


def load(path, override_texts):
    path = os.path.abspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except OSError as exc:
        raise ReferenceError_(f"cannot read {path}: {exc.strerror}") from None
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        raise ReferenceError_(
            f"cannot load {path}: {describe_exception(exc, path)}") from None
    assigned = {}
    for node in tree.body:
        name = _assigned_name(node)
        if name is not None:
            assigned[name] = node
    overrides = dict(parse_override(t) for t in override_texts)
    for name in overrides:
        if name not in assigned:
            raise ReferenceError_(
                f"--override {name}: {path} has no module-level assignment "
                f"'{name} = ...'")

    if overrides:
        # Run the program as written once, for the sizes it would have used.
        original = _sizes(_execute(ast.parse(source, filename=path), path),
                          assigned)
        for name, value in overrides.items():
            node = assigned[name]
            node.value = ast.copy_location(ast.Constant(value), node.value)
        ast.fix_missing_locations(tree)
    module = _execute(tree, path)
    used = _sizes(module, assigned)
    if not overrides:
        original = dict(used)
    return Program(path, module, original, used,
                   {k: (list(v) if isinstance(v, tuple) else v)
                    for k, v in overrides.items()})


def call_user(program, what, fn, *args):
    """Calls a function of the program, turning its exceptions into errors."""
    try:
        return fn(*args)
    except ReferenceError_:
        raise
    except Exception as exc:
        raise ReferenceError_(
            f"{what} raised {describe_exception(exc, program.path)}") from None
