"""tm_tensor.scatter (the gradient of a gather: nll_loss_backward, index_put,
scatter) -> affine loops with data-dependent stores.

torch-mlir lowers torch's scatters to its own `tm_tensor.scatter`, which has
no linalg form and no MLIR 22 lowering (the same situation as
`tm_tensor.scan`, scan_lowering.py). Its semantics are TMTensor's scalar
implementation (ScatterOp::generateScalarImplementation), which this
module writes out: with `updates` of shape [B, W...], `indices` of shape
[B, D] and `dimension_map` m (D entries, dimensions of `original`),

    out = copy of original
    for b, w...:                               (every point of updates)
        at = [w... aligned to the last dims of out]
        at[m[k]] += indices[b, k]              (k < D; set where no w)
        out[at] = combine(updates[b, w...], out[at])

The combiner is the op's region (block argument 0 the update, 1 the
current value); an overwrite (`yield %update`) does not read out[at].
The store's subscripts are loaded values, so solar's einsum graph
over-approximates its access by the whole tensor (docs/einsum-graph.md,
"Non-affine input"): B * |W| points, each one combine, which is what any
implementation of the scatter runs (it must write every update), and no
traffic charged for the scattered elements beyond the copy of `original`,
the output's one write. The copy is the zero fill torch's kernels start
from (nll_loss_backward's zeros, index_put's clone); a splat constant
original (those zeros) is stored as its value, a fill.

The scatter's framework-op name goes onto the copy's and the scatter's
stores, so that solar's unfused fidelity charges them to the framework op
eager PyTorch runs."""
from .errors import ImportError_
from .scan_lowering import (lower_each, memref_type, ops_named,
                            splice_helper, static_shape)

SCATTER = "tm_tensor.scatter"


def _loops(shape, name, body):
    """A loop nest over `shape` with induction variables %NAME0, %NAME1..."""
    lines = [("  " * k) + f"affine.for %{name}{k} = 0 to {size} {{"
             for k, size in enumerate(shape)]
    depth = len(shape)
    lines += ["  " * depth + line for line in body]
    lines += ["  " * k + "}" for k in reversed(range(depth))]
    return lines


def _subscripts(rank, name):
    return ", ".join(f"%{name}{k}" for k in range(rank))


def _helper_text(types, shapes, dimension_map, reads_current, splat):
    """A function computing the scatter on buffers (module docstring): its
    arguments stand for updates, indices and original (filled with `splat`,
    the text of its one value, when it is a splat constant); %update and
    %current for the region's block arguments; the scatter's store stores
    %update until the region's yielded value replaces it."""
    (u_type, i_type, o_type), (u_shape, i_shape, o_shape) = types, shapes
    u_elem, i_elem = str(u_type.element_type), str(i_type.element_type)
    o_elem = str(o_type.element_type)
    u_mem, i_mem = memref_type(u_shape, u_elem), memref_type(i_shape, i_elem)
    o_mem = memref_type(o_shape, o_elem)
    window = len(u_shape) - 1
    offset = len(o_shape) - window
    starts = [None] * len(o_shape)
    for k in range(window):
        starts[k + offset] = f"%d{k + 1}"
    body = [f"%update = affine.load %u[{_subscripts(len(u_shape), 'd')}] : "
            f"{u_mem}"]
    for k, dim in enumerate(dimension_map):
        body += [f"%raw{k} = affine.load %i[%d0, {k}] : {i_mem}",
                 f"%at{k} = arith.index_cast %raw{k} : {i_elem} to index"]
        if starts[dim] is not None:
            body.append(f"%sum{k} = arith.addi %at{k}, {starts[dim]} : index")
            starts[dim] = f"%sum{k}"
        else:
            starts[dim] = f"%at{k}"
    at = ", ".join(starts)
    if reads_current:
        body.append(f"%current = memref.load %y[{at}] : {o_mem}")
    body.append(f"memref.store %update, %y[{at}] : {o_mem}")
    lines = [f"func.func private @solar_scatter(%updates: {u_type}, "
             f"%indices: {i_type}, %original: {o_type}) -> {o_type} {{",
             f"%u = bufferization.to_buffer %updates : {u_type} to {u_mem}",
             f"%i = bufferization.to_buffer %indices : {i_type} to {i_mem}",
             f"%y = memref.alloc() : {o_mem}"]
    if splat is None:
        lines.append(f"%o = bufferization.to_buffer %original : {o_type} "
                     f"to {o_mem}")
        copy = [f"%v = affine.load %o[{_subscripts(len(o_shape), 'c')}] : "
                f"{o_mem}"]
    else:
        lines.append(f"%v = arith.constant {splat}")
        copy = []
    copy.append(f"affine.store %v, %y[{_subscripts(len(o_shape), 'c')}] : "
                f"{o_mem}")
    lines += _loops(o_shape, "c", copy)
    lines += _loops(u_shape, "d", body)
    lines += [f"%out = bufferization.to_tensor %y restrict writable : "
              f"{o_mem} to {o_type}",
              f"return %out : {o_type}", "}"]
    return "\n".join(lines)


def splat_of(ir, value):
    """The text of the one value of `value` when it is an arith.constant
    splat (torch's zeros a scatter starts from), else None: the copy is
    then a fill, with no constant tensor materialized for it."""
    if not isinstance(value, ir.OpResult) or \
            value.owner.operation.name != "arith.constant":
        return None
    try:
        dense = ir.DenseElementsAttr(
            value.owner.operation.attributes["value"])
    except (TypeError, ValueError):
        return None
    return str(dense.get_splat_value()) if dense.is_splat else None


def _refuse(what, why="solar lowers the one-result form (updates, "
            "indices; original)"):
    raise ImportError_(f"{SCATTER} {what}: {why}")


def _lower(ir, scatter):
    if len(scatter.operands) != 3 or len(scatter.results) != 1:
        _refuse(f"with {len(scatter.operands)} operands and "
                f"{len(scatter.results)} results")
    updates, indices, original = scatter.operands
    u_type, u_shape = static_shape(ir, updates, "updates", SCATTER)
    i_type, i_shape = static_shape(ir, indices, "indices", SCATTER)
    o_type, o_shape = static_shape(ir, original, "original", SCATTER)
    dimension_map = [int(d) for d in
                     ir.DenseI64ArrayAttr(scatter.attributes["dimension_map"])]
    window = len(u_shape) - 1
    what = (f"of updates {u_type}, indices {i_type}, original {o_type} and "
            f"dimension_map {dimension_map}")
    if len(i_shape) != 2 or i_shape[0] != u_shape[0] or \
            i_shape[1] != len(dimension_map) or window > len(o_shape) or \
            any(d < 0 or d >= len(o_shape) for d in dimension_map):
        _refuse(what, "updates must be [B, window...], indices [B, D] with "
                "D dimensions of original in dimension_map")
    covered = set(range(len(o_shape) - window, len(o_shape))) | \
        set(dimension_map)
    missing = sorted(set(range(len(o_shape))) - covered)
    if missing:
        _refuse(what, f"dimension {missing[0]} of original is neither "
                "indexed nor in the update window, so the store's subscript "
                "there is undefined")
    body = scatter.regions[0].blocks[0]
    ops = [op.operation for op in body.operations]
    if len(body.arguments) != 2 or not ops or \
            ops[-1].name != "tm_tensor.yield" or len(ops[-1].operands) != 1:
        _refuse("whose combiner is not one block of two arguments yielding "
                "one value")
    reads_current = bool(list(body.arguments[1].uses))
    splat = splat_of(ir, original)
    helper_module = ir.Module.parse(_helper_text(
        (u_type, i_type, o_type), (u_shape, i_shape, o_shape),
        dimension_map, reads_current, splat))
    helper = helper_module.body.operations[0].operation
    entry = helper.regions[0].blocks[0]
    # In walk order: the copy's store, then the scatter's store; the
    # update is the one load of %u (the first op's result), the current
    # value the one memref.load (when the combiner reads it).
    stores = ops_named(entry, "affine.store") + \
        ops_named(entry, "memref.store")
    scatter_store = stores[-1]
    updates_buffer = entry.operations[0].results[0]
    update = [op for op in ops_named(entry, "affine.load")
              if op.operands[0] == updates_buffer][0].results[0]
    for op in ops[:-1]:
        op.move_before(scatter_store)
    body.arguments[0].replace_all_uses_with(update)
    if reads_current:
        current = ops_named(entry, "memref.load")[0].results[0]
        body.arguments[1].replace_all_uses_with(current)
    scatter_store.operands[0] = ops[-1].operands[0]
    splice_helper(ir, scatter, entry, stores, (updates, indices, original))
    scatter.erase()
    if splat is not None and not list(original.uses):
        original.owner.operation.erase()


def lower_scatters(module):
    """Rewrites every tm_tensor.scatter of `module` in place; returns how
    many."""
    return lower_each(module, SCATTER, _lower)
