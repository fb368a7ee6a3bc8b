"""Loading the user's program with module-level size constants overridden.

Overrides rewrite the program's top-level `NAME = ...` assignments in its
syntax tree before it runs (tuple `T, D = 4, 8` and chained `a = b = 16`
assignments are first split into one assignment per name), so constants
derived from them (`M = N * 2`) and get_inputs() see the new value.

Sizes written inline in get_inputs()/get_init_inputs() (`torch.rand(10, 3,
224, 224)`) are hoisted into module-level assignments of their own before
anything runs, named after where they are (`get_inputs@14:25`: function,
line, column), so an override reaches them the same way; so are the
literal items of a module-level tuple that also reads names
(`input_shape = (batch_size, 3, 224, 224)`: `input_shape@7:30`)."""
import ast
import copy
import os
import re
import sys
import types

from .errors import ProgramError_, ReferenceError_, describe_exception

MODULE_NAME = "solar_reference_program"


# Inline sizes smaller than this (kernel sizes, channels of an image, dims
# given to a reduction) are left where they are: only sizes a shrunk
# verification may scale are hoisted.
INLINE_MIN = 16
_INLINE_PREFIX = "_solar_inline_"
_INLINE_NAME = re.compile(r"^([A-Za-z_]\w*)@(\d+):(\d+)$")
# Calls whose positional int arguments are a shape.
_SHAPE_CALLS = {"rand", "randn", "zeros", "ones", "empty", "Tensor",
                "FloatTensor"}
# Calls whose tuple or list arguments are data, not shapes.
_DATA_CALLS = {"tensor", "as_tensor", "array", "asarray"}
_SIZE_FUNCTIONS = ("get_inputs", "get_init_inputs")


def _inline_identifier(function, line, column):
    return f"{_INLINE_PREFIX}{function}_{line}_{column}"


def _shown(name):
    """The name of a hoisted inline size as the user gives it
    (`get_inputs@14:25`); other names unchanged."""
    if not name.startswith(_INLINE_PREFIX):
        return name
    function, line, column = name[len(_INLINE_PREFIX):].rsplit("_", 2)
    return f"{function}@{line}:{column}"


def _internal(name):
    found = _INLINE_NAME.match(name)
    return _inline_identifier(*found.groups()) if found else name


def parse_override(text):
    """`N=64` -> ("N", 64); the value must be a Python literal. NAME is a
    module-level name or an inline size `FUNCTION@LINE:COLUMN`."""
    if "=" not in text:
        raise ReferenceError_(f"--override '{text}' must be NAME=VALUE")
    name, value = text.split("=", 1)
    name = name.strip()
    if not name.isidentifier() and not _INLINE_NAME.match(name):
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
            result[_shown(name)] = list(value) \
                if isinstance(value, (tuple, list)) else value
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
        if _is_literal(value) or _folds(value):
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
        body.extend(_hoist_inline_sizes(node))
        body.extend(_split(node, counter))
    tree.body = body
    ast.fix_missing_locations(tree)
    return path, source, tree


def _is_int(node):
    return isinstance(node, ast.Constant) and type(node.value) is int


def _shape_literals(function):
    """The int literals >= INLINE_MIN of get_inputs()/get_init_inputs()
    that are sizes: positional arguments of a tensor factory
    (`torch.rand(10, 3, 224, 224)`), items of a tuple or list given to any
    call (`torch.randint(0, 10, (128, 4096))`, `size=(...)`), and items of
    the list get_init_inputs() returns. Not other arguments (randint's
    bounds, a fill value): those are values, not sizes."""
    found = []

    def take(node):
        if _is_int(node) and node.value >= INLINE_MIN:
            found.append(node)

    def take_sequence(node):
        if isinstance(node, (ast.Tuple, ast.List)):
            for item in node.elts:
                take(item)

    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            callee = node.func
            name = callee.attr if isinstance(callee, ast.Attribute) else \
                callee.id if isinstance(callee, ast.Name) else None
            for arg in node.args:
                if name not in _DATA_CALLS:
                    take_sequence(arg)
                if name in _SHAPE_CALLS:
                    take(arg)
            for keyword in node.keywords:
                if keyword.arg == "size":
                    take(keyword.value)
                    take_sequence(keyword.value)
        elif isinstance(node, ast.Return) and \
                function.name == "get_init_inputs":
            take_sequence(node.value)
    return found


def _sizes_beside_names(node):
    """(name, literals): the int literals >= INLINE_MIN of a module-level
    tuple or list that also reads names (`input_shape = (batch_size, 3,
    224, 224)`), which integer_constants does not list as a whole since
    it follows batch_size; None for any other statement."""
    name = _assigned_name(node)
    if name is None or not isinstance(node.value, (ast.Tuple, ast.List)) \
            or not _names_in(node.value):
        return None
    return name, [item for item in node.value.elts
                  if _is_int(item) and item.value >= INLINE_MIN]


def _hoist_inline_sizes(node):
    """Module-level `_solar_inline_F_L_C = <literal>` assignments for the
    inline sizes of get_inputs()/get_init_inputs() and for the literal
    items of a module-level tuple that also reads names (`input_shape@7:30`
    for the 224 of `input_shape = (batch_size, 3, 224, 224)`); `node` then
    reads the name instead of the literal, so that overrides reach them."""
    beside = _sizes_beside_names(node)
    if beside is not None:
        owner, found = beside
    elif isinstance(node, ast.FunctionDef) and \
            node.name in _SIZE_FUNCTIONS:
        owner, found = node.name, _shape_literals(node)
    else:
        return []
    hoisted = []
    literals = {id(n) for n in found}

    class Hoist(ast.NodeTransformer):
        def visit_Constant(self, constant):
            if id(constant) not in literals:
                return constant
            name = _inline_identifier(owner, constant.lineno,
                                      constant.col_offset + 1)
            hoisted.append(ast.copy_location(ast.Assign(
                targets=[ast.Name(name, ast.Store())],
                value=ast.Constant(constant.value)), constant))
            return ast.copy_location(ast.Name(name, ast.Load()), constant)
    Hoist().visit(node)
    return hoisted


def _assignments(tree):
    assigned = {}
    for node in tree.body:
        name = _assigned_name(node)
        if name is not None:
            assigned[name] = node
    return assigned


class _NotConstant(Exception):
    pass


_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
              ast.Mult: lambda a, b: a * b, ast.FloorDiv: lambda a, b: a // b,
              ast.Mod: lambda a, b: a % b, ast.Pow: lambda a, b: a ** b,
              ast.LShift: lambda a, b: a << b}


def _fold(node, env):
    """The value of an integer expression of literals and names already in
    `env` (`2048 * 2`, `N // 4`, `(B, 32768)`, `[H] * 3`); _NotConstant
    for anything else."""
    if _is_int(node):
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_fold(node.operand, env)
    if isinstance(node, (ast.Tuple, ast.List)):
        items = tuple(_fold(item, env) for item in node.elts)
        if any(not isinstance(item, int) for item in items):
            raise _NotConstant()
        return items if isinstance(node, ast.Tuple) else list(items)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _fold(node.left, env), _fold(node.right, env)
        if isinstance(left, int) and isinstance(right, int):
            if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0 or \
                    isinstance(node.op, (ast.Pow, ast.LShift)) and \
                    not 0 <= right <= 64:
                raise _NotConstant()
            return _OPERATORS[type(node.op)](left, right)
        # A repeated list of sizes ([H] * 3).
        if isinstance(node.op, ast.Mult) and isinstance(right, int) and \
                isinstance(left, (tuple, list)) and 0 <= right <= 64:
            return left * right
    raise _NotConstant()


def _folds(node):
    """An integer expression of literals alone (`2048 * 2`)."""
    try:
        _fold(node, {})
        return True
    except (_NotConstant, ArithmeticError, ValueError):
        return False


def integer_constants(path):
    """{NAME: value} of the module-level assignments whose value is an
    integer expression of literals alone (`N = 4096`, `N = 2048 * 2`, a
    tuple or list of them, `input_shape = (32768,)`, tuple and chained
    assignments and the hoisted inline sizes of get_inputs() included), in
    program order: the sizes a shrunk verification may scale down.
    Constants defined from other names (`M = N * 2`) follow them and are
    not listed. Tuples and lists are given as lists."""
    _, _, tree = parse_program(path)
    found = {}
    for name, node in _assignments(tree).items():
        if name.startswith("_solar_chain_") or _names_in(node.value) or \
                not _folds(node.value):
            continue
        value = _fold(node.value, {})
        if isinstance(value, (tuple, list)):
            if value:
                found[_shown(name)] = list(value)
        else:
            found[_shown(name)] = value
    return found


def assigned_names(path):
    """The names an override can reach: module-level assignments and the
    inline sizes of get_inputs()/get_init_inputs() (`get_inputs@14:25`)."""
    _, _, tree = parse_program(path)
    return {_shown(name) for name in _assignments(tree)
            if not name.startswith("_solar_chain_")}


def load(path, override_texts):
    path, source, tree = parse_program(path)
    assigned = _assignments(tree)
    overrides = dict(parse_override(t) if isinstance(t, str) else t
                     for t in override_texts)
    for name in overrides:
        if _internal(name) not in assigned:
            inline = [_shown(n) for n in assigned
                      if n.startswith(_INLINE_PREFIX)]
            found = _INLINE_NAME.match(name)
            owner = "get_inputs()/get_init_inputs()" if not found or \
                found.group(1) in _SIZE_FUNCTIONS else \
                f"the module-level tuple '{found.group(1)}'"
            what = f"size in {owner} at that place " \
                f"(its inline sizes: {', '.join(inline) or 'none'})" \
                if found else \
                f"module-level assignment '{name} = ...'"
            raise ReferenceError_(f"--override {name}: {path} has no {what}")

    if overrides:
        # Run the program as written once, for the sizes it would have used.
        original = _sizes(_execute(parse_program(path)[2], path), assigned)
        for name, value in overrides.items():
            node = assigned[_internal(name)]
            # Through its text: a list or tuple is no ast.Constant.
            node.value = ast.copy_location(
                ast.parse(repr(value), mode="eval").body, node.value)
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
