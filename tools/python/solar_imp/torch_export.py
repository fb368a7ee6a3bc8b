"""PyTorch -> linalg on tensors with torch-mlir's FX importer.

The model is wrapped so that every parameter and buffer is a forward()
argument after the inputs, in the reference runner's order
(model.named_parameters(), then model.named_buffers()); the exported
function then has exactly the manifest's inputs and parameters as
arguments, and no weights baked in as constants."""
import contextlib
import re

from solar_ref import torch_runner
from solar_ref.arrays import python_scalar
from solar_ref.common import as_list
from solar_ref.errors import ProgramError_, ReferenceError_
from solar_ref.program import call_user

from .errors import ImportError_
from . import framework_ops
from . import scan_lowering
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
    with _on_device(torch, meta):
        return _build_here(torch, program, args)


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
    baked_scalars, not as arguments)."""

    def __init__(self, torch, model, names, inputs):
        self.torch, self.model, self.names = torch, model, names
        self.inputs = inputs
        self.count = sum(isinstance(v, torch.Tensor) for v in inputs)

    def module(self):
        torch = self.torch
        outer = self

        class Functional(torch.nn.Module):
            def forward(self, *args):
                state = dict(zip(outer.names, args[outer.count:]))
                tensors = iter(args[:outer.count])
                full = tuple(next(tensors) if isinstance(v, torch.Tensor)
                             else v for v in outer.inputs)
                return torch.func.functional_call(outer.model, state, full)
        return Functional()


def cost(program, args):
    """(flops, elements) of one forward pass, on the meta device: matmul and
    convolution FLOPs as torch's FlopCounterMode counts them, plus every
    input, parameter and output element (the elementwise work)."""
    torch, model, inputs = _build(program, args, meta=True)
    from torch.utils.flop_counter import FlopCounterMode
    try:
        with torch.no_grad(), _on_device(torch, True), \
                FlopCounterMode(display=False) as counter:
            out = model(*inputs)
    except Exception as exc:
        from solar_ref.errors import describe_exception
        raise ReferenceError_(
            f"Model.forward() on meta tensors raised "
            f"{describe_exception(exc, program.path)}") from None
    outputs = torch_runner.flatten_outputs(torch, out)
    elements = sum(t.numel() for t in inputs
                   if isinstance(t, torch.Tensor)) + \
        sum(t.numel() for t in model.parameters()) + \
        sum(t.numel() for t in model.buffers()) + \
        sum(t.numel() for t in outputs)
    return float(counter.get_total_flops()), float(elements)


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


def _decomposed_on_cpu(torch, exported):
    """torch-mlir's decompositions of `exported` (what export_and_import
    would run), with every `device=meta` of an op creating a tensor (the
    aranges triu/tril decompose into, torch.ones, scalar_tensor) made
    `cpu`: torch-mlir folds and lowers those only on a real device, and the
    device plays no part in the linalg it makes."""
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    exported = exported.run_decompositions(get_decomposition_table())
    meta, cpu = torch.device("meta"), torch.device("cpu")
    for node in exported.graph_module.graph.nodes:
        if node.kwargs.get("device") == meta:
            node.kwargs = {**node.kwargs, "device": cpu}
    return exported


def export(program, args, meta=False, suffix=""):
    fx, OutputType = _import_torch_mlir()
    torch, model, inputs = _build(program, args, meta)
    state = list(model.named_parameters()) + list(model.named_buffers())
    names = [name for name, _ in state]
    tensors = [t.detach() for _, t in state]
    wrapper = _Functional(torch, model, names, inputs).module()
    tensor_inputs = [v for v in inputs if isinstance(v, torch.Tensor)]
    importer, diagnostics = _importer_with_diagnostics()
    try:
        with torch.no_grad(), framework_ops.torch_node_names():
            with _on_device(torch, meta):
                exported = torch.export.export(
                    wrapper, (*tensor_inputs, *tensors), strict=False)
            exported = _decomposed_on_cpu(torch, exported)
            imported = fx.export_and_import(
                exported, output_type=OutputType.LINALG_ON_TENSORS,
                func_name=args.function, fx_importer=importer,
                decomposition_table={})
    except Exception as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        ops = unlowered_ops(diagnostics)
        what = (f"no lowering for {', '.join(ops)}" if ops else
                f"{type(exc).__name__}: {first}")
        raise ImportError_(
            f"torch-mlir could not export the model to linalg on tensors "
            f"({_versions()}): {what}; no deterministic path: translate it "
            "with `solar translate`") from None
    from torch_mlir.ir import StringAttr
    with imported.context:
        scan_lowering.lower_scans(imported)
        framework_ops.tag_ops(imported, StringAttr)
    text = imported.operation.get_asm(enable_debug_info=False)
    check_foreign_ops(text, "torch-mlir")
    return text
