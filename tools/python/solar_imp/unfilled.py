"""Building a program with real tensors whose values nobody reads.

A program that builds neither on the meta device nor with fake tensors
(its __init__ reads a tensor's value: Swin V2's `x.item() for x in
torch.linspace(...)`) is built with real tensors on the CPU for the size
choice's every candidate, for the full-size FLOP count and for its exports,
though none of them reads a parameter's value: the size choice moves the
model to the meta device, and an export takes every parameter and buffer
as an argument. Filling the weights (nn.init's uniform_, trunc_normal_'s
erfinv_ and clamp_ after it) is most of such a build (Swin V2: 0.2-0.5
CPU s each, 11 builds per import).

`build(make, state)` runs `make()` under a dispatch mode that leaves the
memory of every random fill as it was allocated (unfilled), and every
in-place pointwise op, copy_, fill_ or zero_ that writes an unfilled
tensor or reads one into another; an unfilled tensor's storage is
tracked, and so is every tensor an op computes from one. Exact, or the
build is redone with every op run:

  * an op that would bring an unfilled value into Python (`.item()`,
    `bool(t)`, an output that is no tensor, an output shape that depends
    on the data, `.tolist()` or `.numpy()`) stops the build;
  * after the build, every unfilled storage still alive must be that of
    a parameter or buffer of the model `state(result)` names (after the
    plain tensor attributes are lifted to buffers): those are moved to the
    meta device or passed as arguments, never copied into the IR; an
    unfilled tensor kept anywhere else (a list of tensors, a constant
    forward() reads) stops it too;
  * any exception in the build redoes it with every op run, so a failure
    is the program's own, as a full build reports it.

torch's random generator is reseeded before get_inputs() (torch_export's
_build_here), so the inputs are the same; random draws after a skipped
one in __init__ give other values, but those tensors are unfilled too."""
import contextlib

# In-place ops that leave the shape of what they write as it is: they are
# skipped (their target unfilled) when they write or read an unfilled
# tensor or draw random numbers.
_SHAPE_KEEPING = frozenset(("copy_", "fill_", "zero_"))


class _NeedsData(Exception):
    """The build brought an unfilled value into Python."""


def _tensors(torch, tree):
    from torch.utils._pytree import tree_leaves
    return [t for t in tree_leaves(tree) if isinstance(t, torch.Tensor)]


def _check_as_run(torch, func, args, kwargs, seeded):
    """Raises what running the skipped in-place op `func` would raise: its
    shapes and dtypes checked on meta copies of its tensors, and a random
    fill's scalar arguments (uniform_'s from < to, normal_'s std >= 0) on
    a real 0-d tensor of the same dtype (a random fill skipped here has no
    other tensor operand); its draws are as unfilled as the rest."""
    from torch.utils._pytree import tree_map

    def on_meta(value):
        if isinstance(value, torch.Tensor):
            return torch.empty_strided(value.shape, value.stride(),
                                       dtype=value.dtype, device="meta")
        return value
    func(*tree_map(on_meta, args), **tree_map(on_meta, kwargs))
    if seeded:
        func(args[0].new_empty(()), *args[1:], **kwargs)


def _mode(torch, unfilled):
    """A dispatch mode that keeps `unfilled` (StorageWeakRef -> None) the
    set of storages whose values are not those a full build makes."""
    from torch.multiprocessing.reductions import StorageWeakRef
    from torch.utils._python_dispatch import TorchDispatchMode
    seeded, pointwise = torch.Tag.nondeterministic_seeded, torch.Tag.pointwise
    inplace, inplace_view = torch.Tag.inplace, torch.Tag.inplace_view
    data_shaped = (torch.Tag.dynamic_output_shape,
                   torch.Tag.data_dependent_output)

    def key(tensor):
        try:
            return StorageWeakRef(tensor.untyped_storage())
        except (RuntimeError, NotImplementedError):
            return None  # no storage (a sparse tensor): never unfilled

    def is_unfilled(tensor):
        k = key(tensor)
        return k is not None and k in unfilled

    def mark(tensor):
        k = key(tensor)
        if k is None:
            raise _NeedsData()
        unfilled[k] = None

    class Unfilled(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            tags = func.tags
            inputs = _tensors(torch, (args, kwargs))
            if seeded not in tags and \
                    not any(is_unfilled(t) for t in inputs):
                return func(*args, **kwargs)
            if func is torch.ops.aten._local_scalar_dense.default or \
                    any(tag in tags for tag in data_shaped):
                raise _NeedsData(str(func))
            name = func.overloadpacket.__name__
            if inplace in tags and inplace_view not in tags and \
                    (seeded in tags and len(inputs) == 1 or
                     pointwise in tags or name in _SHAPE_KEEPING) and \
                    args and isinstance(args[0], torch.Tensor):
                _check_as_run(torch, func, args, kwargs, seeded in tags)
                mark(args[0])
                return args[0]
            out = func(*args, **kwargs)
            schema = func._schema
            written = [args[i] if i < len(args) else kwargs.get(a.name)
                       for i, a in enumerate(schema.arguments)
                       if a.alias_info is not None and a.alias_info.is_write]
            for tensor in _tensors(torch, written):
                mark(tensor)
            leaves = out if isinstance(out, (tuple, list)) else (out,)
            for leaf in leaves:
                if not isinstance(leaf, torch.Tensor) and leaf is not None:
                    raise _NeedsData()
            for tensor in _tensors(torch, out):
                mark(tensor)
            return out

    return Unfilled(), is_unfilled


def _reads_python(torch, is_unfilled):
    """A function mode stopping the build when an unfilled tensor's data is
    read without a dispatched op (`.tolist()`, `.numpy()`)."""
    from torch.overrides import TorchFunctionMode
    readers = {torch.Tensor.tolist, torch.Tensor.numpy,
               torch.Tensor.__array__, torch.Tensor.data_ptr,
               torch.Tensor.__dlpack__}

    class Readers(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func in readers and \
                    any(is_unfilled(t) for t in _tensors(torch, args)):
                raise _NeedsData()
            return func(*args, **kwargs)
    return Readers()


def build(torch, make, state):
    """`make()`'s result with the random fills of its build skipped when
    that is exact (above), else `make()` run again with every op run.
    `state(result)`: the tensors allowed to stay unfilled (the model's
    parameters and buffers)."""
    from torch.multiprocessing.reductions import StorageWeakRef
    unfilled = {}
    mode, is_unfilled = _mode(torch, unfilled)
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(_reads_python(torch, is_unfilled))
            stack.enter_context(mode)
            result = make()
        kept = {StorageWeakRef(t.untyped_storage())
                for t in state(result)}
        if all(k.expired() or k in kept for k in unfilled):
            return result
    except Exception:  # the full build says what the program does
        pass
    return make()
