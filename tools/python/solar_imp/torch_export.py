"""PyTorch -> linalg on tensors with torch-mlir's FX importer.

The model is wrapped so that every parameter and buffer is a forward()
argument after the inputs, in the reference runner's order
(model.named_parameters(), then model.named_buffers()); the exported
function then has exactly the manifest's inputs and parameters as
arguments, and no weights baked in as constants."""
import contextlib
import re

from solar_ref import torch_runner
from solar_ref import train as train_module
from solar_ref.arrays import python_scalar
from solar_ref.common import as_list
from solar_ref.errors import ProgramError_, ReferenceError_
from solar_ref.program import call_user

from .errors import ImportError_
from . import framework_ops
from . import repeats
from . import recurrent
from . import recurrent_lowering
from . import scan_lowering
from . import scatter_lowering
from . import unfilled
from .mlir_text import check_foreign_ops


def _versions():
    import importlib.metadata as md
    import torch
    try:
        tm = md.version("torch-mlir")
    except md.PackageNotFoundError:
        tm = "?"
    return f"torch {torch.__version__}, torch-mlir {tm}"


def describe():
    return _versions()


def _import_torch_mlir():
    try:
        from torch_mlir import fx
        from torch_mlir.compiler_utils import OutputType
    except Exception as exc:
        raise ImportError_(f"cannot import torch_mlir (PyPI torch-mlir, pinned "
                           f"in requirements.txt): {exc}") from None
    return fx, OutputType


def _build(program, args, meta=False):
    """(torch, model, inputs); with `meta`, every tensor is on the meta
    device: shapes and dtypes only, nothing allocated, so a program can be
    exported at full size whatever its tensors weigh."""
    torch = torch_runner.import_torch()
    if meta or train_module.spec_of(args) is not None:
        with _on_device(torch, meta):
            return _build_here(torch, program, args)
    # Real tensors, whose values no caller reads (a training step's make_fx
    # runs on them): the random fills are skipped where that is exact.
    return unfilled.build(torch, lambda: _build_here(torch, program, args),
                          _argument_tensors)


def _argument_tensors(built):
    """The tensors of a build (_build_here's result) that leave it only as
    arguments of the exported function or moved to the meta device: the
    inputs, parameters and buffers (lifted attributes included)."""
    torch, model, inputs = built
    return [*(v for v in inputs if isinstance(v, torch.Tensor)),
            *model.parameters(), *model.buffers()]


def _build_abstract(program, args):
    """_build(meta=True); for a program that does not build on the meta
    device (its __init__ reads a tensor's value: Swin's `x.item() for x in
    torch.linspace(...)`), built with real tensors on the CPU and then
    moved to the meta device, inputs included: the parameters are
    allocated once, the forward pass runs on shapes only."""
    return _build_abstract_how(program, args)[:3]


def _build_abstract_how(program, args):
    """_build_abstract's (torch, model, inputs, moved): `moved` when the
    program was built with real tensors and moved to the meta device (the
    export's "cpu" way, export())."""
    try:
        return (*_build(program, args, meta=True), False)
    except (ImportError_, ProgramError_) as exc:
        first = exc
    try:
        torch, model, inputs = _build(program, args)
    except (ImportError_, ProgramError_):
        raise first from None
    meta = torch.device("meta")
    model = model.to(meta)
    inputs = [v.to(meta) if isinstance(v, torch.Tensor) else v
              for v in inputs]
    return torch, model, inputs, True


def _on_device(torch, meta):
    """The default device of tensors created while it is active: `meta` for
    the full-size export, so that tensors the forward pass itself creates
    (a torch.ones mask) sit on the same device as its inputs."""
    return torch.device("meta") if meta else contextlib.nullcontext()


def _build_here(torch, program, args):
    module = program.module
    try:
        model_class = getattr(module, "Model")
        get_inputs = getattr(module, "get_inputs")
    except AttributeError as exc:
        raise ImportError_(f"{program.path}: {exc} ({torch_runner.CONVENTION})") \
            from None
    get_init_inputs = getattr(module, "get_init_inputs", lambda: [])
    try:
        torch_runner.seed_all(torch, args.seed)
        init = as_list(call_user(program, "get_init_inputs()", get_init_inputs),
                       "get_init_inputs()")
        torch_runner.seed_all(torch, args.seed)
        model = call_user(program, "Model(*get_init_inputs())", model_class,
                          *init)
        model.eval()
        model.solar_lifted = torch_runner.lift_tensor_attributes(torch, model)
        torch_runner.seed_all(torch, args.seed)
        inputs = as_list(call_user(program, "get_inputs()", get_inputs),
                         "get_inputs()")
    except ProgramError_:
        raise
    except ReferenceError_ as exc:
        raise ImportError_(str(exc)) from None
    for i, value in enumerate(inputs):
        if not isinstance(value, torch.Tensor) and \
                python_scalar(value) is None:
            raise ImportError_(
                f"get_inputs() item {i} is a {type(value).__name__}: the "
                "torch exporter takes tensors and Python numbers")
    return torch, model, inputs


class _Functional:
    """forward(*tensor inputs, *state) -> model(*inputs) with `state` swapped
    in and the Python numbers of get_inputs() put back at their places as
    constants (baked into the program; the manifest records them as
    baked_scalars, not as arguments). A lifted attribute (a state forward()
    may update in place, `self.hidden.copy_(h0)`) is swapped in as a copy:
    the update stays inside the function, which torch.export cannot export
    as a mutation of its argument, and which the forward pass's outputs
    are all the reference compares."""

    def __init__(self, torch, model, names, inputs):
        self.torch, self.model, self.names = torch, model, names
        self.inputs = inputs
        self.copied = set(getattr(model, "solar_lifted", ()))
        self.count = sum(isinstance(v, torch.Tensor) for v in inputs)

    def module(self):
        torch = self.torch
        outer = self

        class Functional(torch.nn.Module):
            def forward(self, *args):
                state = {name: value.clone() if name in outer.copied
                         else value for name, value in
                         zip(outer.names, args[outer.count:])}
                tensors = iter(args[:outer.count])
                full = tuple(next(tensors) if isinstance(v, torch.Tensor)
                             else v for v in outer.inputs)
                return torch.func.functional_call(outer.model, state, full)
        return Functional()


class _StepRefused(ImportError_):
    """A training step no way of building the program would export: the
    import fails with it at once."""


def _refuse_random(torch, graph):
    """A step that still draws random numbers (an op torch tags
    nondeterministic_seeded) cannot be verified: the lowered program has no
    copy of torch's generator. Train-mode F.dropout (nn.Dropout) takes its
    mask as an argument of the step instead (solar_ref/train.py); any other
    draw (alpha or channel dropout, torch.rand in forward()) is refused
    here (docs/sol-model.md, "Training steps", on dropout masks)."""
    for node in graph.nodes:
        tags = getattr(node.target, "tags", ())
        if node.op == "call_function" and \
                torch.Tag.nondeterministic_seeded in tags:
            phase = (node.meta.get("custom") or {}).get("phase", "the step")
            raise _StepRefused(
                f"--train: the {phase} pass draws random numbers "
                f"({node.target}): the lowered step cannot reproduce "
                "torch's generator, so it cannot be verified; a step takes "
                "the masks of torch.nn.functional.dropout (nn.Dropout) as "
                "arguments, no other random draw (docs/sol-model.md, "
                "\"Training steps\")")


def _train_step(torch, program, model, inputs, spec, meta):
    """(module, arguments, framework-op tags) of one training step of
    `model` (solar_ref/train.py): the step traced by make_fx into aten ops,
    forward, autograd's backward and the optimizer update in one graph
    (AOTAutograd's joint graph, functional), wrapped as a module for
    torch.export. Each node's tag (framework_ops.train_tags) carries the
    phase the step's annotations gave it while it was traced."""
    import torch.fx.traceback as fx_traceback
    from torch.fx.experimental.proxy_tensor import make_fx
    model.train()
    with torch.no_grad(), _on_device(torch, meta):
        output, dropouts = train_module.dropout_sites(
            torch, lambda: model(*inputs))
        if not isinstance(output, torch.Tensor):
            raise ImportError_("--train: forward() must return one tensor, "
                               f"got {type(output).__name__}")
        target = train_module.make_target(torch, program, call_user, output,
                                          spec, 0, values=False)
        masks = train_module.make_masks(torch, dropouts, 0, output,
                                        values=False)
    step = train_module.Step(torch, model, spec, inputs, target is not None,
                             dropouts)
    params = [p.detach() for _, p in model.named_parameters()]
    buffers = [b.detach() for _, b in model.named_buffers()]
    moments = step.initial_moments(params)
    arguments = (*[v for v in inputs if isinstance(v, torch.Tensor)],
                 *([target] if target is not None else []), *masks,
                 *params, *buffers, *moments)
    with fx_traceback.preserve_node_meta(), _on_device(torch, meta):
        graph = make_fx(step)(*arguments)
    _refuse_random(torch, graph.graph)
    tags = framework_ops.train_tags(graph.graph)

    class TrainStep(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.graph = graph

        def forward(self, *args):
            return self.graph(*args)
    return TrainStep(), arguments, tags


def _shape_class(shape):
    """A shape as the IR's structure sees it: its rank and which dims are
    0, 1 or >= 2 (a dim of 1 is folded away, changing the einsum graph)."""
    return tuple(min(int(d), 2) for d in shape)


# Reshapes: their dims' grouping (which input dims make which output dims)
# is the reassociation of the IR's collapse/expand_shape.
_RESHAPES = ("aten.view", "aten._unsafe_view", "aten.reshape")


def _grouping(before, after):
    """How a reshape groups dims: [(input dims, output dims)] of the
    shortest runs with equal products (64x258x258 -> 8x532512 is one run of
    3 -> 2, 8x34x34 -> 8x1156 two: 1 -> 1 and 2 -> 1)."""
    groups, i, j = [], 0, 0
    while i < len(before) or j < len(after):
        start_i, start_j = i, j
        a = b = 1
        while True:
            if a <= b and i < len(before):
                a *= before[i]
                i += 1
            elif j < len(after):
                b *= after[j]
                j += 1
            else:
                break
            if a == b and i > start_i and j > start_j:
                break
        groups.append((i - start_i, j - start_j))
    return tuple(groups)


class _SignatureDiffers(Exception):
    """The forward pass left the expected signature: no need to run on."""


def _signature_mode(torch, signature, expected=None, dataless=None):
    """A dispatch mode appending (op, output shape classes[, reshape
    grouping]) of every op the forward pass runs to `signature`, with
    torch-mlir's decompositions applied first (group_norm is then the
    reshape to (N, G, C/G*H*W) and the reductions the IR has). With
    `expected`, it raises _SignatureDiffers at the first entry that cannot
    match it (repeats.Follower: a shorter sequence may leave a repeated
    block early): a candidate size is refused after a few ops instead of a
    whole forward pass (an unrolled 512-step LSTM runs 98,000 ops). With
    `dataless` (a list), it appends the op that first takes a tensor the
    forward pass made from Python data on the meta device (`aten.lift_fresh`
    of a meta tensor: `torch.tensor(c)` with meta the default device), the
    constant torch-mlir cannot copy into the IR (export())."""
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_leaves
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    table = get_decomposition_table()
    follower = repeats.Follower(expected) if expected is not None else None
    made = {}  # id -> the meta tensors lift_fresh made (kept alive)

    class ShapeSignature(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            decomposition = table.get(func)
            if decomposition is not None:
                with self:
                    out = decomposition(*args, **kwargs)
                if out is not NotImplemented:
                    return out
            out = func(*args, **kwargs)
            if dataless is not None:
                _note_dataless(torch, func, args, kwargs, out, made,
                               dataless)
            entry = (str(func), tuple(
                _shape_class(t.shape) for t in tree_leaves(out)
                if isinstance(t, torch.Tensor)))
            if str(func).startswith(_RESHAPES) and \
                    isinstance(args[0], torch.Tensor):
                entry += (_grouping(list(args[0].shape), list(out.shape)),)
            signature.append(entry)
            if follower is not None and \
                    not follower.accepts(entry, len(signature) - 1):
                raise _SignatureDiffers()
            return out
    return ShapeSignature()


def _note_dataless(torch, func, args, kwargs, out, made, dataless):
    """_signature_mode's watch for a constant without data: records the
    meta tensors `aten.lift_fresh` returns (a tensor made from Python data
    on the meta device) and appends to `dataless` the first op taking one
    as an operand."""
    from torch.utils._pytree import tree_leaves
    if dataless:
        return
    if func is torch.ops.aten.lift_fresh.default:
        if isinstance(out, torch.Tensor) and out.is_meta:
            made[id(out)] = out
        return
    if made and any(isinstance(t, torch.Tensor) and made.get(id(t)) is t
                    for t in tree_leaves((args, kwargs))):
        dataless.append(str(func))


def _exact_shapes(torch, model, inputs):
    """(input shapes, parameter and buffer shapes), exact."""
    return (tuple(tuple(t.shape) for t in inputs
                  if isinstance(t, torch.Tensor)),
            tuple(tuple(t.shape) for t in
                  (*model.parameters(), *model.buffers())))


# The memo entry (memo.py) saying at which sizes the forward pass, built
# as the export's "meta" or "cpu" way builds it, takes a constant without
# data: {(sizes, way): the first op taking one}.
DATALESS = "torch-constant-without-data"


def cost(program, args, expect=None, memo=None):
    """(flops, elements, shape signature, exact shapes) of one forward
    pass, on the meta device: matmul and convolution FLOPs as torch's
    FlopCounterMode counts them, plus every input, parameter and output
    element (the elementwise work); the signature is the shape classes of
    the inputs and of every op's outputs (sizes.py keeps only sizes that do
    not change it), the exact shapes those of the inputs and of the
    parameters and buffers. With `expect` (sizes.Expect) the forward pass
    stops where the signature leaves `expect.signature`, and does not run
    when the parameter and buffer shapes differ from `expect.state`: the
    figures are then infinite and the signature the part that ran.
    With `memo` (memo.py), a forward pass that takes a tensor it made
    from Python data, which on the meta device has none, is remembered
    (DATALESS) with the sizes and the way the program was built (on the
    meta device, or with real tensors moved there when its __init__ reads
    a tensor's value): the export's way that builds it so would fail at
    torch-mlir's import, and export() passes it over."""
    torch, model, inputs, moved = _build_abstract_how(program, args)
    dataless = [] if memo is not None else None
    from torch.utils.flop_counter import FlopCounterMode
    shapes = _exact_shapes(torch, model, inputs)
    signature = [("inputs", tuple(_shape_class(t.shape) for t in inputs
                                  if isinstance(t, torch.Tensor)))]
    expected = expect.signature if expect is not None else None
    refused = (float("inf"), float("inf"), signature, shapes)
    if expected is not None and signature[0] != expected[0] or \
            expect is not None and expect.state is not None and \
            shapes[1] != expect.state:
        return refused
    try:
        with torch.no_grad(), _on_device(torch, True), \
                recurrent.kept(torch), \
                FlopCounterMode(display=False) as counter, \
                _signature_mode(torch, signature, expected, dataless):
            out = model(*inputs)
    except _SignatureDiffers:
        _remember_dataless(memo, program, moved, dataless)
        return refused
    except Exception as exc:
        from solar_ref.errors import describe_exception
        raise ReferenceError_(
            f"Model.forward() on meta tensors raised "
            f"{describe_exception(exc, program.path)}") from None
    _remember_dataless(memo, program, moved, dataless)
    outputs = torch_runner.flatten_outputs(torch, out)
    elements = sum(t.numel() for t in inputs
                   if isinstance(t, torch.Tensor)) + \
        sum(t.numel() for t in model.parameters()) + \
        sum(t.numel() for t in model.buffers()) + \
        sum(t.numel() for t in outputs)
    return float(counter.get_total_flops()), float(elements), signature, \
        shapes


def _dataless_key(program, how):
    """The sizes `program` runs at and the export's way ("meta", "cpu")
    that builds it as cost() did, as a key of DATALESS's entries."""
    return (tuple(sorted((name, repr(value))
                         for name, value in program.sizes_used.items())),
            how)


def _remember_dataless(memo, program, moved, dataless):
    """Notes in `memo` (DATALESS, per the sizes the forward pass ran at and
    the way it was built) the op that took a constant without data, if one
    did."""
    if dataless:
        memo.entries.setdefault(DATALESS, {}).setdefault(
            _dataless_key(program, "cpu" if moved else "meta"),
            dataless[0])


def _dataless_at(memo, program, how):
    """The op DATALESS noted for `program` built the way `how`, or None."""
    if memo is None:
        return None
    return memo.entries.get(DATALESS, {}).get(_dataless_key(program, how))


def _passed_over(dataless):
    """The failure (export()'s) of a way passed over because the size
    choice saw the op `dataless` take a constant without data."""
    return (NotImplementedError(
        "Cannot copy out of meta tensor; no data! (a tensor forward() "
        f"makes from Python data, taken by {dataless} in the size choice's "
        "forward pass on the meta device)"), [], True)


def flop_counter(program, args):
    """FlopCounterMode's count of one forward pass at the program's sizes,
    without data, built as cost() builds it (_build_abstract): the
    reference's own count is at the verification sizes. None, with the
    reason said, when the forward pass cannot run without data: the figure
    is then missing rather than taken at other sizes."""
    from solar_ref import flop_count
    try:
        torch, model, inputs = _build_abstract(program, args)

        def forward():
            with torch.no_grad(), _on_device(torch, True), \
                    recurrent.kept(torch):
                return model(*inputs)
        _, counts = flop_count.counted(torch, forward)
    except Exception as exc:  # the import itself does not depend on it
        from .cli import say
        first = (str(exc).strip().splitlines() or [""])[0]
        say(f"FlopCounterMode could not count the full-size forward pass "
            f"without data ({type(exc).__name__}: {first}): no "
            "flop_counter figure")
        return None
    counts["sizes"] = "full"
    return counts


# torch-mlir's conversion failures name the op in a diagnostic it prints,
# not in the exception it raises: an op it kept as `torch.operator`
# (`name = "torch.aten.cummax"`) or one it could not legalize.
_OPERATOR = re.compile(r'name = "(torch\.[\w.]+)"')
_ILLEGAL = re.compile(r"failed to legalize operation '([\w.]+)'")


def unlowered_ops(diagnostics):
    """Names of the ops torch-mlir's diagnostics say it could not lower, in
    order of appearance."""
    names = []
    for text in diagnostics:
        found = _OPERATOR.findall(text) or _ILLEGAL.findall(text)
        names += [name for name in found if name not in names]
    return names


def _importer_with_diagnostics():
    """(an FxImporter on a fresh context, the list its error diagnostics are
    appended to); they are still printed as usual."""
    from torch_mlir import ir
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras.fx_importer import FxImporter
    context = ir.Context()
    torch_d.register_dialect(context)
    diagnostics = []

    def collect(diagnostic):
        if diagnostic.severity == ir.DiagnosticSeverity.ERROR:
            diagnostics.append(str(diagnostic.message))
        return False
    context.attach_diagnostic_handler(collect)
    return FxImporter(context=context), diagnostics


def _code_when_run():
    """While active, the graph modules torch's tracing makes generate and
    compile their Python code when first run or read, not at each of the
    export's passes (torch's lazy graph modules, as torch.compile uses
    them): DenseNet-201's export and decomposition compiled 17 codes of
    2.3 MB in all, now 7 of 0.8 MB. Nodes, and so the linalg, are the
    same."""
    from torch.fx._lazy_graph_module import _use_lazy_graph_module
    return _use_lazy_graph_module(True)


@contextlib.contextmanager
def _unguarded_retrace(exported):
    """While active, `exported.module()` (which run_decompositions retraces)
    is built without its input guards (check_guards=False): torch builds
    them as one assertion per input dim, each text rewritten once per
    input, a cost quadratic in the number of arguments (ResNet-101's 628
    parameters: about 0.9 CPU s of every decomposition). The retrace is
    on the shapes the export was traced at, all static, so each guard
    would hold and leave no node in the graph: the decomposed program is
    the same (docs/performance.md, "The Python side of level 3")."""
    import functools
    exported.module = functools.partial(type(exported).module, exported,
                                        check_guards=False)
    try:
        yield
    finally:
        del exported.module


def _decomposed_on_cpu(torch, exported):
    """torch-mlir's decompositions of `exported` (what export_and_import
    would run), with every `device=meta` of an op creating a tensor (the
    aranges triu/tril decompose into, torch.ones, scalar_tensor) made
    `cpu`: torch-mlir folds and lowers those only on a real device, and the
    device plays no part in the linalg it makes."""
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    with _unguarded_retrace(exported):
        exported = exported.run_decompositions(get_decomposition_table())
    meta, cpu = torch.device("meta"), torch.device("cpu")
    for node in exported.graph_module.graph.nodes:
        if node.kwargs.get("device") == meta:
            node.kwargs = {**node.kwargs, "device": cpu}
    return exported


def _refuse_constants_without_data(exported):
    """Raises torch-mlir's own NotImplementedError, naming the constant,
    when a tensor constant the exported graph uses is on the meta device:
    torch-mlir's import copies each used constant's data into the IR and
    fails there ("Cannot copy out of meta tensor"), after the whole
    decomposition (Swin V2: about 5 CPU s). Decompositions rewrite ops, not
    their constant operands, so the failure is certain here already; the
    export then takes its next way (export())."""
    from torch.export.graph_signature import InputKind
    users = {node.name: len(node.users)
             for node in exported.graph_module.graph.nodes
             if node.op == "placeholder"}
    for spec in exported.graph_signature.input_specs:
        value = exported.constants.get(spec.target) \
            if spec.kind == InputKind.CONSTANT_TENSOR else None
        if getattr(value, "is_meta", False) and \
                users.get(getattr(spec.arg, "name", None)):
            raise NotImplementedError(
                "Cannot copy out of meta tensor; no data! (the constant "
                f"{spec.target} of the exported graph, before decomposition)")


def _to_linalg(fx, OutputType, exported, function, importer):
    """torch-mlir's linalg-on-tensors module of `exported`. Kept
    recurrent ops (recurrent.py) go through torch-mlir as calls of private
    functions (recurrent_lowering.to_calls) and come out as loops over
    time; torch-mlir's own last step, the check of its linalg backend
    contract, refuses calls and is left out then (solar checks the spliced
    module for foreign ops: mlir_text.check_foreign_ops)."""
    if not recurrent_lowering.kept_in(exported):
        return fx.export_and_import(
            exported, output_type=OutputType.LINALG_ON_TENSORS,
            func_name=function, fx_importer=importer,
            decomposition_table={})
    module = fx.export_and_import(
        exported, output_type=OutputType.RAW, func_name=function,
        fx_importer=importer, decomposition_table={})
    with module.context:
        configs = recurrent_lowering.to_calls(module)
        recurrent_lowering.lower_to_linalg(fx, OutputType, module)
        recurrent_lowering.lower_calls(module, configs)
    return module


def _build_fake(program, args):
    """_build with every tensor a fake tensor on the CPU (torch's
    FakeTensorMode: shapes, dtypes and devices, nothing allocated)."""
    torch = torch_runner.import_torch()
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode(allow_non_fake_inputs=True):
        return _build_here(torch, program, args)


def _trace(program, args, fx, OutputType, how):
    """torch-mlir's module of the program built as `how` says: "meta", on
    the meta device, which is also the default device of the tensors
    forward() creates; "fake", as fake tensors on the CPU; "cpu", with real
    tensors on the CPU and then moved to the meta device (_build_abstract:
    only for a program that builds no other way); "real", with real tensors
    on the CPU, also the default device (torch.export traces them as fake
    tensors: nothing runs on their data). (module, None) or (None,
    (exception, diagnostics, built)), a failure to build included (built:
    False)."""
    meta = how not in ("fake", "real")
    try:
        torch, model, inputs = _build(program, args, meta=True) \
            if how == "meta" else _build_fake(program, args) \
            if how == "fake" else _build(program, args) \
            if how == "real" else _build_abstract(program, args)
    except (ImportError_, ProgramError_) as exc:
        return None, (exc, [], False)
    state = list(model.named_parameters()) + list(model.named_buffers())
    names = [name for name, _ in state]
    tensors = [t.detach() for _, t in state]
    wrapper = _Functional(torch, model, names, inputs).module()
    tensor_inputs = [v for v in inputs if isinstance(v, torch.Tensor)]
    importer, diagnostics = _importer_with_diagnostics()
    try:
        spec, tags = train_module.spec_of(args), None
        if spec is not None:
            wrapper, arguments, tags = _train_step(
                torch, program, model, inputs, spec, meta)
        else:
            state = list(model.named_parameters()) + \
                list(model.named_buffers())
            names = [name for name, _ in state]
            wrapper = _Functional(torch, model, names, inputs).module()
            arguments = (*[v for v in inputs if isinstance(v, torch.Tensor)],
                         *[t.detach() for _, t in state])
        # A training step differentiates through torch's recurrent
        # layers, which the kept ops do not.
        kept = recurrent.kept(torch) if spec is None else \
            contextlib.nullcontext()
        with torch.no_grad(), framework_ops.torch_node_names(tags), \
                _code_when_run():
            with _on_device(torch, meta), kept:
                exported = torch.export.export(wrapper, arguments,
                                               strict=False)
            _refuse_constants_without_data(exported)
            exported = _decomposed_on_cpu(torch, exported)
            return _to_linalg(fx, OutputType, exported, args.function,
                              importer), None
    except (_StepRefused, recurrent_lowering.Refused):
        raise
    except Exception as exc:
        return None, (exc, diagnostics, True)


def framework_op_order(program, args):
    """The framework ops (TARGET:NODE) of the program in graph order, as the
    importer names them (framework_ops.torch_node_names: the root of each
    decomposed node's provenance), each once; the program built on the
    meta device. What a torch.compile trace's kernels are matched to
    (solar_ref/profile.py)."""
    torch, model, inputs = _build(program, args, meta=True)
    state = list(model.named_parameters()) + list(model.named_buffers())
    names = [name for name, _ in state]
    wrapper = _Functional(torch, model, names, inputs).module()
    arguments = (*[v for v in inputs if isinstance(v, torch.Tensor)],
                 *[t.detach() for _, t in state])
    with torch.no_grad(), _on_device(torch, True), recurrent.kept(torch):
        exported = torch.export.export(wrapper, arguments, strict=False)
    exported = _decomposed_on_cpu(torch, exported)
    order = []
    for node in exported.graph_module.graph.nodes:
        if node.op != "call_function":
            continue
        target, name = framework_ops._torch_origin(node)
        op = f"{target}:{name}"
        if op not in order:
            order.append(op)
    return order


# The ways to build a program for its export, in order, each with the
# words naming it in the log.
_BUILDS = (("meta", "on the meta device"),
           ("fake", "with fake tensors on the CPU"),
           ("cpu", "with real tensors on the CPU moved to the meta device"),
           ("real", "with real tensors on the CPU"))


# The memo entry (memo.py) naming the way of _BUILDS the import's last
# export took.
_WAY = "torch-export-way"


def export(program, args, meta=False, suffix="", memo=None):
    """The program at its sizes as linalg on tensors, always exported
    without data (`meta` is the JAX exporter's choice): every tensor on the
    meta device, so that both sizes of a two-size import decompose alike
    (torch decomposes some ops by device: group_norm's CPU kernel through
    as_strided, its meta one without) and a full-size export allocates
    nothing. First on the meta device, also the default device (a mask
    forward() creates, torch.ones(S, S), sits with its inputs); when that
    fails, as fake tensors on the CPU: a constant forward() makes from a
    Python number (`torch.tensor(c, device=x.device)`) is then a real
    tensor whose data torch-mlir copies into the IR ("Cannot copy out of
    meta tensor" on the meta device); when neither builds the program
    (its __init__ reads a tensor's value: `.item()`), built with real
    tensors and moved to the meta device; when a constant forward() makes
    is then on the meta device ("Cannot copy out of meta tensor": Swin V2's
    `torch.log(torch.tensor(1. / 0.01))`), exported with those real
    tensors on the CPU, where such a constant has data (torch.export still
    runs nothing: the inputs, at most the verified or full size, are the
    only tensors this allocates beyond the parameters the build made).

    With `memo` (memo.py), an export tries first the way the import's
    export before it took (the full size after the verified one, or a
    retry's): the ways before it failed there for what the program does,
    not for its sizes (an `.item()` in __init__, a constant without data),
    and a way that fails only after torch.export (Swin V2's constant on
    the meta device) costs a whole export and decomposition. When that
    way fails, the ways are tried in order as above."""
    fx, OutputType = _import_torch_mlir()
    from .cli import say
    known = memo.get(_WAY) if memo is not None else None
    if known not in (None, "meta"):
        imported, _ = _trace(program, args, fx, OutputType, known)
        if imported is not None:
            say(f"exported {dict(_BUILDS)[known]}, as the export before "
                "(memo)")
            return _finish(imported, memo, known)
    # A way the size choice saw take a constant without data at these
    # sizes, built as that way builds it, is passed over: torch-mlir's
    # import would fail copying it, after a whole torch.export.
    dataless = _dataless_at(memo, program, "meta")
    if dataless is not None:
        imported, failure = None, _passed_over(dataless)
    else:
        imported, failure = _trace(program, args, fx, OutputType, "meta")
    used, passed = "meta", dataless is not None
    for (_, tried), (how, words) in zip(_BUILDS, _BUILDS[1:]):
        # Real tensors only for a program that builds no other way
        # (`torch.linspace(...).item()` in __init__).
        # Real tensors on the CPU only when they were built and moved to
        # the meta device, and that export failed.
        if imported is not None or (how == "cpu" and failure[2]) or \
                (how == "real" and not failure[2]):
            break
        exc = failure[0]
        first = (str(exc).strip().splitlines() or [""])[0]
        # A build failure names its exception already.
        kind = f"{type(exc).__name__}: " if failure[2] else ""
        say(f"the export {tried} {'was passed over' if passed else 'failed'}"
            f" ({kind}{first}); exporting {words}")
        dataless = _dataless_at(memo, program, how) if how == "cpu" \
            else None
        passed = dataless is not None
        if passed:
            failure = _passed_over(dataless)
            used = how
            continue
        imported, next_failure = _trace(program, args, fx, OutputType, how)
        used = how
        # The attempt whose diagnostics name ops says more.
        if imported is None and (unlowered_ops(next_failure[1]) or
                                 not unlowered_ops(failure[1])):
            failure = next_failure
    if imported is None and isinstance(failure[0], ProgramError_):
        raise failure[0]  # the program's own error, as the reference says
    if imported is None:
        exc, diagnostics, _ = failure
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        ops = unlowered_ops(diagnostics)
        what = (f"no lowering for {', '.join(ops)}" if ops else
                f"{type(exc).__name__}: {first}")
        raise ImportError_(
            f"torch-mlir could not export the model to linalg on tensors "
            f"({_versions()}): {what}; no deterministic path: translate it "
            "with `solar translate`")
    return _finish(imported, memo, used)


def _finish(imported, memo, how):
    """The text of torch-mlir's module `imported`, exported the way `how`
    (remembered in `memo`), with solar's own lowerings and tags."""
    if memo is not None:
        memo.put(_WAY, how)
    from torch_mlir.ir import StringAttr
    with imported.context:
        scan_lowering.lower_scans(imported)
        scatter_lowering.lower_scatters(imported)
        framework_ops.tag_ops(imported, StringAttr)
    text = imported.operation.get_asm(enable_debug_info=False)
    check_foreign_ops(text, "torch-mlir")
    return text
