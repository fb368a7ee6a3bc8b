"""Property test of the necessary work of transposed convolutions
(test/Import/conv_transpose_property.test).

Random ConvTranspose1d/2d/3d configurations (stride, padding, dilation,
groups, output_padding, kernels larger and smaller than the stride), drawn
from a fixed seed, are exported to linalg with torch-mlir (as `solar
import` does) and analyzed by solar-opt. The necessary work must equal the
closed form: every output element o = i*s - p + r*d (input position i, tap
r) that lies in the output is one multiply-add of each of the Cin/g input
channels of its group into each of the Cout outputs, so

    MACs = B * Cin/g * Cout * prod over dims of #{(i, r) : 0 <= i*s - p + r*d < Lout}

with Lout = (L - 1)*s - 2p + d*(k - 1) + output_padding + 1; with no bias
nothing else computes, so `flops` is twice that. Prints one line per
configuration and a summary FileCheck checks."""
import argparse
import math
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "tools", "python"))


def out_size(length, kernel, stride, pad, dilation, out_pad):
    return (length - 1) * stride - 2 * pad + dilation * (kernel - 1) + out_pad + 1


def valid_taps(length, kernel, stride, pad, dilation, out_pad):
    out = out_size(length, kernel, stride, pad, dilation, out_pad)
    return sum(1 for i in range(length) for r in range(kernel)
               if 0 <= i * stride - pad + r * dilation < out)


def draw(rng, dims):
    """A configuration whose every output size is positive."""
    while True:
        c = draw_any(rng, dims)
        if all(out_size(c["size"][i], c["kernel"][i], c["stride"][i],
                        c["padding"][i], c["dilation"][i],
                        c["output_padding"][i]) > 0 for i in range(dims)):
            return c


def draw_any(rng, dims):
    groups = rng.choice([1, 1, 2, 3])
    # torch-mlir lowers a grouped transposed convolution only with at least
    # two input channels per group.
    per_group = rng.randint(1, 2) if groups == 1 else 2
    c = {"dims": dims, "groups": groups, "cin": groups * per_group,
         "cout": groups * rng.randint(1, 2), "batch": rng.randint(1, 2),
         "kernel": [rng.randint(1, 5) for _ in range(dims)],
         "stride": [rng.randint(1, 3) for _ in range(dims)],
         "dilation": [rng.choice([1, 1, 2]) for _ in range(dims)],
         "size": [rng.randint(2, 5) for _ in range(dims)]}
    c["padding"] = [rng.randint(0, c["dilation"][i] * (c["kernel"][i] - 1))
                    for i in range(dims)]
    # output_padding must be smaller than the stride or the dilation.
    c["output_padding"] = [rng.randint(0, max(c["stride"][i], c["dilation"][i]) - 1)
                           for i in range(dims)]
    return c


def closed_form(c):
    taps = math.prod(valid_taps(c["size"][i], c["kernel"][i], c["stride"][i],
                                c["padding"][i], c["dilation"][i],
                                c["output_padding"][i])
                     for i in range(c["dims"]))
    return c["batch"] * (c["cin"] // c["groups"]) * c["cout"] * taps


def export(c):
    import torch
    from torch_mlir import fx
    from torch_mlir.compiler_utils import OutputType
    from solar_imp.torch_export import _decomposed_on_cpu
    cls = {1: torch.nn.ConvTranspose1d, 2: torch.nn.ConvTranspose2d,
           3: torch.nn.ConvTranspose3d}[c["dims"]]
    model = cls(c["cin"], c["cout"], tuple(c["kernel"]), stride=tuple(c["stride"]),
                padding=tuple(c["padding"]), output_padding=tuple(c["output_padding"]),
                groups=c["groups"], dilation=tuple(c["dilation"]), bias=False).eval()
    x = torch.randn(c["batch"], c["cin"], *c["size"])
    with torch.no_grad():
        exported = _decomposed_on_cpu(torch, torch.export.export(model, (x,), strict=False))
        module = fx.export_and_import(exported, output_type=OutputType.LINALG_ON_TENSORS,
                                      func_name="forward", decomposition_table={})
    return str(module)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("solar_opt")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    rng = random.Random(args.seed)
    differ = 0
    coverage = {"kernel>stride": 0, "kernel<stride": 0, "groups": 0,
                "dilation": 0, "output_padding": 0}
    for n in range(args.count):
        c = draw(rng, 1 + n % 3)
        want = closed_form(c)
        path = os.path.join(args.work, f"c{n}.mlir")
        with open(path, "w") as f:
            f.write(export(c))
        out = subprocess.run([args.solar_opt, path, "--solar-sol=H100_SXM"],
                             capture_output=True, text=True)
        found = re.search(r" flops = (\d+) : i64, flops_counter = \d+ : i64, flops_lowered = (\d+)", out.stdout)
        got = int(found.group(1)) // 2 if found else None
        ok = found is not None and int(found.group(1)) == 2 * want
        differ += not ok
        coverage["kernel>stride"] += any(k > s for k, s in zip(c["kernel"], c["stride"]))
        coverage["kernel<stride"] += any(k < s for k, s in zip(c["kernel"], c["stride"]))
        coverage["groups"] += c["groups"] > 1
        coverage["dilation"] += any(d > 1 for d in c["dilation"])
        coverage["output_padding"] += any(c["output_padding"])
        print(f"{'ok' if ok else 'DIFFERS'} {n}: {c} necessary MACs {got}, "
              f"closed form {want}" + ("" if found else f": {out.stderr[-400:]}"))
    print("coverage: " + ", ".join(f"{k} {v}" for k, v in coverage.items()))
    print(f"conv_transpose_property: {args.count} checked, {differ} differ")


if __name__ == "__main__":
    main()
