"""Recording a profiler trace of the reference (solar analyze --profile,
docs/analyze.md "Per-kernel headroom"): torch.profiler with record_shapes,
a schedule of warm-up steps and `steps` active ones (each a ProfilerStep#N
window of the Chrome trace), written with export_chrome_trace; the CUDA
activity where the model runs on a GPU, so its kernels are linked to the
ops that launched them."""
import os


def profile_torch(torch, forward, synchronize, device, steps, warmup, path):
    """Runs forward() warmup + steps times under the profiler and writes the
    trace of the last `steps` to `path` (.json, or .json.gz: gzipped)."""
    from torch.profiler import ProfilerActivity, profile, schedule
    activities = [ProfilerActivity.CPU]
    if device == "cuda":
        activities.append(ProfilerActivity.CUDA)
    written = []

    def export(prof):
        prof.export_chrome_trace(path)
        written.append(path)

    with profile(activities=activities, record_shapes=True,
                 schedule=schedule(wait=0, warmup=max(warmup, 1),
                                   active=steps, repeat=1),
                 on_trace_ready=export) as prof:
        for _ in range(max(warmup, 1) + steps):
            forward()
            synchronize()
            prof.step()
    if not written or not os.path.exists(path):
        raise RuntimeError(f"the profiler wrote no trace to {path}")
    return {"path": path, "steps": steps, "warmup": max(warmup, 1),
            "activities": [a.name for a in activities]}


KERNEL_OPS_KEY = "solarKernelOps"


def jax_kernel_ops(program, args):
    """(compiled function, its arguments, kernel map) of a JAX program: the
    function the importer lowers (solar_imp.jax_export), its primitives
    named as the importer names them (PRIMITIVE#K, so the same K), compiled
    by XLA here; the map says which framework ops each instruction XLA runs
    (a fusion, a custom call) computes: {"framework": "jax", "module",
    "kernels": {instruction: [framework ops]}}."""
    import jax
    from solar_imp import framework_ops, jax_export
    import functools
    fn, example = jax_export._lowerable(program, args)
    # A fresh function object: jax would otherwise hand back the executable
    # the timing runs compiled, whose HLO has no framework-op names.
    fresh = functools.wraps(fn)(lambda *xs: fn(*xs))
    lowered = jax.jit(fresh).lower(*example)
    module = lowered.compiler_ir("stablehlo")
    with module.context:
        framework_ops.name_jax_primitives(module)
    # compile() compiles that module: XLA's op_name metadata carries the
    # names (jax 0.10: Lowered keeps the module compiler_ir returns).
    compiled = lowered.compile()
    name, kernels = framework_ops.xla_kernel_ops(compiled.as_text())
    if not any(kernels.values()):
        raise RuntimeError("the compiled HLO carries no framework-op names "
                           "(op_name fwop:...): this jax does not keep the "
                           "lowered module's locations")
    return compiled, example, {"framework": "jax", "module": name,
                               "kernels": kernels}


def profile_jax(program, args, steps, warmup, path):
    """Runs the compiled program warmup + steps times, the last `steps`
    under jax.profiler, each step a TraceAnnotation ProfilerStep#N (the
    windows solar reads), and writes jax's Chrome trace to `path` (JSON)
    with the kernel map (jax_kernel_ops) under KERNEL_OPS_KEY."""
    import gzip
    import glob
    import json
    import tempfile
    import jax
    compiled, example, kernel_ops = jax_kernel_ops(program, args)
    for _ in range(max(warmup, 1)):
        jax.block_until_ready(compiled(*example))
    with tempfile.TemporaryDirectory(prefix="solar-jax-profile-") as log:
        jax.profiler.start_trace(log)
        try:
            for step in range(steps):
                with jax.profiler.TraceAnnotation(f"ProfilerStep#{step}"):
                    jax.block_until_ready(compiled(*example))
        finally:
            jax.profiler.stop_trace()
        found = glob.glob(os.path.join(log, "**", "*.trace.json.gz"),
                          recursive=True)
        if len(found) != 1:
            raise RuntimeError(f"jax.profiler wrote {len(found)} "
                               f"*.trace.json.gz files under {log}")
        with gzip.open(found[0], "rt", encoding="utf-8") as f:
            trace = json.load(f)
    trace[KERNEL_OPS_KEY] = kernel_ops
    with open(path, "w", encoding="utf-8") as f:
        json.dump(trace, f)
    return {"path": path, "steps": steps, "warmup": max(warmup, 1),
            "activities": ["jax.profiler"]}


def write_kernel_ops(program, args, path):
    """The kernel map alone (jax_kernel_ops), for a trace recorded
    elsewhere with jax.profiler (solar analyze --trace)."""
    import json
    _, _, kernel_ops = jax_kernel_ops(program, args)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(kernel_ops, f)
