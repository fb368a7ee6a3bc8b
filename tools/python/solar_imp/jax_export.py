"""JAX / Flax -> StableHLO (jax.jit(f).lower) -> linalg on tensors (IREE's
input conversion, `iree-compile --compile-to=input`).

The lowered function takes the reference manifest's arguments in order:
the inputs, then (Flax) every variable leaf sorted by path; it rebuilds the
variables tree from them, so no weight is baked in as a constant."""
import importlib.metadata as md
import os
import subprocess
import tempfile

from solar_ref import jax_runner, jax_train
from solar_ref import train as train_module
from solar_ref.common import as_list
from solar_ref.errors import ProgramError_, ReferenceError_
from solar_ref.program import call_user

from . import framework_ops
from .errors import ImportError_
from .mlir_text import check_foreign_ops, util_to_func


def _version(name):
    try:
        return md.version(name)
    except md.PackageNotFoundError:
        return "?"


def describe():
    return (f"jax {_version('jax')}, StableHLO through iree-base-compiler "
            f"{_version('iree-base-compiler')}")


def _inputs(program, get_inputs, jax, seed, abstract):
    """get_inputs() as arrays, or with `abstract` as jax.ShapeDtypeStruct
    traced by jax.eval_shape (nothing allocated by jax itself)."""
    if not abstract:
        raw = jax_runner._call_get_inputs(program, get_inputs, jax, seed)
        return [jax_runner._to_input(v, str(i)) for i, v in enumerate(raw)]
    import inspect
    try:
        takes_key = len(inspect.signature(get_inputs).parameters) == 1
    except (TypeError, ValueError):
        takes_key = False
    key = (jax.random.PRNGKey(seed),) if takes_key else ()
    shapes = call_user(program, "get_inputs()", jax.eval_shape,
                       lambda: tuple(as_list(get_inputs(*key),
                                             "get_inputs()")))
    return list(shapes)


def _lowerable(program, args, abstract=False):
    """(function, example arguments) in manifest order; with `abstract`
    the arguments are jax.ShapeDtypeStruct (shapes and dtypes only)."""
    jax = jax_runner.import_jax()
    module = program.module
    get_inputs = getattr(module, "get_inputs", None)
    model_class = getattr(module, "Model", None)
    forward_fn = getattr(module, "forward", None)
    if get_inputs is None:
        raise ImportError_(f"{program.path} defines no 'get_inputs' "
                           f"({jax_runner.CONVENTION})")
    try:
        jax_runner.seed_python_and_numpy(args.seed)
        if model_class is not None and jax_runner._is_flax_model(model_class):
            get_init_inputs = getattr(module, "get_init_inputs", lambda: [])
            init = as_list(call_user(program, "get_init_inputs()",
                                     get_init_inputs), "get_init_inputs()")
            model = call_user(program, "Model(*get_init_inputs())",
                              model_class, *init)
            jax_runner.seed_python_and_numpy(args.seed)
            inputs = _inputs(program, get_inputs, jax, args.seed, abstract)
            init_fn = (lambda *a: jax.eval_shape(model.init, *a)) \
                if abstract else model.init
            spec = train_module.spec_of(args)
            if spec is not None:
                init_fn = jax_train.without_drawing(jax, init_fn)
            variables = call_user(program, "Model.init()", init_fn,
                                  jax.random.PRNGKey(args.seed), *inputs)
            if spec is not None:
                return jax_train.prepare(jax, program, call_user, spec, model,
                                         inputs, variables, args.seed,
                                         abstract)
        elif callable(forward_fn):
            if train_module.spec_of(args) is not None:
                raise ImportError_(jax_runner.TRAIN_NEEDS_MODEL)
            return forward_fn, _inputs(program, get_inputs, jax, args.seed,
                                       abstract)
        else:
            raise ImportError_(f"{program.path} defines neither 'forward' nor "
                               f"a flax.linen.Module 'Model' "
                               f"({jax_runner.CONVENTION})")
    except ProgramError_:
        raise
    except ReferenceError_ as exc:
        raise ImportError_(str(exc)) from None

    with_path, treedef = jax.tree_util.tree_flatten_with_path(variables)
    names = [jax_runner._path_name(p) for p, _ in with_path]
    order = sorted(range(len(names)), key=lambda i: names[i])
    leaves = [with_path[i][1] for i in order]
    count = len(inputs)

    def forward(*xs):
        tree_order = [None] * len(order)
        for position, leaf_index in enumerate(order):
            tree_order[leaf_index] = xs[count + position]
        rebuilt = jax.tree_util.tree_unflatten(treedef, tree_order)
        return model.apply(rebuilt, *xs[:count])
    return forward, inputs + leaves


def _iree_compile():
    try:
        from iree.compiler.tools.binaries import find_tool
    except Exception as exc:
        raise ImportError_(f"cannot import iree.compiler (PyPI "
                           f"iree-base-compiler, pinned in requirements.txt): "
                           f"{exc}") from None
    return find_tool("iree-compile")


def stablehlo_to_linalg(text, debug_info=False):
    tool = _iree_compile()
    with tempfile.TemporaryDirectory(prefix="solar-iree-") as tmp:
        source = os.path.join(tmp, "stablehlo.mlir")
        target = os.path.join(tmp, "input.mlir")
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        # f64 stays f64 (IREE demotes it by default): the reference is the
        # program as written.
        cmd = [tool, "--iree-input-type=stablehlo", "--compile-to=input",
               "--iree-input-demote-f64-to-f32=false", source, "-o", target]
        if debug_info:
            cmd.insert(-3, "--mlir-print-debuginfo")
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            message = done.stderr.strip().splitlines()
            first = next((line for line in message if "error" in line),
                         message[0] if message else "")
            raise ImportError_(
                f"IREE's StableHLO input conversion failed ({describe()}): "
                f"{first.replace(source, 'stablehlo.mlir')}; no deterministic "
                "path for this program: translate it with `solar translate`")
        with open(target, encoding="utf-8") as f:
            return f.read()


def _lower(program, args, abstract):
    jax = jax_runner.import_jax()
    fn, example = _lowerable(program, args, abstract)
    try:
        return jax.jit(fn).lower(*example), example
    except Exception as exc:
        raise ImportError_(f"jax.jit(...).lower() failed: "
                           f"{type(exc).__name__}: {exc}") from None


def cost(program, args, expect=None, memo=None):
    """(flops, elements) from XLA's cost analysis of the abstract lowering
    (nothing allocated): its flop count plus every argument and result
    element. No shape signature, so `expect` (sizes.Expect) is not used."""
    jax = jax_runner.import_jax()
    lowered, example = _lower(program, args, True)
    try:
        analysis = lowered.cost_analysis() or {}
        if isinstance(analysis, (list, tuple)):
            analysis = analysis[0] if analysis else {}
        flops = float(analysis.get("flops", 0.0))
    except Exception:
        flops = 0.0
    import math
    out = lowered.out_info
    leaves = jax.tree_util.tree_leaves(example) + \
        jax.tree_util.tree_leaves(out)
    elements = sum(math.prod(getattr(x, "shape", ())) for x in leaves)
    return flops, float(elements)


def export(program, args, meta=False, suffix="", memo=None):
    """The program as linalg on tensors (`memo`: unused, JAX has one way
    to export; torch_export.export's)."""
    lowered, _ = _lower(program, args, meta)
    stablehlo = lowered.as_text()
    with open(os.path.join(args.output, f"import{suffix}.stablehlo.mlir"), "w",
              encoding="utf-8") as f:
        f.write(stablehlo)
    text = _tagged_linalg(lowered)
    if text is None:
        text = util_to_func(stablehlo_to_linalg(stablehlo))
    check_foreign_ops(text, "IREE's StableHLO input conversion")
    return _rename_main(text, args.function)


def _tagged_linalg(lowered):
    """The linalg with solar.framework_op on every op (one framework op per
    JAX primitive: framework_ops.name_jax_primitives), or None when a step
    is unavailable (the caller then converts without identities)."""
    try:
        module = lowered.compiler_ir("stablehlo")
        with module.context:
            framework_ops.name_jax_primitives(module)
            named = module.operation.get_asm(enable_debug_info=True)
    except Exception:
        return None
    linalg = util_to_func(stablehlo_to_linalg(named, debug_info=True))
    return framework_ops.tag_text(linalg)


def _rename_main(text, name):
    """jax names the entry @main; the manifest's function is `name`."""
    import re
    return re.sub(r'(func\.func public )@main\(', rf'\1@{name}(', text, count=1)
