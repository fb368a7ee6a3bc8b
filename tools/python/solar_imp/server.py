"""A fork server for solar_import.py, so a tree of programs pays for
importing torch, torch.export (dynamo) and torch-mlir once, not per program
(about 4 of the 6 CPU seconds of a small program's import; docs/bench.md).

`solar bench` starts it (tools/python/solar_import_server.py SOCKET) and
gives its `solar analyze` children SOLAR_IMPORT_SERVER=SOCKET; each
solar_import.py they start then hands its command line, working directory,
environment and standard streams to the server (`client_main`) instead of
importing torch itself, and exits with the status the server reports.

Per request the server forks a supervisor, which forks the worker: the
worker takes the client's streams, directory and environment and runs
solar_import's main() exactly as the client would have; the supervisor
waits for it and sends its status back, and kills it when the client goes
away (bench's timeout kills the client's process group, which the worker
is not in). Each worker starts from the same freshly imported state and
loads the program itself, so programs do not see each other. A client that
cannot reach a server runs the import in its own process, as without one.

Wire format: the client sends an 8-byte big-endian length together with its
fds 0, 1, 2 (SCM_RIGHTS), then that many bytes of JSON
{tool: "import" or "reference", argv, cwd, env}; the supervisor answers
one JSON line {"exit": N} or {"signal": N}, with the worker's "cpu_s" and
"max_rss_kb" (its rusage), which the client appends to the CPU ledger
SOLAR_CPU_LEDGER names when it is set. solar_reference.py (programs
with their own IR) is a client the same way."""
import json
import os
import select
import signal
import socket
import struct
import sys
import traceback

ENV = "SOLAR_IMPORT_SERVER"
_HEADER = struct.Struct(">Q")


def _preload():
    """What every torch import needs, imported once here (a JAX program's
    worker imports JAX itself)."""
    import numpy  # noqa: F401
    import torch
    import torch._dynamo  # noqa: F401  (torch.export; also the first meta op)
    import torch.export  # noqa: F401
    import torch.utils.flop_counter  # noqa: F401
    from torch_mlir import fx  # noqa: F401
    from torch_mlir.extras import fx_decomp_util, fx_importer  # noqa: F401
    from . import cli, scan_lowering, torch_export  # noqa: F401
    from solar_ref import cli as ref_cli, torch_runner  # noqa: F401
    del torch


# _warm_up's program: convolution, batch norm, pooling, concatenation and
# a linear layer, at a size whose FLOPs the size choice shrinks (so that
# both exports run).
_WARM_UP_PROGRAM = """
import torch
import torch.nn as nn
import torch.nn.functional as F

N, C, S = 2, 16, 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, C, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(C)
        self.fc = nn.Linear(2 * C, 10)

    def forward(self, x):
        y = F.relu(self.bn(self.conv(x)), inplace=True)
        y = torch.cat([y, F.avg_pool2d(F.max_pool2d(y, 3, 1, 1), 1)], 1)
        y = F.adaptive_avg_pool2d(y, (1, 1)).view(y.size(0), -1)
        return torch.softmax(self.fc(y), -1)


def get_inputs():
    return [torch.rand(N, 3, S, S)]


def get_init_inputs():
    return []
"""


def _warm_up():
    """A torch import's work that is the same for every program, done
    once here instead of in every worker: the first size choice, export,
    decomposition and torch-mlir import in a process initialize torch's
    and torch-mlir's lazy state (modules, registries, caches, the
    decomposition table), about 0.6 CPU s of a small program's import in
    a fresh worker. A throwaway program goes through them without its
    reference run, so nothing computes on data here (OpenMP stays unused
    before the fork) and no output is written but into a temporary
    directory. Caches keep only what a computation gives anyway: a
    worker's import is the same, and a failure here changes nothing but
    the time a worker takes (it is said on stderr, the server serves on;
    test/Bench/import_server_warm_up.test)."""
    import contextlib
    import io
    import tempfile
    from . import cli, memo as memo_module, torch_export
    try:
        with tempfile.TemporaryDirectory(prefix="solar-warm-up-") as tmp, \
                contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            path = os.path.join(tmp, "warm_up.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(_WARM_UP_PROGRAM)
            args = cli.parse_args([path, "--framework", "torch", "-o", tmp,
                                   "--runs", "0"])
            memo = memo_module.Memo.for_import(args,
                                               torch_export.describe())
            small, _ = cli.verification_overrides(args, torch_export, memo)
            torch_export.export(cli._load(args, small), args, memo=memo)
            full = cli._load(args, [])
            torch_export.export(full, args, meta=True, memo=memo)
            torch_export.flop_counter(full, args)
    except Exception as exc:
        print(f"solar_import_server: warm-up failed ({type(exc).__name__}: "
              f"{exc}); serving without it", file=sys.stderr, flush=True)


def _receive_exact(conn, size):
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


_WAIT_POLICY = "OMP_WAIT_POLICY"


def _run_worker(request, fds, wait_policy):
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    # OpenMP read its wait policy when the server loaded torch: the
    # worker's environment says the one in effect, not the client's.
    os.environ.pop(_WAIT_POLICY, None)
    if wait_policy is not None:
        os.environ[_WAIT_POLICY] = wait_policy
    sys.argv = list(request["argv"])
    if request.get("tool") == "reference":
        from solar_ref.cli import main
    else:
        from .cli import main
    try:
        status = main(sys.argv[1:])
    except SystemExit as exc:  # argparse's usage errors; as the interpreter
        status = exc.code
        if status is not None and not isinstance(status, int):
            print(status, file=sys.stderr)
            status = 1
    except BaseException:  # what the interpreter would do: trace, exit 1
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status or 0)


def _supervise(conn, wait_policy):
    """In the supervisor (a child of the server): never returns."""
    status = {"signal": signal.SIGKILL}
    try:
        header, fds, _, _ = socket.recv_fds(conn, _HEADER.size, 3)
        if len(header) < _HEADER.size:
            header += _receive_exact(conn, _HEADER.size - len(header))
        request = json.loads(_receive_exact(conn, _HEADER.unpack(header)[0]))
        worker = os.fork()
        if worker == 0:
            conn.close()
            _run_worker(request, fds, wait_policy)
        for fd in fds:
            os.close(fd)
        while True:
            done, raw, usage = os.wait4(worker, os.WNOHANG)
            if done:
                status = ({"exit": os.WEXITSTATUS(raw)} if os.WIFEXITED(raw)
                          else {"signal": os.WTERMSIG(raw)})
                # The worker is not in the client's process tree: what it
                # used goes back to the client for its CPU ledger.
                status["cpu_s"] = usage.ru_utime + usage.ru_stime
                status["max_rss_kb"] = usage.ru_maxrss
                break
            readable, _, _ = select.select([conn], [], [], 0.2)
            if readable and not conn.recv(1, socket.MSG_PEEK):
                os.kill(worker, signal.SIGKILL)  # the client is gone
                os.waitpid(worker, 0)
                os._exit(0)
        conn.sendall((json.dumps(status) + "\n").encode())
    except Exception:
        pass
    os._exit(0)


def _reap(block=False):
    while True:
        try:
            pid, _ = os.waitpid(-1, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def serve(path, idle_threads_sleep=False):
    """Listens at `path` (at once, so clients queue while the imports
    load), serves until SIGTERM/SIGINT or the death of its parent, then
    reaps every child (their CPU time counts in the parent's).

    With `idle_threads_sleep` (`solar bench` times nothing on this CPU),
    torch's idle OpenMP threads sleep in every worker instead of spinning
    (OMP_WAIT_POLICY=PASSIVE before torch loads OpenMP; a value the user
    set stays), what an import without the server does with --runs 0
    (cli.idle_threads_sleep), which comes too late in a worker: torch is
    loaded here, once. The same threads split the same work, so every value
    is the same; DenseNet-201's reference run in a worker spun 2.7 of its
    3.2 CPU s (docs/performance.md, "Tenth round")."""
    parent = os.getppid()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    if idle_threads_sleep:
        os.environ.setdefault(_WAIT_POLICY, "PASSIVE")
    wait_policy = os.environ.get(_WAIT_POLICY)
    _preload()
    _warm_up()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    listener.settimeout(0.5)
    sys.stdout.flush()
    sys.stderr.flush()
    while not stopping and os.getppid() == parent:
        _reap()
        try:
            conn, _ = listener.accept()
        except (socket.timeout, InterruptedError):
            continue
        conn.settimeout(None)
        if os.fork() == 0:
            listener.close()
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            _supervise(conn, wait_policy)
        conn.close()
    listener.close()
    try:
        os.unlink(path)
    except OSError:
        pass
    _reap(block=True)
    return 0


LEDGER_ENV = "SOLAR_CPU_LEDGER"


def _write_ledger(status):
    """Appends the worker's CPU seconds and peak RSS to the file
    SOLAR_CPU_LEDGER names (`solar bench` sets it per program and adds the
    lines to the program's cpu_s: tools/solar/bench/cli_bench_ledger.h)."""
    path = os.environ.get(LEDGER_ENV)
    if not path or "cpu_s" not in status:
        return
    line = f"{status['cpu_s']:.6f} {int(status['max_rss_kb'])}\n"
    try:
        # One write of one short line with O_APPEND: two clients of one
        # program (import, then reference) never interleave.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)
    except OSError:
        pass


def client_main(path, argv, tool="import"):
    """The exit status of solar_import (`tool` "import") or
    solar_reference ("reference") run with `argv` by the server at `path`;
    None when no server answers there (the caller then runs it itself)."""
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError:
        conn.close()
        return None
    payload = json.dumps({"tool": tool, "argv": argv, "cwd": os.getcwd(),
                          "env": dict(os.environ)}).encode()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        socket.send_fds(conn, [_HEADER.pack(len(payload))], [0, 1, 2])
        conn.sendall(payload)
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = conn.recv(256)
            if not chunk:
                break
            answer += chunk
    except OSError:
        answer = b""
    conn.close()
    if not answer.endswith(b"\n"):
        return None if not answer else 1
    status = json.loads(answer)
    _write_ledger(status)
    if "signal" in status:
        print(f"solar_import: error: the import worker died of signal "
              f"{status['signal']}", file=sys.stderr)
        return 1
    return status["exit"]
