#!/usr/bin/env python3
"""Fork server for tools/python/solar_import.py (solar_imp/server.py):

    python3 tools/python/solar_import_server.py SOCKET [--idle-threads-sleep]

Listens on the Unix socket SOCKET until SIGTERM or its parent's death.
`solar bench` starts one and points its programs at it, with
--idle-threads-sleep when nothing is timed on this CPU (torch's idle
OpenMP threads then sleep in every worker: solar_imp/server.py)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from solar_imp.server import serve  # noqa: E402

if __name__ == "__main__":
    flags = sys.argv[2:]
    if len(sys.argv) < 2 or flags not in ([], ["--idle-threads-sleep"]):
        print("usage: solar_import_server.py SOCKET [--idle-threads-sleep]",
              file=sys.stderr)
        sys.exit(2)
    sys.exit(serve(sys.argv[1], idle_threads_sleep=bool(flags)))
