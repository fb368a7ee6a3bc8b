"""A real two-process Ray cluster on 127.0.0.1 for the length of one
command: a head and one more worker node (one CPU each, no dashboard),
RAY_ADDRESS set for the command, the cluster stopped afterwards whatever
the command did. Prints Ray's start-up time.

    ray_cluster.py [--kill-worker-mid-run] -- COMMAND...

--kill-worker-mid-run: as soon as a program runs on the extra worker node
(a `solar bench --ray-worker-child` process below that node's raylet), the
node is killed (raylet and workers, no graceful drain), so that the task
is lost mid-run; prints which program it was."""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proc_files import each_process  # noqa: E402

args = sys.argv[1:]
kill = args[0] == "--kill-worker-mid-run"
if kill:
    args = args[1:]
assert args[0] == "--", "usage: ray_cluster.py [--kill-worker-mid-run] -- CMD..."
command = args[1:]


def parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def program_below(root_pid):
    """The program a worker-child process below root_pid runs, or None."""
    for pid, argv in each_process("cmdline"):
        if b"--ray-worker-child" not in argv or b"analyze" not in argv:
            continue
        while pid > 1 and pid != root_pid:
            pid = parent(pid)
        if pid == root_pid:
            return argv[argv.index(b"analyze") + 1].decode()
    return None

# Every address Ray resolves stays on the loopback: without this a driver
# given 127.0.0.1 dials the host's own IP, where nothing listens.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
started = time.monotonic()
from ray.cluster_utils import Cluster  # noqa: E402

# A short temp dir: Ray's Unix socket paths live below it.
temp_dir = tempfile.mkdtemp(prefix="sr", dir="/tmp")
# Ray also writes the head's address to $TMPDIR/ray/ray_current_cluster.
os.makedirs(os.path.join(tempfile.gettempdir(), "ray"), exist_ok=True)
node_args = {"num_cpus": 1, "node_ip_address": "127.0.0.1"}
cluster = Cluster(initialize_head=True, head_node_args={
    **node_args, "include_dashboard": False, "temp_dir": temp_dir})
status = 1
try:
    worker = cluster.add_node(**node_args)
    cluster.wait_for_nodes()
    print(f"ray start-up: {time.monotonic() - started:.1f} s (head + 1 worker "
          f"at {cluster.address})", flush=True)
    env = dict(os.environ, RAY_ADDRESS=cluster.address)
    child = subprocess.Popen(command, env=env)
    raylet = worker.all_processes["raylet"][0].process.pid
    while child.poll() is None:
        program = program_below(raylet) if kill else None
        if program:
            cluster.remove_node(worker, allow_graceful=False)
            print(f"ray_cluster: killed the worker node {worker.node_id[:12]} "
                  f"while it ran {program}", flush=True)
            kill = False
        time.sleep(0.02)
    status = child.returncode
finally:
    cluster.shutdown()
    subprocess.run(["rm", "-rf", temp_dir])
sys.exit(status)
