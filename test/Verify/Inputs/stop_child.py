#!/usr/bin/env python3
"""Runs a command and stops (SIGSTOP) the first child process it starts,
so that child blocks without using CPU time: the way to reach the verify
sandbox's wall-time limit rather than its CPU limit. Prints the command's
stderr, then "stop_child.py: exit status N" (a signal N as 128 + N, like a
shell), and exits 0.

    stop_child.py COMMAND ARGS...
"""
import os
import signal
import subprocess
import sys
import time


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def main():
    proc = subprocess.Popen(sys.argv[1:], stderr=subprocess.PIPE)
    stopped = None
    while proc.poll() is None and stopped is None:
        kids = children(proc.pid)
        if kids:
            stopped = kids[0]
            os.kill(stopped, signal.SIGSTOP)
            print("stop_child.py: stopped the child", file=sys.stderr)
        else:
            time.sleep(0.005)
    _, err = proc.communicate()
    sys.stderr.write(err.decode(errors="replace"))
    rc = proc.returncode
    print(f"stop_child.py: exit status {128 - rc if rc < 0 else rc}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
