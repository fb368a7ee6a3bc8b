#!/usr/bin/env python3
"""How tight is the host SOL bound? One run, ratios measured in it.

    bench/host_headroom.py [--examples DIR] [--runs N] [--solar PATH]

Calibrates nothing itself: `solar analyze --arch host` uses the cached
calibration ($SOLAR_CACHE_DIR/host.yaml), creating it when missing. For each
bundled example prints measured (fastest run) / SOL at the cache-aware
fidelity, then the best case: the example closest to its bound, and the
largest matmul's ratio, which on a machine whose BLAS runs near peak should
approach 1/(efficiency of the library). A best ratio far above ~1.5 means
the bound is needlessly loose (a margin or a peak too generous); a ratio
below 1 is a violation. Not a test: numbers vary with the machine and its
load."""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", default=os.path.join(ROOT, "examples"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--solar", default=os.path.join(ROOT, "build", "bin", "solar"))
    args = parser.parse_args()
    rows = []
    for program in sorted(glob.glob(os.path.join(args.examples, "*.py"))):
        if not os.path.exists(program[:-3] + ".mlir"):
            continue
        name = os.path.basename(program)[:-3]
        proc = subprocess.run([args.solar, "analyze", program, "--arch", "host",
                               "--json", "--runs", str(args.runs)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            print(f"{name}: analyze failed:\n{proc.stderr[-1500:]}")
            continue
        fn = json.loads(proc.stdout)["functions"][0]
        m = fn["measured"]
        ratio = m["min_s"] / fn["sol_s"]["cache"]
        rows.append((name, m["min_s"], fn["sol_s"]["cache"], ratio, fn["bound"]["cache"]))
        print(f"{name:<16} measured {m['min_s'] * 1e6:10.1f} us  SOL {fn['sol_s']['cache'] * 1e6:10.1f} us"
              f"  ratio {ratio:7.2f}x  ({fn['bound']['cache']}-bound)")
    if not rows:
        return 1
    best = min(rows, key=lambda r: r[3])
    print(f"best case: {best[0]} at {best[3]:.2f}x its SOL ({best[4]}-bound)")
    matmuls = [r for r in rows if r[0].startswith("matmul_")]
    if matmuls:
        largest = max(matmuls, key=lambda r: int(r[0].split("_")[1]))
        print(f"largest matmul: {largest[0]} at {largest[3]:.2f}x its SOL")
    violations = [r for r in rows if r[3] < 1]
    for r in violations:
        print(f"VIOLATION: {r[0]} measured below SOL ({r[3]:.3f}x)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
