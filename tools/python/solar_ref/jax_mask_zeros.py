"""The zeros of a JAX training step's ReLU masks at the inputs it runs on
(`solar analyze --train --mask-zeros --framework jax`; docs/sol-model.md,
"Masks at these inputs"): the JAX side of mask_zeros.py, whose file it
writes.

The counts must name the ops the importer names, so they are taken from
the module the importer converts: jax.jit(step).lower(...) of the same
step (jax_train.Step) on the same arguments, its ops named by
framework_ops.name_jax_primitives (`PHASE/PRIMITIVE#K`). The masks' values
are that module's own: it is run by XLA with the mask values as extra
results, nothing recomputed elsewhere.

The forms the pinned jax emits for jax.nn.relu (flax.linen.relu is the
same function), and the only ones counted:

  * forward: `func.call @relu(%x)` in the step's function, @relu a private
    function computing exactly maximum(arg, 0) (relu is jitted, one
    dispatch in eager JAX), named `forward/jit(relu)#K`: its result is 0
    where %x <= 0;
  * backward: relu's custom jvp is select(x > 0, g, 0); value_and_grad
    keeps `compare GT, %x, 0` as a forward residual and transposes the
    select into `stablehlo.select %gt, %ct, 0`, named
    `backward/select_n#K`: 0 where the mask is, and where the cotangent is.

Anything else that looks like a ReLU mask is refused with the op it is
(MaskFormError), not guessed at: max(x, 0) outside jax.nn.relu
(jnp.maximum, whose gradient is a multiply by a mask with 1/2 at ties),
jax.nn.relu called inside a function or loop body of the step rather than
the step itself, select(x > 0, v, 0) written by hand (jnp.where), and a
relu whose residual mask is used other than by the select."""
import numpy as np

from solar_imp import framework_ops

from .errors import ReferenceError_

FORWARD_OP = "jit(relu)"
BACKWARD_OP = "select_n"
SUPPORTED = ("the masks counted in a JAX step are those of jax.nn.relu / "
             "flax.linen.relu (a call of jit(relu) in the step and the "
             "select_n of its gradient)")


class MaskFormError(ReferenceError_):
    """A ReLU-like mask in a form this module does not tie to the IR."""


def _resolve(value, binding):
    """`value`, or the caller's value a callee's argument is bound to."""
    return binding.get(value, value)


def _zero_splat(value, ir, binding=None):
    """Whether `value` is 0 in every element: a splat constant, or a
    broadcast_in_dim, reshape or convert of one (through `binding`, a
    called function's arguments to its caller's values)."""
    value = _resolve(value, binding or {})
    if not isinstance(value, ir.OpResult):
        return False
    op = value.owner.operation
    if op.name in ("stablehlo.broadcast_in_dim", "stablehlo.reshape",
                   "stablehlo.convert"):
        return _zero_splat(op.operands[0], ir, binding)
    if op.name != "stablehlo.constant":
        return False
    try:
        dense = ir.DenseElementsAttr(op.attributes["value"])
        splat = dense.get_splat_value() if dense.is_splat else None
        return isinstance(splat, (ir.FloatAttr, ir.IntegerAttr)) and \
            splat.value == 0
    except (ValueError, TypeError):
        return False


def _other_than_zero(op, ir):
    """The operand of a two-operand op that is not a zero splat when the
    other one is, else None."""
    a, b = op.operands[0], op.operands[1]
    if _zero_splat(b, ir):
        return a
    if _zero_splat(a, ir):
        return b
    return None


def _greater_than_zero(value, ir, binding):
    """x when `value` is `compare GT, x, 0` (through `binding`), else
    None."""
    value = _resolve(value, binding)
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner.operation
    if op.name != "stablehlo.compare" or \
            "GT" not in str(op.attributes["comparison_direction"]) or \
            not _zero_splat(op.operands[1], ir):
        return None
    return op.operands[0]


def _masks_zero(select, ir, binding):
    """x when `select` is select(x > 0, v, 0), else None."""
    if not _zero_splat(select.operands[2], ir, binding):
        return None
    return _greater_than_zero(select.operands[0], ir, binding)


def _is_relu_function(func, ir):
    """A private function of one argument returning maximum(arg, 0): the
    body of jitted jax.nn.relu."""
    blocks = list(func.regions[0].blocks)
    if len(blocks) != 1 or len(blocks[0].arguments) != 1:
        return False
    body = [op.operation for op in blocks[0].operations
            if op.operation.name not in ("stablehlo.constant",
                                         "stablehlo.broadcast_in_dim")]
    if [op.name for op in body] != ["stablehlo.maximum", "func.return"]:
        return False
    maximum, ret = body
    return _other_than_zero(maximum, ir) == blocks[0].arguments[0] and \
        len(ret.operands) == 1 and ret.operands[0] == maximum.results[0]


def _walk(region_owner):
    """(op, top) of every op nested in `region_owner`; top: in its own
    body, not in a region of one of its ops (a loop body, a reduction's
    combiner)."""
    for region in region_owner.regions:
        for block in region.blocks:
            for op in block.operations:
                op = op.operation
                yield op, True
                for inner, _ in _walk(op):
                    yield inner, False


def _callee(op, ir):
    return ir.FlatSymbolRefAttr(op.attributes["callee"]).value


def _step_ops(main, funcs, ir):
    """(op, binding, site) of the step's own ops (binding {}, site the op)
    and of the functions it calls (jnp.where's @_where; binding: their
    arguments to the call's operands, site the call)."""
    for op, top in _walk(main):
        if not top:
            continue
        yield op, {}, op
        if op.name == "func.call" and _callee(op, ir) in funcs:
            callee = funcs[_callee(op, ir)]
            args = list(callee.regions[0].blocks[0].arguments)
            binding = dict(zip(args, op.operands))
            for inner, inner_top in _walk(callee):
                if inner_top:
                    yield inner, binding, op


def _label(op):
    return framework_ops.identity(str(op.location)) or op.name


def _refuse(op, what):
    raise MaskFormError(f"--mask-zeros: {_label(op)} {what}: refused, not "
                        f"guessed; {SUPPORTED}")


def find(module, ir):
    """[(identity, op, value)] of the masks of `module` (named by
    name_jax_primitives; call inside its context), in program order;
    MaskFormError for any other ReLU-like form (module docstring)."""
    funcs = {ir.StringAttr(f.attributes["sym_name"]).value: f.operation
             for f in module.body.operations
             if f.operation.name == "func.func"}
    main = funcs.get("main")
    if main is None:
        raise ReferenceError_("--mask-zeros: the lowered step has no @main")
    relus = {name for name, f in funcs.items()
             if name != "main" and _is_relu_function(f, ir)}
    found, relu_inputs = [], set()
    for name, func in funcs.items():
        for op, top in _walk(func):
            if op.name == "func.call" and _callee(op, ir) in relus:
                if name != "main" or not top:
                    where = f"@{name}" if name != "main" else \
                        "a region (a loop body) of the step"
                    _refuse(op, f"is a call of jax.nn.relu inside {where}, "
                            "not in the step's own function")
                found.append((_label(op), FORWARD_OP, op.results[0]))
                relu_inputs.add(op.operands[0])
            elif op.name == "stablehlo.maximum" and name not in relus and \
                    _other_than_zero(op, ir) is not None:
                _refuse(op, "computes max(x, 0) outside jax.nn.relu "
                        "(jnp.maximum, whose gradient multiplies by a mask, "
                        "1/2 at ties)")
    for op, binding, site in _step_ops(main, funcs, ir):
        if op.name == "stablehlo.select":
            x = _masks_zero(op, ir, binding)
            if x is None:
                continue
            if binding or x not in relu_inputs:
                _refuse(site, "selects v where x > 0, else 0, x not the "
                        "input of a jax.nn.relu call of the step "
                        "(jnp.where(x > 0, v, 0), or a relu recomputed "
                        "under remat)")
            found.append((_label(op), BACKWARD_OP, op.results[0]))
        elif op.name == "stablehlo.compare" and not binding and \
                _greater_than_zero(op.results[0], ir, {}) in relu_inputs:
            for use in op.results[0].uses:
                user = use.owner.operation
                if user.name != "stablehlo.select" or \
                        use.operand_number != 0 or \
                        _masks_zero(user, ir, {}) is None:
                    _refuse(user, "uses jax.nn.relu's mask (x > 0) other "
                            "than as select_n(mask, g, 0)")
    return found


def _with_results(module, values, ir):
    """The text of `module` with `values` (of @main) appended to @main's
    results."""
    from jaxlib.mlir.dialects import func as func_dialect
    main = next(f.operation for f in module.body.operations
                if f.operation.name == "func.func" and
                ir.StringAttr(f.attributes["sym_name"]).value == "main")
    block = main.regions[0].blocks[0]
    ret = list(block.operations)[-1].operation
    with ir.InsertionPoint(ret), ret.location:
        func_dialect.ReturnOp([*ret.operands, *values])
    ret.erase()
    old = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)
    main.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
        old.inputs, [*old.results, *(v.type for v in values)]))
    if "res_attrs" in main.attributes:
        attrs = list(ir.ArrayAttr(main.attributes["res_attrs"]))
        main.attributes["res_attrs"] = ir.ArrayAttr.get(
            attrs + [ir.DictAttr.get({})] * len(values))
    return module.operation.get_asm(enable_debug_info=False), len(old.inputs)


def _run(jax, text, arguments, extra):
    """The last `extra` results of the module `text` run by XLA on one
    device of jax's default backend."""
    from jax.extend import backend
    client = backend.get_backend()
    device = client.devices()[0]
    executable = client.compile_and_load(
        text, [device], backend.get_compile_options(1, 1))
    buffers = [jax.device_put(a, device) for a in arguments]
    results = executable.execute_sharded(buffers) \
        .disassemble_into_single_device_arrays()
    return [np.asarray(r[0]) for r in results[len(results) - extra:]]


def _named(jax, step, arguments):
    """The step's StableHLO module lowered on `arguments`, its ops named as
    the importer names them, and the (op, identity) sequence of its
    functions."""
    module = jax.jit(step).lower(*arguments).compiler_ir("stablehlo")
    with module.context:
        framework_ops.name_jax_primitives(module)
        names = [(op.name, framework_ops.identity(str(op.location)))
                 for f in module.body.operations for op, _ in _walk(f)]
    return module, names


def count(jax, step, arguments):
    """{identity: {"op", "zeros", "elements"}} of the ReLU masks of `step`
    (jax_train.Step) run on `arguments` (mask_zeros.write's "ops")."""
    from jaxlib.mlir import ir
    module, names = _named(jax, step, arguments)
    # The importer lowers the analyzed size from values or, when it
    # verified a smaller one, from shapes alone (jax.eval_shape): a count
    # must name the same op in both, or it could land on another tensor.
    _, abstract = _named(jax, step,
                         jax.eval_shape(lambda *a: a, *arguments))
    if names != abstract:
        raise ReferenceError_(
            "--mask-zeros: the step lowers to other ops from shapes alone "
            "than from values, so the importer's op names may not be these")
    with module.context:
        masks = find(module, ir)
        if not masks:
            return {}
        text, inputs = _with_results(module, [v for _, _, v in masks], ir)
    if inputs != len(arguments):
        raise ReferenceError_(
            f"--mask-zeros: the lowered step takes {inputs} of the "
            f"{len(arguments)} arguments (jax.jit drops unused ones); the "
            "masks cannot be run on them")
    values = _run(jax, text, arguments, len(masks))
    identities = [name for name, _, _ in masks]
    # One identity naming two masks (consecutive ops of one location) names
    # no single tensor of the IR: counted for neither.
    return {name: {"op": op, "zeros": int(np.count_nonzero(value == 0)),
                   "elements": int(value.size)}
            for (name, op, _), value in zip(masks, values)
            if identities.count(name) == 1}
