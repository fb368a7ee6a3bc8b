#!/usr/bin/env python3
"""The Ray driver of `solar bench --ray` (docs/bench.md, "Cluster"):

    python3 tools/python/solar_ray_bench.py JOB.json

`solar bench` writes JOB.json (the cluster address, resources per program,
the worker's solar, the hardware file and, per program, the arguments of
its `solar analyze` child) and reads this script's stdout: one line per
finished program,

    done INDEX WAIT_STATUS TIMED_OUT WALL_SECONDS RESOURCES NODE

(WAIT_STATUS as waitpid gives it, TIMED_OUT 0/1, RESOURCES what the task
held, "CPU=1,GPU=1", NODE the rest of the line), and draws progress, reads
the reports and writes the summary itself, exactly as for its local
children. Anything else this script or Ray prints goes to stderr.

One Ray task per program runs the same child as a local bench, through
`solar bench --ray-worker-child` on the worker: the same process tree
(a watchdog that kills every descendant at the --timeout), log cap and
private TMPDIR as a local child. Before it runs anything, each task checks
that the worker's solar (its --version and the binary's sha256) and the
hardware file (sha256) are the driver's: a worker with another version
refuses, and the whole run stops with an error naming the node. Tasks are
retried only when Ray loses them (a worker or node died): a program that
fails on its own is a result, not an exception.

Files: on a shared filesystem (the default) the worker reads the programs
and writes OUTDIR at the driver's paths. With "runtime_env" (solar bench
--ray-runtime-env) the worker shares nothing with the driver: the Python
side (tools/python) is the job's runtime_env working_dir, the solar binary
is the worker's own (--ray-solar, default `solar` on its PATH: the same
build, by sha256), and each task gets its input files (the program, its
sibling IR, the hardware file, --measured files) as arguments. The task
lays them out under a private root R at their driver paths (R + path), runs
the child there (its cwd R + the driver's cwd, TMPDIR R + OUTDIR/.tmp,
SOLAR_ARCH_PATH R + the hardware file's directory, SOLAR_PYTHON_DIR the
shipped Python side), and returns every file the child wrote below
R + OUTDIR with R taken out of its content: the driver writes them into
OUTDIR as the local run does."""
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

# Ray retries a task lost with its worker this many times; a program's own
# failure is returned as a value, so it is never retried.
LOST_TASK_RETRIES = 3


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def identity(solar, arch_file):
    """What must be equal on the driver and every worker."""
    version = subprocess.run([solar, "--version"], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True)
    return {
        "solar --version": version.stdout.strip() or
        f"(exit status {version.returncode})",
        "solar sha256": sha256(solar),
        "hardware file sha256": sha256(arch_file),
    }


def resource_text():
    """What the running task holds, as one word: "CPU=1,GPU=1"."""
    import ray
    held = ray.get_runtime_context().get_assigned_resources()
    return ",".join(f"{name}={amount:g}"
                    for name, amount in sorted(held.items())) or "nothing"


def node_name():
    import ray
    context = ray.get_runtime_context()
    return (f"{socket.gethostname()} {ray.util.get_node_ip_address()} "
            f"node {context.get_node_id()[:12]}")


def read_files(paths):
    """{path as the child names it: bytes} of the driver's files."""
    contents = {}
    for path in paths:
        with open(path, "rb") as f:
            contents[os.path.abspath(path)] = f.read()
    return contents


class Sandbox:
    """A task's private root R (runtime_env mode): the driver's files and
    directories at R + their driver path."""

    def __init__(self, job, files):
        self.root = os.path.realpath(tempfile.mkdtemp(prefix="solar-task-"))
        self.files = files
        self.out = job["out_dir"]
        for path, content in files.items():
            os.makedirs(os.path.dirname(self.at(path)), exist_ok=True)
            with open(self.at(path), "wb") as f:
                f.write(content)
        os.makedirs(self.at(job["cwd"]), exist_ok=True)
        os.makedirs(self.at(self.out + "/.tmp"), exist_ok=True)

    def at(self, path):
        return self.root + path

    def argument(self, arg):
        """A child argument naming a driver file or a path in OUTDIR, moved
        below R (also the FILE of NAME=FILE); relative ones resolve below R
        through the child's cwd."""
        def moved(path):
            if not os.path.isabs(path):
                return None
            normal = os.path.normpath(path)
            if normal not in self.files and normal != self.out and \
                    not normal.startswith(self.out + "/"):
                return None
            # The path as given (a "dir/../file" needs R + dir too).
            os.makedirs(os.path.dirname(self.at(path)), exist_ok=True)
            return self.at(path)
        name, sep, path = arg.partition("=")
        if moved(arg):
            return moved(arg)
        if sep and moved(path):
            return name + sep + moved(path)
        return arg

    def outputs(self):
        """{path relative to OUTDIR: content without R} of what the child
        wrote below R + OUTDIR (its .tmp aside)."""
        found = {}
        base = self.at(self.out)
        for top, dirs, names in os.walk(base):
            if top == base and ".tmp" in dirs:
                dirs.remove(".tmp")
            for name in names:
                path = os.path.join(top, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    with open(path, "rb") as f:
                        found[os.path.relpath(path, base)] = \
                            f.read().replace(self.root.encode(), b"")
        return found

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


def worker_solar(name):
    """solar on this worker: a path, or a name looked up on its PATH."""
    if "/" in name:
        return name
    found = shutil.which(name)
    if not found:
        raise OSError(f"no '{name}' on its PATH ({os.environ.get('PATH', '')})")
    return found


def run_program(job, program, expected, shared_files=None, own_files=None):
    """One program on a worker: a dict for `done`, or one saying why this
    worker refuses. In runtime_env mode its input files come as arguments:
    those of every program (shared_files, one object in Ray's store) and
    its own."""
    python_dir = os.getcwd()  # the runtime_env's working_dir, when shipped
    node = node_name()
    sandbox = None
    if own_files is not None:
        sandbox = Sandbox(job, {**shared_files, **own_files})
    try:
        solar = worker_solar(job["solar"])
        arch = sandbox.at(job["arch_file"]) if sandbox else job["arch_file"]
        mine = identity(solar, arch)
    except OSError as e:
        if sandbox:
            sandbox.remove()
        return {"refused": f"Ray node {node}: {e}"}
    for key, value in expected.items():
        if mine[key] != value:
            if sandbox:
                sandbox.remove()
            return {"refused": f"Ray node {node} has {key} '{mine[key]}', "
                               f"the driver '{value}'"}
    env, cwd = None, None
    if sandbox:
        tmp = sandbox.at(job["out_dir"] + "/.tmp")
        log = sandbox.at(program["log"])
        os.makedirs(os.path.dirname(log), exist_ok=True)
        args = [sandbox.argument(arg) for arg in program["args"]]
        cwd = sandbox.at(job["cwd"])
        arch_path = os.environ.get("SOLAR_ARCH_PATH")
        env = dict(os.environ, SOLAR_PYTHON_DIR=python_dir,
                   SOLAR_ARCH_PATH=os.path.dirname(arch) +
                   (":" + arch_path if arch_path else ""))
    else:
        tmp = tempfile.mkdtemp(prefix="solar-bench-")
        log, args = program["log"], program["args"]
    command = [solar, "bench", "--ray-worker-child", "--log", log,
               "--tmpdir", tmp, "--timeout", repr(job["timeout"]), "--",
               solar, *args]
    started = time.monotonic()
    child = subprocess.run(command, stdin=subprocess.DEVNULL, cwd=cwd,
                           env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    result = {"index": program["index"], "wall": wall, "node": node,
              "resources": resource_text()}
    if sandbox:
        result["files"] = sandbox.outputs()
        sandbox.remove()
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    words = child.stdout.split()
    if child.returncode != 0 or len(words) != 3 or words[0] != "status":
        # The wrapper itself failed: report it as the program's death.
        return {**result, "wait": 127 << 8, "timed_out": 0,
                "error": child.stderr.strip()[-400:]}
    return {**result, "wait": int(words[1]), "timed_out": int(words[2])}


def write_outputs(out_dir, files):
    """A runtime_env task's files into OUTDIR, each a fresh file (never
    written through a link), as the local child writes them."""
    for rel, content in files.items():
        if os.path.isabs(rel) or os.path.normpath(rel) != rel or \
                rel.startswith(".."):
            raise ValueError(f"a worker returned a file outside OUTDIR: {rel}")
        path = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.lexists(path):
            os.unlink(path)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL |
                     os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(content)


def main():
    if len(sys.argv) != 2:
        print("usage: solar_ray_bench.py JOB.json", file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        job = json.load(f)
    # The protocol keeps fd 1; whatever else writes to stdout (Ray, its
    # forwarded worker output) goes to stderr.
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    started = time.monotonic()
    import ray
    address = job["address"]
    shipped = job["runtime_env"]
    job["cwd"] = os.getcwd()
    job["arch_file"] = os.path.abspath(job["arch_file"])
    runtime_env = None
    if shipped:
        runtime_env = {"working_dir": job["python_dir"],
                       "excludes": ["__pycache__/"]}
    ray.init(address=None if address == "local" else address,
             include_dashboard=False, log_to_driver=False,
             logging_level="ERROR", configure_logging=True,
             runtime_env=runtime_env)
    print(f"solar bench: Ray cluster {ray.get_runtime_context().gcs_address} "
          f"ready in {time.monotonic() - started:.1f} s",
          file=sys.stderr, flush=True)
    try:
        expected = identity(job["driver_solar"], job["arch_file"])
    except OSError as e:
        print(f"solar bench: error: the driver's solar or hardware file: {e}",
              file=sys.stderr)
        return 1
    gpus_in_cluster = ray.cluster_resources().get("GPU", 0)
    task = ray.remote(run_program)
    shared = ray.put(read_files(job["files"])) if shipped else None
    pending = {}
    for program in job["programs"]:
        gpus = job["gpus"]
        if gpus < 0:  # default: a GPU for each timed reference, if any
            gpus = 1 if program["gpu_reference"] and gpus_in_cluster > 0 else 0
        options = {"num_cpus": job["cpus"], "num_gpus": gpus,
                   "max_retries": LOST_TASK_RETRIES, "retry_exceptions": False}
        if job["memory"] > 0:
            options["memory"] = job["memory"]
        own = read_files(program["files"]) if shipped else None
        ref = task.options(**options).remote(job, program, expected, shared,
                                             own)
        pending[ref] = program
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            program = pending.pop(ref)
            try:
                result = ray.get(ref)
            except ray.exceptions.RayError as e:
                # Lost more often than the retries allow: the program ends
                # as a death, with Ray's reason in the driver's stderr.
                print(f"solar bench: {program['rel']}: {type(e).__name__}: "
                      f"{str(e).splitlines()[0] if str(e) else ''}",
                      file=sys.stderr, flush=True)
                result = {"index": program["index"], "wait": 9,
                          "timed_out": 0, "wall": 0.0, "node": "(lost)",
                          "resources": "nothing"}
            if "refused" in result:
                print("solar bench: error: " + result["refused"] +
                      ": refusing to run mixed versions of solar or of the "
                      "hardware file (install the driver's on every node)",
                      file=sys.stderr, flush=True)
                for other in pending:
                    ray.cancel(other, force=True)
                return 1
            if "error" in result:
                print(f"solar bench: {program['rel']}: the worker could not "
                      f"run solar: {result['error']}", file=sys.stderr)
            write_outputs(job["out_dir"], result.get("files", {}))
            protocol.write(f"done {result['index']} {result['wait']} "
                           f"{result['timed_out']} {result['wall']:.6f} "
                           f"{result['resources']} {result['node']}\n")
    protocol.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
