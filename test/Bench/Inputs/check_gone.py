#!/usr/bin/env python3
"""check_gone.py PIDFILE: exit 0 once the process whose pid PIDFILE holds
has ended (gone, or a zombie waiting for its reaper), 1 if it still runs
after 60 s.

check_gone.py --env NAME=VALUE: exit 0 once no process has NAME=VALUE in
its environment (so every descendant of a command run with that setting,
however far it got, has ended), 1 if one still runs after 60 s.

A PIDFILE that is missing counts as gone only with --env as well: the
process it names may have been killed before it could write it (the Python
reference can take any time to import torch on a loaded machine)."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proc_files import each_process  # noqa: E402


def running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def with_env(marker):
    return [str(pid) for pid, env in each_process("environ")
            if pid != os.getpid() and marker in env and running(pid)]


def main():
    args = sys.argv[1:]
    marker = None
    if args and args[0] == "--env":
        marker = args[1].encode()
        args = args[2:]
    pid = None
    if args:
        try:
            pid = open(args[0]).read().strip()
        except FileNotFoundError:
            if marker is None:
                print(f"{args[0]} is missing: the process never started")
                return 1
    # Generous: a process killed with SIGKILL can take a while to unmap a
    # large heap on a loaded machine; a passing run returns at once.
    deadline = time.time() + 60
    while time.time() < deadline:
        left = ([pid] if pid and running(pid) else []) + (with_env(marker) if marker else [])
        if not left:
            return 0
        time.sleep(0.1)
    for p in sorted(set(left)):
        try:
            stat = open(f"/proc/{p}/stat").read()
            cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode()
        except OSError:
            stat = cmd = "(gone)"
        print(f"still running: {p}: {stat[:120]} {cmd[:200]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
