"""Records a jax.profiler trace of a JAX program as a user would (no
solar): jax.jit(forward) on get_inputs(PRNGKey(0)), a warm-up call, then
STEPS calls under jax.profiler.trace(LOGDIR), each in a TraceAnnotation
"ProfilerStep#N". Copies the *.trace.json.gz the profiler wrote to OUT.
Usage: jax_profile.py PROGRAM.py LOGDIR STEPS OUT"""
import glob
import shutil
import importlib.util
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402

spec = importlib.util.spec_from_file_location("program", sys.argv[1])
program = importlib.util.module_from_spec(spec)
spec.loader.exec_module(program)
inputs = program.get_inputs(jax.random.PRNGKey(0))
forward = jax.jit(program.forward)
jax.block_until_ready(forward(*inputs))
with jax.profiler.trace(sys.argv[2]):
    for step in range(int(sys.argv[3])):
        with jax.profiler.TraceAnnotation(f"ProfilerStep#{step}"):
            jax.block_until_ready(forward(*inputs))
found = glob.glob(os.path.join(sys.argv[2], "**", "*.trace.json.gz"),
                  recursive=True)
if len(found) != 1:
    sys.exit(f"jax_profile.py: {len(found)} traces under {sys.argv[2]}")
shutil.copyfile(found[0], sys.argv[4])
