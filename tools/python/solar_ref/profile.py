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
