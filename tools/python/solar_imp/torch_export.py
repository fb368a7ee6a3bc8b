"""PyTorch -> linalg on tensors with torch-mlir's FX importer.

The model is wrapped so that every parameter and buffer is a forward()
argument after the inputs, in the reference runner's order
(model.named_parameters(), then model.named_buffers()); the exported
function then has exactly the manifest's inputs and parameters as
arguments, and no weights baked in as constants."""
from solar_ref import torch_runner
from solar_ref.common import as_list
from solar_ref.errors import ReferenceError_
from solar_ref.program import call_user

from .errors import ImportError_
from . import framework_ops
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


def _build(program, args):
    torch = torch_runner.import_torch()
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
    except ReferenceError_ as exc:
        raise ImportError_(str(exc)) from None
    for i, value in enumerate(inputs):
        if not isinstance(value, torch.Tensor):
            raise ImportError_(
                f"get_inputs() item {i} is a {type(value).__name__}: the "
                "torch exporter needs tensors (a Python number would be "
                "baked into the program as a constant)")
    return torch, model, inputs


class _Functional:
    """forward(*inputs, *state) -> model(*inputs) with `state` swapped in."""

    def __init__(self, torch, model, names, count):
        self.torch, self.model, self.names, self.count = torch, model, names, count

    def module(self):
        torch = self.torch
        outer = self

        class Functional(torch.nn.Module):
            def forward(self, *args):
                state = dict(zip(outer.names, args[outer.count:]))
                return torch.func.functional_call(
                    outer.model, state, tuple(args[:outer.count]))
        return Functional()


def export(program, args):
    fx, OutputType = _import_torch_mlir()
    torch, model, inputs = _build(program, args)
    state = list(model.named_parameters()) + list(model.named_buffers())
    names = [name for name, _ in state]
    tensors = [t.detach() for _, t in state]
    wrapper = _Functional(torch, model, names, len(inputs)).module()
    try:
        with torch.no_grad(), framework_ops.torch_node_names():
            imported = fx.export_and_import(
                wrapper, *inputs, *tensors,
                output_type=OutputType.LINALG_ON_TENSORS,
                func_name=args.function)
    except Exception as exc:
        raise ImportError_(
            f"torch-mlir could not export the model to linalg on tensors "
            f"({_versions()}): {type(exc).__name__}: "
            f"{str(exc).strip().splitlines()[0] if str(exc).strip() else ''}; "
            "no deterministic path: translate it with `solar translate`") \
            from None
    from torch_mlir.ir import StringAttr
    with imported.context:
        framework_ops.tag_ops(imported, StringAttr)
    text = imported.operation.get_asm(enable_debug_info=False)
    check_foreign_ops(text, "torch-mlir")
    return text
