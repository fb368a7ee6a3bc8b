#!/usr/bin/env python3
"""Deterministic importer front end for `solar import` (docs/importers.md).

Exports a PyTorch (KernelBench convention) or JAX/Flax program to linalg on
tensors as text MLIR 22 parses, with the framework's data as explicit
function arguments in the reference manifest's order (inputs, then
parameters), and runs the reference runner on the same program.

    python3 tools/python/solar_import.py MODEL.py --framework torch|jax -o OUTDIR
        [--seed S] [--runs N] [--override K=V ...] [--function NAME]

Writes OUTDIR/import.mlir and OUTDIR/ref/manifest.json (+ .npy files).
Errors: one line `solar_import: error: ...`, exit 1 (2: bad command line).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


if __name__ == "__main__":
    # Under `solar bench`, a fork server that has torch imported already
    # runs it (solar_imp/server.py); without one, this process does.
    server = os.environ.get("SOLAR_IMPORT_SERVER")
    if server:
        from solar_imp.server import client_main
        status = client_main(server, sys.argv)
        if status is not None:
            sys.exit(status)
    from solar_imp.cli import main
    sys.exit(main(sys.argv[1:]))
