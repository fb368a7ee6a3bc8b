"""A real two-process Ray cluster on 127.0.0.1 for the length of one
command: a head and one more worker node (one CPU each, no dashboard),
RAY_ADDRESS set for the command, the cluster stopped afterwards whatever
the command did. Prints Ray's start-up time.

    ray_cluster.py [--kill-worker-mid-run] -- COMMAND...
    ray_cluster.py --isolated-worker [--hide PATH]... [--worker-bin DIR]
                   [--worker-gpus N] -- COMMAND...

--kill-worker-mid-run: as soon as a program runs on the extra worker node
(a `solar bench --ray-worker-child` process below that node's raylet), the
node is killed (raylet and workers, no graceful drain), so that the task
is lost mid-run; prints which program it was.

--isolated-worker: a worker node that shares no path with the driver. The
head gets no CPU (every task runs on the worker); the worker node runs in
its own mount namespace (unshare) where each --hide PATH (a directory, or
the directory of a file) is covered by an empty tmpfs, so that nothing the
driver reads or writes there exists for it; --worker-bin DIR is copied to a
private directory first on the worker's PATH (its own solar); the node
declares --worker-gpus N GPUs (default 0), a declaration Ray schedules by
without any GPU being there."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proc_files import each_process  # noqa: E402

USAGE = ("usage: ray_cluster.py [--kill-worker-mid-run | --isolated-worker "
         "[--hide PATH]... [--worker-bin DIR] [--worker-gpus N]] -- CMD...")
args = sys.argv[1:]
kill = isolated = False
hide, worker_bin, worker_gpus = [], None, 0
while args and args[0] != "--":
    flag = args.pop(0)
    if flag == "--kill-worker-mid-run":
        kill = True
    elif flag == "--isolated-worker":
        isolated = True
    elif flag == "--hide" and args:
        path = os.path.realpath(args.pop(0))
        hide.append(path if os.path.isdir(path) else os.path.dirname(path))
    elif flag == "--worker-bin" and args:
        worker_bin = args.pop(0)
    elif flag == "--worker-gpus" and args:
        worker_gpus = int(args.pop(0))
    else:
        sys.exit(USAGE)
assert args and args[0] == "--", USAGE
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


# The isolated worker node itself (run by start_isolated_worker in its
# namespace): joins the head as Cluster.add_node does, until SIGTERM.
NODE_SCRIPT = """
import os, signal, sys, time
import ray._private.node, ray._private.parameter
params = ray._private.parameter.RayParams(
    node_ip_address="127.0.0.1", gcs_address=sys.argv[1], num_cpus=1,
    num_gpus=int(sys.argv[2]), object_store_memory=150 << 20,
    min_worker_port=0, max_worker_port=0, include_log_monitor=False,
    node_manager_port=0)
params.dashboard_agent_listen_port = None
node = ray._private.node.Node(params, head=False, shutdown_at_exit=True,
                              spawn_reaper=True)
def stop(*_):
    node.kill_all_processes(check_alive=False, allow_graceful=False)
    os._exit(0)
signal.signal(signal.SIGTERM, stop)
while True:
    time.sleep(1)
"""


def start_isolated_worker(address, private):
    """A worker node in a mount namespace of its own with the hidden
    directories covered (deepest first, so that a deeper one is not already
    gone), started from / so that no cwd reaches below a cover."""
    env = dict(os.environ)
    if worker_bin:
        shutil.copytree(worker_bin, os.path.join(private, "bin"))
        env["PATH"] = os.path.join(private, "bin") + os.pathsep + env["PATH"]
    cover = ('python=$1; shift; for d; do mount -t tmpfs -o size=1m,mode=0755 '
             'solar-hidden "$d" || exit 1; done; exec "$python" -c "$0" '
             f'{address} {worker_gpus}')
    unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-Urm"]
    return subprocess.Popen(
        [*unshare, "sh", "-c", cover, NODE_SCRIPT, sys.executable,
         *sorted(set(hide), key=len, reverse=True)],
        cwd="/", env=env, start_new_session=True, stdout=subprocess.DEVNULL)


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
    **node_args, "num_cpus": 0 if isolated else 1,
    "include_dashboard": False, "temp_dir": temp_dir})
status, outside = 1, None
try:
    if isolated:
        outside = start_isolated_worker(cluster.address, temp_dir)
        while len(cluster.global_state._live_node_ids()) < 2:
            if outside.poll() is not None:
                sys.exit(f"ray_cluster: the isolated worker node stopped "
                         f"(exit status {outside.returncode})")
            time.sleep(0.1)
    else:
        worker = cluster.add_node(**node_args)
        cluster.wait_for_nodes()
    print(f"ray start-up: {time.monotonic() - started:.1f} s (head + 1 "
          f"{'isolated ' if isolated else ''}worker at {cluster.address})",
          flush=True)
    env = dict(os.environ, RAY_ADDRESS=cluster.address)
    child = subprocess.Popen(command, env=env)
    raylet = None if isolated else \
        worker.all_processes["raylet"][0].process.pid
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
    if outside:
        # `ray start --block` stops its node's processes when it ends.
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(outside.pid, sig)
                outside.wait(60)
                break
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                pass
        outside.wait()
    cluster.shutdown()
    subprocess.run(["rm", "-rf", temp_dir])
sys.exit(status)
