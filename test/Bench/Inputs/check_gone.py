#!/usr/bin/env python3
"""check_gone.py PIDFILE: exit 0 once the process whose pid PIDFILE holds
has ended (gone, or a zombie waiting for its reaper), 1 if it still runs
after 5 s or PIDFILE is missing (it never started)."""
import sys
import time

pid = open(sys.argv[1]).read().strip()
deadline = time.time() + 5
while time.time() < deadline:
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        sys.exit(0)
    if state in ("Z", "X"):
        sys.exit(0)
    time.sleep(0.1)
print(f"process {pid} still runs")
sys.exit(1)
