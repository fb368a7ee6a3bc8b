#!/usr/bin/env python3
"""Writes a reference run of linear_relu.py with numpy alone, in the
manifest schema of tools/python/solar_reference.py (docs/verification.md), so
most translate tests need not import torch.

    make_reference.py OUTDIR

The data are deterministic, with negative pre-activations in every row so
that a translation without the ReLU is wrong:
  x[b, k] = ((8 b + k) % 7 - 3) / 4,  W[o, k] = ((8 o + k) % 5 - 2) / 2,
  bias = [0.5, -1, 0.25, -0.75],  output = max(0, x W^T + bias).
"""
import json
import os
import sys

import numpy as np


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    x = np.fromfunction(lambda b, k: ((8 * b + k) % 7 - 3) / 4, (4, 8))
    w = np.fromfunction(lambda o, k: ((8 * o + k) % 5 - 2) / 2, (4, 8))
    bias = np.array([0.5, -1.0, 0.25, -0.75])
    pre = x @ w.T + bias
    assert (pre < 0).any() and (pre > 0).any()
    out = np.maximum(pre, 0.0)
    arguments = []
    for name, role, value in (("x", "input", x), ("fc.weight", "parameter", w),
                              ("fc.bias", "parameter", bias),
                              ("output", "output", out)):
        np.save(os.path.join(outdir, name + ".npy"), value.astype(np.float32))
        arguments.append({"name": name, "role": role, "file": name + ".npy",
                          "shape": list(value.shape), "dtype": "f32"})
    manifest = {"version": 1,
                "framework": {"name": "numpy", "version": np.__version__},
                "function": "linear_relu", "arguments": arguments}
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
