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

from solar_ref.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
