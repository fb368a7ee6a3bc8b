#!/usr/bin/env python3
"""Fork server for tools/python/solar_import.py (solar_imp/server.py):

    python3 tools/python/solar_import_server.py SOCKET

Listens on the Unix socket SOCKET until SIGTERM or its parent's death.
`solar bench` starts one and points its programs at it."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from solar_imp.server import serve  # noqa: E402

if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: solar_import_server.py SOCKET", file=sys.stderr)
        sys.exit(2)
    sys.exit(serve(sys.argv[1]))
