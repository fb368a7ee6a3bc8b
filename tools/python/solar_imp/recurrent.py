"""torch's recurrent layers (nn.LSTM, nn.GRU, nn.RNN) kept whole through the export.

torch decomposes aten.lstm / aten.gru (CompositeImplicitAutograd) into one
cell per time step and layer: a 6-layer LSTM over 512 steps is 3072 cells,
about 70,000 ops after export, and every meta forward pass of the size
choice, torch.export's own fake propagation and torch-mlir's import walk
them all. solar keeps the time loop a loop instead: while `kept()` is
active, torch.lstm / torch.gru / torch.rnn_tanh / torch.rnn_relu (what
nn.LSTM / nn.GRU / nn.RNN call, the `.input` overloads: a padded sequence,
not a PackedSequence) become one op each, `solar::lstm`, `solar::gru`,
`solar::rnn_tanh`, `solar::rnn_relu`, with aten's schema and a shape-only (fake /
meta) implementation, so a forward pass without data costs one op, not
T * layers cells. The importer lowers the op into a loop over time
(recurrent_lowering.py); the reference run on real tensors never sees it
(torch's own kernels compute the reference).

FlopCounterMode counts the op with torch's own convention for the
decomposed layer: 2 FLOPs per multiply-accumulate of each matrix product,
the input projection of all steps and the recurrent product per step, i.e.
2 * T * B * (the elements of every weight matrix), biases and gates free."""
import contextlib

NAMESPACE = "solar"
# The kept ops (solar::NAME for torch.NAME) -> the tensors in their hx.
_KEPT = {"lstm": 2, "gru": 1, "rnn_tanh": 1, "rnn_relu": 1}
_SCHEMA = ("{name}(Tensor input, {hx} hx, Tensor[] params, bool has_biases, "
           "int num_layers, float dropout, bool train, bool bidirectional, "
           "bool batch_first) -> ({results})")
_library = None


def _shapes(input, hx, params, bidirectional, batch_first):
    """(output shape, [final state shapes]) of one kept op."""
    states = list(hx) if isinstance(hx, (list, tuple)) else [hx]
    directions = 2 if bidirectional else 1
    steps, batch = (input.shape[1], input.shape[0]) if batch_first else \
        (input.shape[0], input.shape[1])
    # The output carries h (the projection's size when LSTM projects).
    hidden = states[0].shape[-1]
    out = (batch, steps, directions * hidden) if batch_first else \
        (steps, batch, directions * hidden)
    return out, [tuple(s.shape) for s in states]


def _define(torch):
    """Registers the kept ops once per process."""
    global _library
    if _library is not None:
        return
    library = torch.library.Library(NAMESPACE, "DEF")
    for name, states in _KEPT.items():
        hx = "Tensor[]" if states > 1 else "Tensor"
        results = ", ".join(["Tensor"] * (1 + states))
        library.define(_SCHEMA.format(name=name, hx=hx, results=results))

        def fake(input, hx, params, has_biases, num_layers, dropout, train,
                 bidirectional, batch_first):
            out, states = _shapes(input, hx, params, bidirectional,
                                  batch_first)
            return (input.new_empty(out),
                    *[input.new_empty(s) for s in states])
        torch.library.register_fake(f"{NAMESPACE}::{name}", fake,
                                    lib=library)
        _register_flops(torch, getattr(getattr(torch.ops, NAMESPACE), name))
    _library = library


def _register_flops(torch, op):
    from torch.utils.flop_counter import register_flop_formula

    def flops(input, hx, params, *args, out_shape=None, **kwargs):
        batch_first = args[-1] if args else False
        steps, batch = (input[1], input[0]) if batch_first else \
            (input[0], input[1])
        matrices = sum(shape[0] * shape[1] for shape in params
                       if len(shape) == 2)
        return 2 * steps * batch * matrices
    register_flop_formula(op)(flops)


@contextlib.contextmanager
def kept(torch):
    """While active, torch's recurrent functions on a padded sequence call the
    kept ops (module docstring)."""
    _define(torch)
    from torch.overrides import TorchFunctionMode
    ops = getattr(torch.ops, NAMESPACE)
    routes = {torch.lstm: ops.lstm, torch.gru: ops.gru,
              torch.rnn_tanh: ops.rnn_tanh, torch.rnn_relu: ops.rnn_relu}

    class Kept(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            route = routes.get(func)
            # The `.input` overload (input, hx, params, has_biases, ...);
            # `.data` (a PackedSequence's data, batch_sizes, hx, params,
            # has_biases, ...) keeps torch's decomposition.
            if route is not None and not kwargs and len(args) == 9 and \
                    isinstance(args[3], bool):
                return route(*args, **kwargs)
            return func(*args, **kwargs)
    with Kept():
        yield
