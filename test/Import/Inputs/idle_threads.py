"""Checks solar_imp/cli.idle_threads_sleep: the importer's untimed run
(--runs 0) sets OMP_WAIT_POLICY=PASSIVE before torch is imported, a timed
one does not, a value the user set stays, and once torch is imported it
is left alone (OpenMP read it when torch loaded). Each case in a fresh
interpreter; prints one line per case: the value torch then sees."""
import os
import subprocess
import sys

CASE = """
import os, sys
sys.path.insert(0, {path!r})
from solar_imp import cli
if {torch_first}:
    import torch
cli.idle_threads_sleep(cli.parse_args(['p.py', '--framework', 'torch',
                                       '-o', 'out', '--runs', {runs!r}]))
print(os.environ.get('OMP_WAIT_POLICY'))
"""

for name, runs, env, torch_first in (
        ("untimed", "0", None, False), ("timed", "5", None, False),
        ("user's", "0", "ACTIVE", False), ("torch imported", "0", None,
                                            True)):
    environ = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if env:
        environ["OMP_WAIT_POLICY"] = env
    out = subprocess.run(
        [sys.executable, "-c", CASE.format(path=sys.argv[1], runs=runs,
                                           torch_first=torch_first)],
        env=environ, capture_output=True, text=True, check=True)
    print(f"{name}: {out.stdout.strip()}")
