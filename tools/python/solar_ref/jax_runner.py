"""JAX programs, in one of two conventions:

  * a function:  def forward(*inputs) plus def get_inputs();
  * Flax:        class Model(flax.linen.Module) plus get_inputs() and
                 (optionally) get_init_inputs() for the constructor.

get_inputs() may take one argument: it then receives
jax.random.PRNGKey(seed). Flax variables come from
model.init(jax.random.PRNGKey(seed), *inputs) and become function
arguments after the inputs, flattened and sorted by their path
("params/Dense_0/bias" before "params/Dense_0/kernel"). The forward pass is
jax.jit-compiled; warm-up runs include the compilation."""
import inspect

import numpy as np

from .arrays import ArgumentWriter, python_scalar
from .common import (as_list, cpu_name, host_threads, parameter_names,
                     python_versions, seed_python_and_numpy)
from .errors import ReferenceError_
from .program import call_user
from . import train as train_module
from .timing import measure

CONVENTION = ("JAX convention: def forward(*inputs) and def get_inputs(), or "
              "class Model(flax.linen.Module) with get_inputs() and "
              "get_init_inputs()")
TRAIN_NEEDS_MODEL = ("--train: a JAX training step trains the parameters of "
                     "a flax.linen.Module 'Model'; a plain forward(*inputs) "
                     "has none")


def import_jax():
    try:
        import jax
    except Exception as exc:
        raise ReferenceError_(
            f"cannot import jax (needed for --framework jax): {exc}; "
            "install requirements.txt") from None
    return jax


def _is_flax_model(cls):
    if not isinstance(cls, type):
        return False
    try:
        import flax.linen as nn
    except Exception as exc:
        raise ReferenceError_(f"cannot import flax (the program defines Model): "
                              f"{exc}; install requirements.txt") from None
    return issubclass(cls, nn.Module)


def _path_name(path):
    parts = []
    for key in path:
        for attr in ("key", "name", "idx"):
            if hasattr(key, attr):
                parts.append(str(getattr(key, attr)))
                break
        else:
            parts.append(str(key))
    return "/".join(parts)


def _call_get_inputs(program, get_inputs, jax, seed):
    try:
        takes_key = len(inspect.signature(get_inputs).parameters) == 1
    except (TypeError, ValueError):
        takes_key = False
    args = (jax.random.PRNGKey(seed),) if takes_key else ()
    return as_list(call_user(program, "get_inputs()", get_inputs, *args),
                   "get_inputs()")


def _to_input(value, name):
    scalar = python_scalar(value)
    if scalar is not None:
        return scalar
    try:
        return np.asarray(value)
    except Exception:
        raise ReferenceError_(f"get_inputs() item '{name}' is a "
                              f"{type(value).__name__}; expected an array") from None


def device_info(jax):
    device = jax.devices()[0]
    info = {"type": device.platform, "name": getattr(device, "device_kind", str(device))}
    if device.platform == "cpu":
        info["name"] = cpu_name()
        info["threads"] = host_threads()
    info["count"] = len(jax.devices())
    return info


def fp32_math(jax):
    """JAX's default matmul precision decides how XLA runs fp32 dots and
    convolutions on GPU: the default (None, 'default', 'fastest', 'high',
    'tensorfloat32', 'bfloat16') allows TF32-class tensor-core passes;
    'highest' / 'float32' asks for IEEE fp32 (docs/sol-model.md)."""
    precision = jax.config.jax_default_matmul_precision
    ieee = str(precision).lower() in ("highest", "float32")
    mode = "ieee" if ieee else "tf32"
    return {
        "source": "jax",
        "default_matmul_precision": None if precision is None else str(precision),
        "classes": {"conv": mode, "matmul": mode, "attention": "tf32"},
    }


def run(program, args, writer):
    jax = import_jax()
    module = program.module
    get_inputs = getattr(module, "get_inputs", None)
    model_class = getattr(module, "Model", None)
    forward_fn = getattr(module, "forward", None)
    if get_inputs is None:
        raise ReferenceError_(f"{program.path} defines no 'get_inputs' ({CONVENTION})")
    platform = jax.devices()[0].platform
    if args.device == "cuda" and platform != "gpu":
        raise ReferenceError_(f"--device cuda: jax runs on '{platform}' (no CUDA jaxlib)")

    seed_python_and_numpy(args.seed)
    spec = train_module.spec_of(args)
    if model_class is not None and _is_flax_model(model_class):
        convention = "flax.linen.Module"
        get_init_inputs = getattr(module, "get_init_inputs", lambda: [])
        init = as_list(call_user(program, "get_init_inputs()", get_init_inputs),
                       "get_init_inputs()")
        model = call_user(program, "Model(*get_init_inputs())", model_class, *init)
        seed_python_and_numpy(args.seed)
        raw = _call_get_inputs(program, get_inputs, jax, args.seed)
        names = parameter_names(model_class.__call__, len(raw), "input")
        inputs = [_to_input(v, n) for v, n in zip(raw, names)]
        init_fn = model.init
        if spec is not None:
            from . import jax_train
            init_fn = jax_train.without_drawing(jax, model.init)
        variables = call_user(program, "Model.init()", init_fn,
                              jax.random.PRNGKey(args.seed), *inputs)
        if spec is not None:
            return _run_step(jax, program, args, spec, model, names, inputs,
                             variables, writer)
        leaves = jax.tree_util.tree_flatten_with_path(variables)[0]
        params = sorted(((_path_name(p), leaf) for p, leaf in leaves),
                        key=lambda item: item[0])
        apply = jax.jit(lambda variables, *xs: model.apply(variables, *xs))

        def forward():
            return apply(variables, *inputs)
        order = "flattened variables, sorted by path (params/Dense_0/bias, ...)"
    elif callable(forward_fn):
        if spec is not None:
            raise ReferenceError_(TRAIN_NEEDS_MODEL)
        convention = "jax function forward(*inputs)"
        raw = _call_get_inputs(program, get_inputs, jax, args.seed)
        names = parameter_names(forward_fn, len(raw), "input")
        inputs = [_to_input(v, n) for v, n in zip(raw, names)]
        params = []
        jitted = jax.jit(forward_fn)

        def forward():
            return jitted(*inputs)
        order = "none (a plain function has no parameters)"
    else:
        raise ReferenceError_(
            f"{program.path} defines neither 'forward' nor a flax.linen.Module "
            f"'Model' ({CONVENTION})")

    out = call_user(program, "forward()", forward)
    outputs = jax.tree_util.tree_leaves(out)
    if not outputs:
        raise ReferenceError_("forward() returned no arrays")

    for name, value in zip(names, inputs):
        writer.add(name, "input", value)
    for name, leaf in params:
        writer.add(name, "parameter", np.asarray(leaf))
    for i, leaf in enumerate(outputs):
        writer.add("output" if len(outputs) == 1 else f"output{i}", "output",
                   np.asarray(leaf))

    return _facts(jax, program, args, forward, convention, order)


def _facts(jax, program, args, forward, convention, order):
    """What the manifest records of the run: `forward` (the forward pass or
    the training step) timed, the versions."""
    def run_once():
        jax.block_until_ready(forward())
    timing = measure(run_once, lambda: None, args.warmup, args.runs,
                     "wall clock, jax.block_until_ready")
    profile = None
    if getattr(args, "profile_trace", None):
        from .profile import profile_jax
        profile = call_user(program, "the program under jax.profiler",
                            profile_jax, program, args, args.profile_steps,
                            args.warmup, args.profile_trace)
    if getattr(args, "kernel_ops", None):
        from .profile import write_kernel_ops
        call_user(program, "the program compiled by XLA", write_kernel_ops,
                  program, args, args.kernel_ops)
    versions = python_versions()
    import jaxlib
    versions["jax"] = jax.__version__
    versions["jaxlib"] = jaxlib.__version__
    if convention.startswith("flax"):
        import flax
        versions["flax"] = flax.__version__
    if "optax" in convention:
        import optax
        versions["optax"] = optax.__version__
    return {
        "profile": profile,
        "fp32_math": fp32_math(jax),
        "framework": {"name": "jax", "version": jax.__version__},
        "versions": versions,
        "device": device_info(jax),
        "convention": convention,
        "parameter_order": order,
        "timing": timing,
    }


def _run_step(jax, program, args, spec, model, names, inputs, variables,
              writer):
    """The reference of one training step (solar_ref/jax_train.py) run by
    jax.jit: its arguments, its outputs (loss, updated params, updated
    optimizer state) and, outside the arguments, every param's gradient."""
    from . import jax_train
    step, arguments = jax_train.prepare(jax, program, call_user, spec, model,
                                        inputs, variables, args.seed, False)
    for name, value in zip(names, inputs):
        writer.add(name, "input", value)
    if step.has_target:
        writer.add("target", "input", np.asarray(arguments[len(inputs)]))
    first_mask = len(inputs) + step.has_target
    for name, mask in zip(step.mask_names(),
                          arguments[first_mask:first_mask + step.mask_count]):
        writer.add(name, "input", np.asarray(mask))
    for name, leaf in zip(step.variable_names + step.state_names,
                          arguments[first_mask + step.mask_count:]):
        writer.add(name, "parameter", np.asarray(leaf))
    jitted = jax.jit(step)
    results = call_user(program, "the training step", jitted, *arguments)
    for name, leaf in zip(step.output_names(), results):
        writer.add(name, "output", np.asarray(leaf))
    grads = call_user(program, "the training step's gradients",
                      jax.jit(step.gradients), *arguments)
    gradient_writer = ArgumentWriter(writer.outdir, save=writer.save)
    for name, leaf in zip(step.param_names, grads):
        gradient_writer.add(f"grad.{name}", "gradient", np.asarray(leaf))
    if getattr(args, "mask_zeros", None):
        from . import jax_mask_zeros, mask_zeros
        mask_zeros.write(args.mask_zeros, "jax", args.seed,
                         program.sizes_used,
                         call_user(program, "the training step's masks",
                                   jax_mask_zeros.count, jax, step,
                                   arguments))
    facts = _facts(jax, program, args, lambda: jitted(*arguments),
                   "flax.linen.Module training step (optax)",
                   "inputs, target, dropout masks, flattened variables "
                   "sorted by path, "
                   "then optax's state leaves")
    facts["train"] = {"loss": spec.loss, "optimizer": spec.optimizer,
                      "hyperparameters": train_module.hyperparameters(spec),
                      "gradients": gradient_writer.entries, "frozen": []}
    return facts
