"""Loading the user's program with module-level size constants overridden.

Overrides rewrite the program's top-level `NAME = <literal>` assignments in
its syntax tree before it runs (tuple `T, D = 4, 8` and chained `a = b = 16`
assignments are first split into one assignment per name), so constants derived from them
(`M = N * 2`) and get_inputs() see the new value."""
import ast
import copy
import os
import sys
import types

from .errors import ProgramError_, ReferenceError_, describe_exception

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
        if name.startswith("_solar_chain_"):
            continue
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
        raise ProgramError_(
            f"cannot load {path}: {describe_exception(exc, path)}") from None
    return module


class Program:
    def __init__(self, path, module, sizes_original, sizes_used, overrides):
        self.path = path
        self.module = module
        self.sizes_original = sizes_original
        self.sizes_used = sizes_used
        self.overrides = overrides


def _names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _is_literal(node):
    try:
        ast.literal_eval(node)
        return True
    except (ValueError, SyntaxError, TypeError):
        return False


def _split(node, counter):
    """One module-level statement -> statements assigning one name each,
    where that keeps the meaning: `T, D, N = 4, 8, 16` (a literal-length
    tuple whose items read none of the targets) and `a = b = 16`; so that
    an override reaches each name alone."""
    if not isinstance(node, ast.Assign):
        return [node]
    targets = node.targets
    value = node.value
    if len(targets) == 1 and isinstance(targets[0], (ast.Tuple, ast.List)) \
            and all(isinstance(t, ast.Name) for t in targets[0].elts) \
            and isinstance(value, (ast.Tuple, ast.List)) \
            and len(value.elts) == len(targets[0].elts) \
            and not any(isinstance(e, ast.Starred) for e in value.elts):
        names = {t.id for t in targets[0].elts}
        if not any(_names_in(e) & names for e in value.elts):
            return [ast.copy_location(
                ast.Assign(targets=[ast.Name(t.id, ast.Store())], value=e),
                node) for t, e in zip(targets[0].elts, value.elts)]
    if len(targets) > 1 and all(isinstance(t, ast.Name) for t in targets):
        if _is_literal(value):
            return [ast.copy_location(
                ast.Assign(targets=[ast.Name(t.id, ast.Store())],
                           value=copy.deepcopy(value)), node)
                for t in targets]
        temp = f"_solar_chain_{counter[0]}"
        counter[0] += 1
        first = ast.copy_location(
            ast.Assign(targets=[ast.Name(temp, ast.Store())], value=value),
            node)
        return [first] + [ast.copy_location(
            ast.Assign(targets=[ast.Name(t.id, ast.Store())],
                       value=ast.Name(temp, ast.Load())), node)
            for t in targets]
    return [node]


def parse_program(path):
    """(absolute path, source, syntax tree with tuple and chained
    module-level assignments split into one assignment per name)."""
    path = os.path.abspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except OSError as exc:
        raise ProgramError_(f"cannot read {path}: {exc.strerror}") from None
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        raise ProgramError_(
            f"cannot load {path}: {describe_exception(exc, path)}") from None
    counter = [0]
    body = []
    for node in tree.body:
        body.extend(_split(node, counter))
    tree.body = body
    ast.fix_missing_locations(tree)
    return path, source, tree


def _assignments(tree):
    assigned = {}
    for node in tree.body:
        name = _assigned_name(node)
        if name is not None:
            assigned[name] = node
    return assigned


def integer_constants(path):
    """{NAME: value} of the module-level `NAME = <int literal>` assignments
    (tuple and chained ones included), in program order: the sizes a
    shrunk verification may scale down."""
    _, _, tree = parse_program(path)
    found = {}
    for name, node in _assignments(tree).items():
        value = node.value
        if isinstance(value, ast.Constant) and type(value.value) is int:
            found[name] = value.value
    return found


def load(path, override_texts):
    path, source, tree = parse_program(path)
    assigned = _assignments(tree)
    overrides = dict(parse_override(t) if isinstance(t, str) else t
                     for t in override_texts)
    for name in overrides:
        if name not in assigned:
            raise ReferenceError_(
                f"--override {name}: {path} has no module-level assignment "
                f"'{name} = ...'")

    if overrides:
        # Run the program as written once, for the sizes it would have used.
        original = _sizes(_execute(parse_program(path)[2], path), assigned)
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
        raise ProgramError_(
            f"{what} raised {describe_exception(exc, program.path)}") from None
