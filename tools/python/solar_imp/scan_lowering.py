"""tm_tensor.scan (torch.cumsum, torch.cumprod, ...) -> an affine recurrence.

torch-mlir lowers the cumulative ops to its own `tm_tensor.scan`, which has
no linalg form and no MLIR 22 lowering. Its semantics (TMTensor's scalar
implementation), along dimension d with n elements and combiner f(prev,
value) (the region: block argument 0 the previous output, 1 the input):

    inclusive: out[0] = in[0];   out[i] = f(out[i-1], in[i])    (i >= 1)
    exclusive: out[0] = acc[.];  out[i] = f(out[i-1], in[i-1])  (i >= 1)

Each scan becomes, in place, two affine loop nests on buffers bridged to
the surrounding tensors (bufferization.to_buffer / to_tensor, which
one-shot bufferization folds): a copy of the first slice, and the
recurrence over i = 1..n-1 with the region's body inlined. solar's einsum
graph lifts the recurrence as `..N..,..(N-1)..->..N..`: n-1 combiner ops per
scanned row (the first element is a copy, and no implementation needs
fewer), input read once, output written once.

The scan's framework-op name goes onto both stores, so that solar's unfused
fidelity charges the scan as the one kernel eager PyTorch runs."""
import re

from .errors import ImportError_

SCAN = "tm_tensor.scan"
FRAMEWORK_NAME = re.compile(r'loc\("fwop:((?:[^"\\]|\\.)*)"')


def walk(operation):
    for region in operation.regions:
        for block in region.blocks:
            for op in block.operations:
                op = op.operation
                yield op
                yield from walk(op)


def static_shape(ir, value, what, op=SCAN):
    """(its ranked tensor type, its shape) of `value`, operand `what` of a
    TMTensor `op`; an error for a dynamic shape."""
    shaped = ir.RankedTensorType(value.type)
    shape = list(shaped.shape)
    if any(ir.ShapedType.is_dynamic_size(s) for s in shape):
        raise ImportError_(
            f"{op} on a {what} of dynamic shape {value.type}: solar lowers "
            f"{op} with static shapes only (export the program with "
            "fixed sizes)")
    return shaped, shape


def memref_type(shape, element):
    return f"memref<{'x'.join(str(s) for s in shape)}{'x' if shape else ''}" \
        f"{element}>"


def _indices(rank, dim, at):
    """Affine subscript list: loop variable %dK for every dimension but
    `dim`, which gets the expression `at`."""
    return ", ".join(at if k == dim else f"%d{k}" for k in range(rank))


def _nest(shape, dim, scan_from, body):
    """Loop nest over `shape` in dimension order; the scanned dimension runs
    from `scan_from` (None: that dimension has no loop)."""
    lines, depth = [], 0
    for k, size in enumerate(shape):
        if k == dim and scan_from is None:
            continue
        low = scan_from if k == dim else 0
        lines.append("  " * depth + f"affine.for %d{k} = {low} to {size} {{")
        depth += 1
    lines += ["  " * depth + line for line in body]
    for _ in range(depth):
        depth -= 1
        lines.append("  " * depth + "}")
    return lines


def _helper_text(in_type, acc_type, shape, acc_shape, element, dim,
                 inclusive):
    """A function computing the scan on buffers: its arguments stand for the
    scan's input and accumulator init, `%prev`/`%value` for the region's
    block arguments, and the recurrence's store temporarily stores %prev
    (re-pointed at the region's yielded value once the body is moved in)."""
    rank = len(shape)
    mem, acc_mem = memref_type(shape, element), memref_type(acc_shape, element)
    acc_subscript = ", ".join(f"%d{k}" for k in range(rank) if k != dim)
    first = (f"%first = affine.load %x[{_indices(rank, dim, '0')}] : {mem}"
             if inclusive else
             f"%first = affine.load %acc[{acc_subscript}] : {acc_mem}")
    copy = [first,
            f"affine.store %first, %y[{_indices(rank, dim, '0')}] : {mem}"]
    value_at = f"%d{dim}" if inclusive else f"%d{dim} - 1"
    step = [f"%prev = affine.load %y[{_indices(rank, dim, f'%d{dim} - 1')}] "
            f": {mem}",
            f"%value = affine.load %x[{_indices(rank, dim, value_at)}] "
            f": {mem}",
            f"affine.store %prev, %y[{_indices(rank, dim, f'%d{dim}')}] "
            f": {mem}"]
    lines = [f"func.func private @solar_scan(%in: {in_type}, "
             f"%acc_init: {acc_type}) -> {in_type} {{",
             f"%x = bufferization.to_buffer %in : {in_type} to {mem}"]
    if not inclusive:
        lines.append(f"%acc = bufferization.to_buffer %acc_init : {acc_type} "
                     f"to {acc_mem}")
    lines.append(f"%y = memref.alloc() : {mem}")
    lines += _nest(shape, dim, None, copy)
    if shape[dim] > 1:
        lines += _nest(shape, dim, 1, step)
    lines += [f"%out = bufferization.to_tensor %y restrict writable : {mem} "
              f"to {in_type}",
              f"return %out : {in_type}", "}"]
    return "\n".join(lines)


def ops_named(block, name):
    return [op for op in walk_block(block) if op.name == name]


def walk_block(block):
    for op in block.operations:
        op = op.operation
        yield op
        yield from walk(op)


def splice_helper(ir, op, entry, stores, operands):
    """Moves the body of a helper function (its block `entry`, ending in a
    return) in front of `op` (a TMTensor op, a call), the helper's
    arguments replaced by `operands` and op's first results by the
    returned values; `stores` get op's framework-op name, so that solar's unfused
    fidelity charges them as the one kernel eager PyTorch runs."""
    name = FRAMEWORK_NAME.search(str(op.location))
    if name:
        for store in stores:
            store.attributes["solar.framework_op"] = ir.StringAttr.get(
                name.group(1))
    helper_ops = [o.operation for o in entry.operations]
    for o in helper_ops[:-1]:
        o.move_before(op)
    for argument, operand in zip(list(entry.arguments), operands):
        argument.replace_all_uses_with(operand)
    for old, new in zip(op.results, helper_ops[-1].operands):
        old.replace_all_uses_with(new)
    helper_ops[-1].erase()


def _lower(ir, scan):
    dim = ir.IntegerAttr(scan.attributes["dimension"]).value
    inclusive = ir.BoolAttr(scan.attributes["inclusive"]).value
    if len(scan.operands) != 3 or len(scan.results) != 2:
        raise ImportError_(f"{SCAN} with {len(scan.operands)} operands and "
                           f"{len(scan.results)} results: solar lowers the "
                           "one-input form (input, output, accumulator)")
    source, _, acc_init = scan.operands
    in_type, shape = static_shape(ir, source, "input")
    acc_type, acc_shape = static_shape(ir, acc_init, "accumulator")
    if list(scan.results[1].uses):
        raise ImportError_(
            f"{SCAN}: its accumulator result (the last scanned value) is "
            "used; solar lowers scans whose output alone is used")
    body = scan.regions[0].blocks[0]
    ops = [op.operation for op in body.operations]
    if len(body.arguments) != 2 or not ops or \
            ops[-1].name != "tm_tensor.yield" or len(ops[-1].operands) != 1:
        raise ImportError_(f"{SCAN} whose combiner is not one block of two "
                           "arguments yielding one value")
    element = str(in_type.element_type)
    helper_module = ir.Module.parse(_helper_text(
        in_type, acc_type, shape, acc_shape, element, dim, inclusive))
    helper = helper_module.body.operations[0].operation
    entry = helper.regions[0].blocks[0]
    # In walk order: the copy's load and store, then the recurrence's
    # loads of %prev and %value and its store (absent when n = 1), which
    # takes the combined value.
    loads = ops_named(entry, "affine.load")
    stores = ops_named(entry, "affine.store")
    step_store = stores[1] if len(stores) > 1 else None
    if step_store is not None:
        prev, value = loads[1].results[0], loads[2].results[0]
        for op in ops[:-1]:
            op.move_before(step_store)
        body.arguments[0].replace_all_uses_with(prev)
        body.arguments[1].replace_all_uses_with(value)
        step_store.operands[0] = ops[-1].operands[0]
    splice_helper(ir, scan, entry, stores, (source, acc_init))
    initial = [scan.operands[1], acc_init]
    scan.erase()
    for value in initial:
        erase_if_dead(ir, value)


# What the exporter builds a scan's output and accumulator inits from; left
# without users they would still bufferize into filled temporaries, work
# and traffic the program does not do.
_PURE_INIT = ("linalg.fill", "tensor.empty")


def erase_if_dead(ir, value):
    if not isinstance(value, ir.OpResult):
        return
    op = value.owner.operation
    if op.name not in _PURE_INIT or any(list(r.uses) for r in op.results):
        return
    operands = list(op.operands)
    op.erase()
    for operand in operands:
        erase_if_dead(ir, operand)


def lower_each(module, name, lower):
    """Rewrites every op called `name` of `module` (torch-mlir's bindings,
    called inside its context) in place with lower(ir, op); returns how
    many."""
    from torch_mlir import ir
    ops = [op for op in walk(module.operation) if op.name == name]
    for op in ops:
        lower(ir, op)
    return len(ops)


def lower_scans(module):
    """Rewrites every tm_tensor.scan of `module` in place; returns how
    many."""
    return lower_each(module, SCAN, _lower)
