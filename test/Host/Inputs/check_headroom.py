#!/usr/bin/env python3
"""Analyze every bundled example on the host and fail on any SOL violation.

    check_headroom.py EXAMPLES_DIR [--runs N] [--atol A] [--solar solar]

Runs `solar analyze NAME.py --arch host --json` for each NAME.py with a
sibling NAME.mlir (SOLAR_CACHE_DIR must hold the calibration), prints one
row per example with the measured reference time and the headroom
(measured / SOL) at every fidelity, and exits 1 if the FASTEST measured run
of any example is below its SOL time at any fidelity (a violation: the bound
would not be a lower bound), if an example fails to analyze, or if an
example has no measurement."""
import argparse
import glob
import json
import os
import subprocess
import sys

FIDELITIES = ("unfused", "fused", "cache", "ideal")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("examples")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--atol", default=None,
                        help="override the default tolerance")
    parser.add_argument("--solar", default="solar")
    args = parser.parse_args()
    programs = sorted(p for p in glob.glob(os.path.join(args.examples, "*.py"))
                      if os.path.exists(p[:-3] + ".mlir"))
    if not programs:
        print(f"check_headroom: no examples in {args.examples}")
        return 1
    print(f"{'example':<16} {'measured min':>12} {'median':>12} "
          + " ".join(f"{f:>9}" for f in FIDELITIES) + "  bound")
    failures = 0
    for program in programs:
        name = os.path.basename(program)[:-3]
        proc = subprocess.run(
            [args.solar, "analyze", program, "--arch", "host", "--json",
             "--runs", str(args.runs)]
            + (["--atol", args.atol] if args.atol else []),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            print(f"{name:<16} FAILED to analyze (exit {proc.returncode}):\n"
                  + proc.stderr[-2000:])
            failures += 1
            continue
        report = json.loads(proc.stdout)
        fn = report["functions"][0]
        measured = fn["measured"]
        if not measured:
            print(f"{name:<16} no measurement (verification did not attach)")
            failures += 1
            continue
        ratios = [measured["min_s"] / fn["sol_s"][f] for f in FIDELITIES]
        print(f"{name:<16} {measured['min_s'] * 1e6:>10.1f}us "
              f"{measured['median_s'] * 1e6:>10.1f}us "
              + " ".join(f"{r:>8.2f}x" for r in ratios)
              + f"  {fn['bound']['cache']}")
        for f in fn["violations"]:
            print(f"VIOLATION: {name}: measured {measured['min_s']:.6g} s < "
                  f"SOL {f} {fn['sol_s'][f]:.6g} s")
            failures += 1
    print(f"{len(programs)} example(s), {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
