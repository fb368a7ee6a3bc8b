#!/usr/bin/env python3
"""Compares the SOL of every program a `solar bench` run analyzed with
KernelBench's published H100 timings (bench/kernelbench.sh):

    kernelbench_compare.py TIMING_DIR OUT LEVEL...

For eager PyTorch (baseline_time_torch.json) every fidelity is a lower
bound; for torch.compile (baseline_time_torch_compile_inductor_default.json)
the fused, cache-aware and ideal ones are (the unfused figure models one
kernel per framework op, which a compiler that fuses is free to beat). A
violation is a published fastest run (`min`, ms) below the SOL. Prints one
line per level and source, then every violation."""
import json
import os
import sys

SOURCES = [("eager", "baseline_time_torch.json",
            ("unfused", "fused", "cache", "ideal")),
           ("compile", "baseline_time_torch_compile_inductor_default.json",
            ("fused", "cache", "ideal"))]


def main(timing_dir, out, levels):
    found = []
    for level in levels:
        folder = os.path.join(out, level)
        reports = {}
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py.json"):
                with open(os.path.join(folder, name)) as f:
                    report = json.load(f)
                sols = [fn["sol_s"] for fn in report.get("functions", [])
                        if fn.get("sol_s")]
                if sols:
                    reports[name[:-5]] = sols[0]
        for label, file, fidelities in SOURCES:
            with open(os.path.join(timing_dir, file)) as f:
                times = json.load(f).get(level, {})
            compared = 0
            violations = []
            for program, sol in reports.items():
                if program not in times:
                    continue
                compared += 1
                fastest = times[program]["min"] / 1e3
                for fidelity in fidelities:
                    if sol[fidelity] > fastest:
                        violations.append((program, fidelity, sol[fidelity],
                                           fastest))
            print(f"{level} {label}: {compared} programs compared, "
                  f"{len(violations)} violation(s) at "
                  f"{'/'.join(fidelities)}")
            found += [(level, label) + v for v in violations]
    for level, label, program, fidelity, sol, fastest in found:
        print(f"  VIOLATION {level}/{program} vs {label}: {fidelity} SOL "
              f"{sol:.6g} s > fastest {fastest:.6g} s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
