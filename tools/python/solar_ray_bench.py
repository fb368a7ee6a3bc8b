#!/usr/bin/env python3
"""The Ray driver of `solar bench --ray` (docs/bench.md, "Cluster"):

    python3 tools/python/solar_ray_bench.py JOB.json

`solar bench` writes JOB.json (the cluster address, resources per program,
the worker's solar, the hardware file and, per program, the arguments of
its `solar analyze` child) and reads this script's stdout: one line per
finished program,

    done INDEX WAIT_STATUS TIMED_OUT WALL_SECONDS NODE

(WAIT_STATUS as waitpid gives it, TIMED_OUT 0/1, NODE the rest of the
line), and draws progress, reads the reports and writes the summary
itself, exactly as for its local children. Anything else this script or
Ray prints goes to stderr.

One Ray task per program runs the same child as a local bench, through
`solar bench --ray-worker-child` on the worker: the same process tree
(a watchdog that kills every descendant at the --timeout), log cap and
private TMPDIR as a local child. Before it runs anything, each task checks
that the worker's solar (its --version and the binary's sha256) and the
hardware file (sha256) are the driver's: a worker with another version
refuses, and the whole run stops with an error naming the node. Tasks are
retried only when Ray loses them (a worker or node died): a program that
fails on its own is a result, not an exception."""
import hashlib
import json
import os
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


def node_name():
    import ray
    context = ray.get_runtime_context()
    return (f"{socket.gethostname()} {ray.util.get_node_ip_address()} "
            f"node {context.get_node_id()[:12]}")


def run_program(job, program, expected):
    """One program on a worker: a dict for `done`, or one saying why this
    worker refuses."""
    node = node_name()
    try:
        mine = identity(job["solar"], job["arch_file"])
    except OSError as e:
        return {"refused": f"Ray node {node}: {e}"}
    for key, value in expected.items():
        if mine[key] != value:
            return {"refused": f"Ray node {node} has {key} '{mine[key]}', "
                               f"the driver '{value}'"}
    tmp = tempfile.mkdtemp(prefix="solar-bench-")
    command = [job["solar"], "bench", "--ray-worker-child",
               "--log", program["log"], "--tmpdir", tmp,
               "--timeout", repr(job["timeout"]), "--", job["solar"],
               *program["args"]]
    started = time.monotonic()
    child = subprocess.run(command, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True)
    wall = time.monotonic() - started
    subprocess.run(["rm", "-rf", tmp])
    words = child.stdout.split()
    if child.returncode != 0 or len(words) != 3 or words[0] != "status":
        # The wrapper itself failed: report it as the program's death.
        return {"index": program["index"], "wait": 127 << 8, "timed_out": 0,
                "wall": wall, "node": node,
                "error": child.stderr.strip()[-400:]}
    return {"index": program["index"], "wait": int(words[1]),
            "timed_out": int(words[2]), "wall": wall, "node": node}


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
    ray.init(address=None if address == "local" else address,
             include_dashboard=False, log_to_driver=False,
             logging_level="ERROR", configure_logging=True)
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
    pending = {}
    for program in job["programs"]:
        gpus = job["gpus"]
        if gpus < 0:  # default: a GPU for each reference, when there are any
            gpus = 1 if program["framework"] and gpus_in_cluster > 0 else 0
        options = {"num_cpus": job["cpus"], "num_gpus": gpus,
                   "max_retries": LOST_TASK_RETRIES, "retry_exceptions": False}
        if job["memory"] > 0:
            options["memory"] = job["memory"]
        ref = task.options(**options).remote(job, program, expected)
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
                          "timed_out": 0, "wall": 0.0, "node": "(lost)"}
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
            protocol.write(f"done {result['index']} {result['wait']} "
                           f"{result['timed_out']} {result['wall']:.6f} "
                           f"{result['node']}\n")
    protocol.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
