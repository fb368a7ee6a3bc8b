#!/usr/bin/env python3
"""Runs a command while the machine is busy: busy.py PER_CORE -- CMD...

Starts PER_CORE processes per CPU this process may use, spinning on it, runs CMD, stops them and exits with
CMD's status. Each spinner also ends by itself after 120 s, so a test that
dies halfway leaves nothing running (test/Analyze/busy-machine.test)."""
import os
import signal
import subprocess
import sys
import time


def spin(deadline):
    while time.monotonic() < deadline:
        for _ in range(100000):
            pass


def main(argv):
    count = int(argv[0]) * len(os.sched_getaffinity(0))
    command = argv[argv.index("--") + 1:]
    deadline = time.monotonic() + 120
    children = []
    for _ in range(count):
        pid = os.fork()
        if pid == 0:
            spin(deadline)
            os._exit(0)
        children.append(pid)
    try:
        time.sleep(0.5)  # let the spinners reach full speed
        return subprocess.run(command).returncode
    finally:
        for pid in children:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
