#!/usr/bin/env python3
"""Framework reference runner for solar-opt --solar-verify.

Runs a PyTorch (KernelBench convention) or JAX/Flax program with every RNG
seeded, writes its inputs, parameters and outputs as .npy files plus a
manifest.json, and times it. See docs/verification.md.

    python3 tools/python/solar_reference.py MODEL.py --framework torch|jax -o OUTDIR
        [--seed S] [--runs N] [--warmup W] [--override K=V ...]
        [--device cpu|cuda|auto] [--function NAME]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


if __name__ == "__main__":
    # Under `solar bench`, the import fork server runs it (solar_imp/server.py).
    server = os.environ.get("SOLAR_IMPORT_SERVER")
    if server:
        from solar_imp.server import client_main
        status = client_main(server, sys.argv, tool="reference")
        if status is not None:
            sys.exit(status)
    from solar_ref.cli import main
    sys.exit(main(sys.argv[1:]))
