"""PyTorch programs in the KernelBench convention:

    class Model(nn.Module): ...
    def get_init_inputs(): return [...]   # constructor arguments (optional)
    def get_inputs(): return [...]        # forward() arguments

Order of events, each step starting from the same seed (as KernelBench's
evaluation does): seed, get_init_inputs(); seed, Model(*init); seed,
get_inputs(). Parameters become function arguments after the inputs, in
model.named_parameters() order, then model.named_buffers()."""
import numpy as np

from . import flop_count
from .arrays import ArgumentWriter, python_scalar
from .common import (as_list, cpu_name, parameter_names, python_versions,
                     require, seed_python_and_numpy)
from .errors import ReferenceError_
from .program import call_user
from .timing import measure
from . import train as train_module

CONVENTION = ("KernelBench convention: class Model(nn.Module), get_inputs(), "
              "get_init_inputs()")


def import_torch():
    try:
        import torch
    except Exception as exc:
        raise ReferenceError_(
            f"cannot import torch (needed for --framework torch): {exc}; "
            "install requirements.txt") from None
    return torch


def seed_all(torch, seed):
    seed_python_and_numpy(seed)
    torch.manual_seed(seed)  # also seeds every CUDA device


def resolve_device(torch, requested):
    if requested == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if requested == "cuda" and not torch.cuda.is_available():
        raise ReferenceError_("--device cuda: torch sees no CUDA device")
    return requested


def to_numpy(torch, tensor):
    """(array, stored dtype override): bf16 travels as its bit pattern."""
    tensor = tensor.detach().to("cpu").contiguous()
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy().view(np.uint16), "bf16"
    try:
        return tensor.numpy(), None
    except TypeError as exc:
        raise ReferenceError_(f"cannot store a {tensor.dtype} tensor: {exc}") from None


def flatten_outputs(torch, out):
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (list, tuple)):
        flat = []
        for item in out:
            flat.extend(flatten_outputs(torch, item))
        return flat
    scalar = python_scalar(out)
    if scalar is not None:
        return [torch.from_numpy(scalar)]
    raise ReferenceError_(f"forward() returned a {type(out).__name__}; "
                          "expected tensors (or a tuple/list of them)")


def device_info(torch, device):
    if device == "cuda":
        index = torch.cuda.current_device()
        return {"type": "cuda", "name": torch.cuda.get_device_name(index),
                "count": torch.cuda.device_count(),
                "allow_tf32": {"matmul": torch.backends.cuda.matmul.allow_tf32,
                               "cudnn": torch.backends.cudnn.allow_tf32}}
    return {"type": "cpu", "name": cpu_name(), "threads": torch.get_num_threads()}


def fp32_math(torch):
    """The settings that decide whether torch runs fp32 contractions on TF32
    tensor cores, read after the program ran (it may change them at import,
    in Model.__init__ or in forward). Per framework-op class: convolutions
    follow cudnn.allow_tf32, matmuls cuda.matmul.allow_tf32 and the float32
    matmul precision; fused attention kernels may use tensor cores whatever
    the flags say (docs/sol-model.md, "fp32 math policy")."""
    matmul_tf32 = bool(torch.backends.cuda.matmul.allow_tf32)
    cudnn_tf32 = bool(torch.backends.cudnn.allow_tf32)
    precision = torch.get_float32_matmul_precision()
    # "medium" lets torch use bf16 passes for fp32 matmuls: the bound then
    # takes the bf16 tensor-core rate, the fastest such a kernel may use.
    matmul = ("bf16" if precision == "medium"
              else "tf32" if matmul_tf32 or precision == "high" else "ieee")
    return {
        "source": "torch",
        "matmul_allow_tf32": matmul_tf32,
        "cudnn_allow_tf32": cudnn_tf32,
        "float32_matmul_precision": precision,
        "classes": {"conv": "tf32" if cudnn_tf32 else "ieee",
                    "matmul": matmul,
                    "attention": "tf32"},
    }


def lift_tensor_attributes(torch, model):
    """Tensors a module keeps as plain attributes (`self.hidden =
    torch.randn(B, H)`, a state forward() reads and may update) become
    (non-persistent) buffers, so that they are arguments like every other
    state: the reference records them, the exported function takes them,
    and `model.to(device)` moves them. Returns their names as
    named_buffers() gives them."""
    lifted = []
    for prefix, module in model.named_modules():
        for key, value in list(vars(module).items()):
            if key.startswith("_") or not isinstance(value, torch.Tensor) \
                    or isinstance(value, torch.nn.Parameter):
                continue
            delattr(module, key)
            module.register_buffer(key, value, persistent=False)
            lifted.append(f"{prefix}.{key}" if prefix else key)
    return lifted


def run(program, args, writer):
    torch = import_torch()
    module = program.module
    model_class = require(program, "Model", CONVENTION)
    get_inputs = require(program, "get_inputs", CONVENTION)
    get_init_inputs = getattr(module, "get_init_inputs", lambda: [])
    if not (isinstance(model_class, type) and issubclass(model_class, torch.nn.Module)):
        raise ReferenceError_(f"{program.path}: 'Model' is not a torch.nn.Module "
                              f"subclass ({CONVENTION})")
    device = resolve_device(torch, args.device)

    seed_all(torch, args.seed)
    init = as_list(call_user(program, "get_init_inputs()", get_init_inputs),
                   "get_init_inputs()")
    seed_all(torch, args.seed)
    model = call_user(program, "Model(*get_init_inputs())", model_class, *init)
    model.eval()
    lifted = lift_tensor_attributes(torch, model)
    model.to(device)
    # forward() may replace a lifted state: the manifest holds the value
    # it starts from.
    initial = {name: tensor.clone() for name, tensor in model.named_buffers()
               if name in lifted}
    seed_all(torch, args.seed)
    raw_inputs = as_list(call_user(program, "get_inputs()", get_inputs),
                         "get_inputs()")
    inputs = []
    for value in raw_inputs:
        if isinstance(value, torch.Tensor):
            inputs.append(value.to(device))
        else:
            inputs.append(value)

    def forward():
        with torch.no_grad():
            return model(*inputs)

    spec = train_module.spec_of(args)
    if spec is not None:
        return _run_step(torch, program, args, spec, model, inputs, initial,
                         device, writer)
    # The one untimed forward pass also gives torch's own FLOP count.
    out, flop_counter = flop_count.counted(
        torch, lambda: call_user(program, "Model.forward()", forward))
    flop_counter["sizes"] = "run"
    outputs = flatten_outputs(torch, out)
    baked = []
    _write_inputs(torch, args, model, inputs, initial, writer, baked)
    for i, tensor in enumerate(outputs):
        writer.add("output" if len(outputs) == 1 else f"output{i}", "output",
                   *to_numpy(torch, tensor))
    profiled = None
    if getattr(args, "profile_compile", False):
        from .profile import profile_torch_compiled

        def compiled(synchronize):
            return profile_torch_compiled(
                torch, program, args, model, inputs, synchronize, device,
                args.profile_steps, args.warmup, args.profile_trace)
        profiled = ("torch.compile(Model) under torch.profiler", compiled)
    return _facts(torch, program, args, device, forward, baked, flop_counter,
                  profiled)


def _write_inputs(torch, args, model, inputs, initial, writer, baked,
                  target=None, masks=None):
    """The inputs (Python numbers baked or written), the target, a training
    step's dropout masks ({name: mask}), then the parameters and buffers,
    in the exported function's order."""
    names = parameter_names(model.forward, len(inputs), "input")
    for position, (name, value) in enumerate(zip(names, inputs)):
        if isinstance(value, torch.Tensor):
            writer.add(name, "input", *to_numpy(torch, value))
        else:
            scalar = python_scalar(value)
            if scalar is None:
                raise ReferenceError_(
                    f"get_inputs() item '{name}' is a {type(value).__name__}; "
                    "expected a tensor or a Python number")
            if getattr(args, "bake_scalars", False):
                # The importer bakes it into the program as a constant.
                baked.append({"name": name, "position": position,
                              "value": value})
            else:
                writer.add(name, "input", scalar)
    if target is not None:
        writer.add("target", "input", *to_numpy(torch, target))
    for name, mask in (masks or {}).items():
        writer.add(name, "input", *to_numpy(torch, mask))
    for name, tensor in model.named_parameters():
        writer.add(name, "parameter", *to_numpy(torch, tensor))
    for name, tensor in model.named_buffers():
        writer.add(name, "parameter",
                   *to_numpy(torch, initial.get(name, tensor)))


def _run_step(torch, program, args, spec, model, inputs, initial, device,
              writer):
    """The reference of one training step (solar_ref/train.py): its
    arguments, its outputs (loss, updated parameters, AdamW's moments) and,
    outside the arguments, every trainable parameter's gradient."""
    model.train()

    def forward():
        with torch.no_grad():
            return model(*inputs)
    out, dropouts = call_user(program, "Model.forward()",
                              train_module.dropout_sites, torch, forward)
    if not isinstance(out, torch.Tensor):
        raise ReferenceError_("--train: forward() must return one tensor, got "
                              f"{type(out).__name__}")
    seed_all(torch, args.seed)
    target = train_module.make_target(torch, program, call_user, out, spec,
                                      args.seed)
    step = train_module.Step(torch, model, spec, inputs, target is not None,
                             dropouts)
    masks = train_module.make_masks(torch, dropouts, args.seed, out)
    params = [p.detach() for _, p in model.named_parameters()]
    buffers = [initial.get(n, b).detach().clone()
               for n, b in model.named_buffers()]
    moments = step.initial_moments(params)
    tensors = [v for v in inputs if isinstance(v, torch.Tensor)]
    step_args = (*tensors, *([target] if target is not None else []),
                 *masks, *params, *buffers, *moments)
    baked = []
    _write_inputs(torch, args, model, inputs, initial, writer, baked, target,
                  dict(zip(step.mask_names(), masks)))
    for name, tensor in zip(step.moment_names(), moments):
        writer.add(name, "parameter", *to_numpy(torch, tensor))
    results = call_user(program, "the training step", step, *step_args)
    output_names = ["loss"] + [f"updated.{n}" for n in step.trainable_names()] \
        + [f"updated.{n}" for n in step.moment_names()]
    for name, tensor in zip(output_names, results):
        writer.add(name, "output", *to_numpy(torch, tensor))
    _, grads = call_user(program, "the training step's gradients",
                         step.gradients, *step_args)
    gradient_writer = ArgumentWriter(writer.outdir, save=writer.save)
    for name, tensor in zip(step.trainable_names(), grads):
        gradient_writer.add(f"grad.{name}", "gradient",
                            *to_numpy(torch, tensor))
    if getattr(args, "mask_zeros", None):
        from . import mask_zeros
        mask_zeros.write(args.mask_zeros, "torch", args.seed,
                         program.sizes_used,
                         call_user(program, "the training step's masks",
                                   mask_zeros.count, torch, step, step_args))
    from .profile import profile_torch_train

    def profile_step(synchronize):
        return profile_torch_train(torch, step, step_args, synchronize,
                                   device, args.profile_steps, args.warmup,
                                   args.profile_trace)
    facts = _facts(torch, program, args, device, lambda: step(*step_args),
                   baked, profiled=("the training step under torch.profiler",
                                    profile_step))
    facts["train"] = {"loss": spec.loss, "optimizer": spec.optimizer,
                      "hyperparameters": train_module.hyperparameters(spec),
                      "gradients": gradient_writer.entries,
                      "frozen": [n for n, t in zip(step.param_names,
                                                   step.trainable) if not t]}
    return facts


def _facts(torch, program, args, device, forward, baked, flop_counter=None,
           profiled=None):
    """What the manifest records of the run; flop_counter: torch's count of
    the forward pass (flop_count.py), None for a training step; profiled:
    (what, profile(synchronize)) recording --profile-trace otherwise than
    forward() under torch.profiler."""
    synchronize = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    timing = measure(forward, synchronize, args.warmup, args.runs,
                     "wall clock, CUDA-synchronized" if device == "cuda"
                     else "wall clock")
    profile = None
    if getattr(args, "profile_trace", None) and profiled:
        profile = call_user(program, profiled[0], profiled[1], synchronize)
    elif getattr(args, "profile_trace", None):
        from .profile import profile_torch
        profile = call_user(program, "Model.forward() under torch.profiler",
                            profile_torch, torch, forward, synchronize,
                            device, args.profile_steps, args.warmup,
                            args.profile_trace)
    versions = python_versions()
    versions["torch"] = torch.__version__
    return {
        "profile": profile,
        "fp32_math": fp32_math(torch),
        "framework": {"name": "torch", "version": torch.__version__},
        "versions": versions,
        "device": device_info(torch, device),
        "convention": "torch.nn.Module (KernelBench)",
        "parameter_order": "model.named_parameters(), then model.named_buffers()",
        "timing": timing,
        "baked_scalars": baked,
        "flop_counter": flop_counter,
    }
