#!/usr/bin/env python3
"""signal_analyze.py DIR SIGNAL -- COMMAND...: runs COMMAND (a solar
command whose Python side is escaping_runner.py) with TMPDIR=DIR/tmp, waits
until the runner has started its escaping child, sends SIGNAL to solar and
prints how solar ended and what it left: processes carrying the marker
(checked by check_gone.py afterwards) and files in DIR/tmp."""
import os
import signal
import subprocess
import sys
import time

directory, signame = sys.argv[1], sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
tmp = os.path.join(directory, "tmp")
os.makedirs(tmp, exist_ok=True)
env = dict(os.environ, TMPDIR=tmp, ESCAPE_PIDS=os.path.join(directory, "pids"),
           ESCAPE_MARKER=directory)


def default_signals():
    # A test runner may start us with SIGINT ignored (as a shell does for
    # a background job); solar keeps an ignored signal ignored.
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


solar = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, preexec_fn=default_signals)
deadline = time.time() + 120
while not os.path.exists(env["ESCAPE_PIDS"]) and time.time() < deadline:
    if solar.poll() is not None:
        print("solar ended before the runner started:", solar.returncode)
        print(solar.stderr.read().decode())
        sys.exit(1)
    time.sleep(0.05)
solar.send_signal(getattr(signal, signame))
status = solar.wait(timeout=60)
print(f"solar ended: {status}")
sys.stdout.write(solar.stderr.read().decode())
print("left in TMPDIR:", sorted(os.listdir(tmp)))
