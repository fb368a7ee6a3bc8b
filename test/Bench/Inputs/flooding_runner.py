#!/usr/bin/env python3
"""A stand-in for the Python that runs solar_reference.py
(SOLAR_PYTHON=this): it writes a first line, 40 MiB of output, a last line,
and fails, as a program printing in a loop would."""
import sys

out = sys.stdout.buffer
out.write(b"FIRST LINE OF THE PROGRAM\n")
line = b"x" * 1023 + b"\n"
for _ in range(40 * 1024):
    out.write(line)
out.write(b"LAST LINE OF THE PROGRAM\n")
out.flush()
sys.exit(1)
