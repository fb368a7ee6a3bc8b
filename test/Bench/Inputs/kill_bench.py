#!/usr/bin/env python3
"""kill_bench.py WORKDIR SOLAR ARCH: SIGKILL of a running `solar bench`
leaves nothing behind, and a second bench on the same output directory
meanwhile touches none of its files.

Starts `solar bench WORKDIR/hang` (Inputs/hang: the program sleeps 600 s)
with no timeout and BENCH_HANG_PID set, waits (as long as it takes:
importing torch may take long on a loaded machine) until hang.py runs,
then:
  1. runs `solar bench --resume` on the same --out: it must refuse, and the
     running program's log and the .tmp folder must still be there;
  2. SIGKILLs the first bench;
  3. checks that no process carrying this BENCH_HANG_PID (analyze, the
     Python reference) survives, and that the output lock is free again.
Prints one line per step."""
import fcntl
import os
import signal
import subprocess
import sys
import time

work, solar, arch = sys.argv[1], sys.argv[2], sys.argv[3]
pidfile = os.path.join(work, "pid")
out = os.path.join(work, "out")
env = dict(os.environ, BENCH_HANG_PID=pidfile)
cmd = [solar, "bench", os.path.join(work, "hang"), "--arch", arch, "--out", out,
       "--runs", "1", "--timeout", "0"]
bench = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                         stderr=open(os.path.join(work, "first.stderr"), "w"))
deadline = time.time() + 900
while not os.path.exists(pidfile) or not open(pidfile).read().strip():
    if bench.poll() is not None or time.time() > deadline:
        print(f"the bench ended (status {bench.returncode}) before hang.py ran")
        sys.exit(1)
    time.sleep(0.2)
print("hang.py runs")

second = subprocess.run(cmd + ["--resume"], capture_output=True, text=True)
print(f"second bench: exit {second.returncode}: {second.stderr.strip()}")
log = os.path.join(out, "hang.py.log")
print("log kept" if os.path.exists(log) else "log deleted")
print(".tmp kept" if os.path.isdir(os.path.join(out, ".tmp")) else ".tmp deleted")

bench.send_signal(signal.SIGKILL)
bench.wait()
print(f"bench killed: {-bench.returncode}")
gone = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "check_gone.py"),
                       "--env", f"BENCH_HANG_PID={pidfile}", pidfile])
print("children gone" if gone.returncode == 0 else "children left running")

lock = open(os.path.join(out, ".lock"), "a")
try:
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("lock free")
except OSError:
    print("lock still held")
