# lit configuration for solar. Run from the repository root:
#   lit -sv test
# SOLAR_BUILD_DIR selects the build tree (default: ./build).
import os
import shutil
import subprocess

import lit.formats

config.name = "solar"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".yaml", ".py"]
config.excludes = ["Inputs", "lit.cfg.py", "CMakeLists.txt", "README.md"]

source_root = os.path.dirname(os.path.abspath(__file__))
config.test_source_root = source_root
build_dir = os.environ.get("SOLAR_BUILD_DIR", os.path.join(source_root, "build"))
config.test_exec_root = os.path.join(build_dir, "lit")
tools_dir = os.path.join(build_dir, "bin")
llvm_tools_dir = os.environ.get("SOLAR_LLVM_TOOLS", "/usr/lib/llvm-22/bin")

for tool in ("solar-opt", "solar"):
    if not os.path.exists(os.path.join(tools_dir, tool)):
        lit_config.fatal(f"{tool} not found in {tools_dir}: build first (scripts/setup)")
for tool in ("FileCheck", "not"):
    if not os.path.exists(os.path.join(llvm_tools_dir, tool)):
        lit_config.fatal(f"{tool} not found in {llvm_tools_dir} (install llvm-22-tools)")

# Our tools first, then LLVM's FileCheck/not, then the inherited PATH.
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, llvm_tools_dir, os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
            "PYTHONPATH", "SOLAR_VALGRIND"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# A build configured with SOLAR_FUZZ=ON has a libFuzzer solar-fuzz-sol
# (bench/fuzz.sh drives it); the smoke test drives the standalone one.
try:
    with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
        cache_text = cache.read()
        if "SOLAR_FUZZ:BOOL=ON" in cache_text:
            config.available_features.add("libfuzzer")
        # AddressSanitizer reserves terabytes of address space: tests that
        # run under `ulimit -v` cannot.
        if "SOLAR_SANITIZE:BOOL=ON" in cache_text:
            config.available_features.add("asan")
except OSError:
    pass

# IREE's compiler (PyPI iree-base-compiler, requirements.txt): tests that
# make IREE's own output with it say REQUIRES: iree-compile.
if shutil.which("iree-compile", path=os.environ.get("PATH")):
    config.available_features.add("iree-compile")

# test/Bench/ray-runtime-env.test hides the driver's files from a Ray
# worker node in a mount namespace of its own: as root, or where user
# namespaces may mount.
_unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-Urm"]
try:
    if shutil.which("unshare") and subprocess.run(
            [*_unshare, "mount", "-t", "tmpfs", "solar-probe", source_root],
            capture_output=True).returncode == 0:
        config.available_features.add("mount-namespace")
except OSError:
    pass

python = shutil.which("python3") or "python3"
config.substitutions.append(("%python", python))
config.substitutions.append(("%solar_src", source_root))
config.substitutions.append(("%arch_dir", os.path.join(source_root, "arch")))
config.substitutions.append(
    ("%arch_reference", os.path.join(os.path.dirname(source_root), "shared", "arch-reference")))
# The binary's absolute path, for scripts that run it themselves (never
# wrapped in valgrind).
config.substitutions.append(("%solar_opt_bin", os.path.join(tools_dir, "solar-opt")))
config.substitutions.append(("%solar_bin", os.path.join(tools_dir, "solar")))
config.substitutions.append(("%inputs", os.path.join(source_root, "test", "Inputs")))

# The LLM frontend tests (test/LLM, test/Analyze) talk to a local replay
# fixture, never to a model. %replay SCENARIO --log LOG -- CMD...: serve
# SCENARIO on 127.0.0.1 while CMD runs ("@URL@" in CMD becomes the base
# URL). Longer names first: %replay is a prefix of %replay_log.
_llm_inputs = os.path.join(source_root, "test", "LLM", "Inputs")
config.substitutions.append(("%replay_log", f"{python} {_llm_inputs}/replay_log.py"))
config.substitutions.append(("%replay", f"{python} {_llm_inputs}/replay_server.py"))
config.substitutions.append(("%make_reference", f"{python} {_llm_inputs}/make_reference.py"))

# Under valgrind (scripts/test --valgrind) every solar-opt and solar call
# runs in memcheck, except `solar calibrate`: its STREAM run moves GiBs and
# would take many minutes there, so it runs natively. A name inside
# quotes is an argument of a script, not a command: left alone.
if os.environ.get("SOLAR_VALGRIND"):
    # Tests that bound CPU time to catch a quadratic algorithm say
    # UNSUPPORTED: valgrind (memcheck is 20-50 times slower).
    config.available_features.add("valgrind")
    # The tools allocate through mimalloc: memcheck must replace its malloc
    # family as it does libc's (docs/building.md, "Allocator"). mimalloc
    # serves free, delete and delete[] from one function, which memcheck
    # cannot tell apart: its mismatch check is off.
    memcheck = ("valgrind -q --error-exitcode=99 --leak-check=full "
                "--errors-for-leak-kinds=definite "
                "--soname-synonyms=somalloc='libmimalloc.so*' "
                "--show-mismatched-frees=no ")
    config.substitutions.insert(0, (
        r"(?<![\w/.'\"-])solar-opt(?![\w.'\"-])",
        memcheck + os.path.join(tools_dir, "solar-opt")))
    config.substitutions.insert(1, (
        r"(?<![\w/.'\"-])solar(?![\w.'\"-]| calibrate)",
        memcheck + os.path.join(tools_dir, "solar")))
