#!/usr/bin/env python3
"""Runs `solar analyze ARGS...` and prints "exit N" then its stderr, so a
test can check the exact exit status (lit's `not` only knows non-zero)."""
import subprocess
import sys

proc = subprocess.run(["solar", "analyze"] + sys.argv[1:],
                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                      text=True)
print("exit", proc.returncode)
print(proc.stderr)
