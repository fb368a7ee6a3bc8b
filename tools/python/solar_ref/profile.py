"""Recording a profiler trace of the reference (solar analyze --profile,
docs/analyze.md "Per-kernel headroom"): torch.profiler with record_shapes,
a schedule of warm-up steps and `steps` active ones (each a ProfilerStep#N
window of the Chrome trace), written with export_chrome_trace; the CUDA
activity where the model runs on a GPU, so its kernels are linked to the
ops that launched them."""
import os
import re


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


def torch_train_ops(torch, step, step_args):
    """The kernel map of a torch training step (solar_ref/train.py): the
    ops its eager run dispatches, in order, each with the framework op the
    importer names it (`PHASE/TARGET:NODE`, `optimizer/step:PARAMETER`):
    {"framework": "torch.train", "ops": [[profiler name, framework op],
    ...], "views": [framework op, ...]}. The step is traced by make_fx as
    the importer traces it (solar_imp.torch_export._train_step), and
    make_fx records exactly the ops that reach the dispatcher below
    autograd, in the order the eager step runs them, autograd's backward
    included (on the step's device: a CPU step's scaled_dot_product_attention
    is one fused op, where the importer's trace on the meta device has its
    math ops). Views (aten::t, aten::split, detach's alias) are not in `ops`:
    eager PyTorch runs no kernel for them; `views` names the framework ops
    of those views."""
    import torch.fx.traceback as fx_traceback
    from torch.fx.experimental.proxy_tensor import make_fx
    from solar_imp import framework_ops
    # Fake tensors: the ops the step dispatches on its device, none run.
    with fx_traceback.preserve_node_meta():
        graph = make_fx(step, tracing_mode="fake")(*step_args)
    tags = framework_ops.train_tags(graph.graph)
    ops, views = [], []
    for node in graph.graph.nodes:
        if node.op != "call_function" or not hasattr(node.target, "_schema"):
            continue
        # An op whose output aliases its input (its schema says so: t,
        # split, detach's alias) or _unsafe_view runs no kernel.
        if node.target.is_view or framework_ops.is_view(node.target):
            views += [tags[node.name]] if tags[node.name] not in views else []
        else:
            ops.append([node.target._schema.name, tags[node.name]])
    return {"framework": "torch.train", "ops": ops, "views": views}


def profile_torch_train(torch, step, step_args, synchronize, device, steps,
                        warmup, path):
    """profile_torch of the training step, with its kernel map
    (torch_train_ops) in the trace under KERNEL_OPS_KEY."""
    import json
    kernel_ops = torch_train_ops(torch, step, step_args)
    facts = profile_torch(torch, lambda: step(*step_args), synchronize,
                          device, steps, warmup, path)
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    trace[KERNEL_OPS_KEY] = kernel_ops
    with open(path, "w", encoding="utf-8") as f:
        json.dump(trace, f)
    return facts


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


def _op_name(target):
    """`relu` of torch.relu, F.relu, aten.relu.default, operator.add ->
    `add`, a method name as it is: the op's name without its namespace and
    overload, the same for dynamo's graph and torch.export's."""
    text = getattr(target, "__name__", None) or str(target)
    parts = str(getattr(target, "_opname", "") or text).split(".")
    return parts[1] if len(parts) >= 2 and parts[0] in ("aten", "prims") \
        else parts[0] if len(parts) == 1 else parts[-1]


def _aligned(program, args, graph):
    """{dynamo node name: TARGET:NODE} for the call nodes of dynamo's graph
    `graph` (what inductor's provenance names, e.g. `x` for
    `x = torch.relu(...)`), matched to the framework ops the importer names
    (solar_imp.torch_export.framework_op_order) by op name in program
    order. The two lists must agree op for op: otherwise a RuntimeError
    names the first disagreement (never a guess)."""
    from solar_imp import torch_export
    ours = torch_export.framework_op_order(program, args)
    calls = [n for n in graph.nodes
             if n.op in ("call_function", "call_method", "call_module")]
    theirs = [(n.name, _op_name(n.target)) for n in calls]
    names = [op.split(":", 1)[0].split(".")[1] for op in ours]
    if [op for _, op in theirs] != names:
        first = next((i for i, (a, b) in enumerate(zip(theirs, names))
                      if a[1] != b), min(len(theirs), len(names)))
        raise RuntimeError(
            f"dynamo's graph ({len(theirs)} ops) does not match the "
            f"exported program's framework ops ({len(names)}) at op "
            f"{first}: {theirs[first][1] if first < len(theirs) else 'none'}"
            f" vs {names[first] if first < len(names) else 'none'}")
    return {name: op for (name, _), op in zip(theirs, ours)}


def profile_torch_compiled(torch, program, args, model, inputs, synchronize,
                           device, steps, warmup, path):
    """torch.compile(model) (inductor) under torch.profiler, as
    profile_torch, with the kernel map in the trace (KERNEL_OPS_KEY,
    framework "torch.compile"): each measured compiled kernel's trace name
    -> the framework ops (the importer's TARGET:NODE) it computes. Inductor
    records each kernel's origins (its provenance: the pre-grad graph
    nodes, trace.provenance_tracking_to_timeline) and wraps its C++
    kernels in profiler events (cpp.enable_kernel_profile: named
    graph_G_cpp_fused_...); an extern kernel (extern_kernels.addmm) is the
    aten op the trace names (aten::addmm)."""
    import json
    import torch._inductor.config as inductor_config
    from torch._inductor.compile_fx import compile_fx
    from torch._inductor.debug import get_kernel_information_jsons
    graphs = []

    def backend(graph, example_inputs):
        graphs.append(graph)
        return compile_fx(graph, example_inputs)

    # A cached compile records no provenance: compile afresh.
    with inductor_config.patch({"trace.provenance_tracking_to_timeline": True,
                                "cpp.enable_kernel_profile": True,
                                "force_disable_caches": True}):
        compiled = torch.compile(model, backend=backend)

        def forward():
            with torch.no_grad():
                return compiled(*inputs)
        forward()
        origins = json.loads(json.dumps(get_kernel_information_jsons()))
        facts = profile_torch(torch, forward, synchronize, device, steps,
                              warmup, path)
    if len(graphs) != 1:
        raise RuntimeError(f"torch.compile made {len(graphs)} graphs "
                           "(graph breaks): one graph is attributed")
    by_node = _aligned(program, args, graphs[0].graph)
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    names = {e.get("name") for e in trace.get("traceEvents", [])
             if e.get("cat") == "cpu_op"}
    kernels = {}
    for region in origins.values():
        for key, info in region.items():
            kernel = key.rsplit(":", 1)[0]
            if kernel.startswith("extern_kernels."):
                found = ["aten::" + kernel.split(".", 1)[1]]
            else:
                found = [n for n in names if n == kernel or
                         re.fullmatch(r"graph_\d+_" + re.escape(kernel), n)]
            ops = [by_node[n] for n in info.get("pre_grad_nodes", [])
                   if n in by_node]
            for name in found:
                kernels.setdefault(name, [])
                kernels[name] += [o for o in ops if o not in kernels[name]]
    trace[KERNEL_OPS_KEY] = {"framework": "torch.compile",
                             "kernels": kernels}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(trace, f)
    facts["compiled"] = "torch.compile (inductor)"
    return facts
