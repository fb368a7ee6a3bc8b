#!/usr/bin/env python3
"""A stand-in for the Python that runs solar_reference.py / solar_import.py
(SOLAR_PYTHON=this): it starts a child in a new session, as
subprocess.Popen(..., start_new_session=True) or any double fork does, so
the child leaves the runner's process group, writes both pids, and hangs.
Every process it starts carries ESCAPE_MARKER in its environment, so
check_gone.py --env can tell whether any survived."""
import os
import subprocess
import sys
import time

out = os.environ["ESCAPE_PIDS"]
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                         start_new_session=True)
with open(out + ".tmp", "w") as f:
    f.write(f"{os.getpid()} {child.pid}\n")
os.rename(out + ".tmp", out)
time.sleep(600)
