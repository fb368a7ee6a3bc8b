#!/usr/bin/env python3
"""exit_status.py N COMMAND...: runs COMMAND (output dropped) and exits 0
when its exit status is N, else 1 with a message (`not` only tells zero
from non-zero)."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if got != want:
    print(f"exit status {got}, expected {want}: {' '.join(sys.argv[2:])}")
sys.exit(0 if got == want else 1)
