#!/usr/bin/env python3
"""Compares the SOL of every program a `solar bench` run analyzed with
KernelBench's published H100 timings (bench/kernelbench.sh):

    kernelbench_compare.py TIMING_DIR OUT LEVEL...

For eager PyTorch (baseline_time_torch.json) every fidelity is a lower
bound; for torch.compile (baseline_time_torch_compile_inductor_default.json)
the fused, cache-aware and ideal ones are (the unfused figure models one
kernel per framework op, which a compiler that fuses is free to beat). A
violation is a published fastest run (`min`, ms) below the SOL. Prints one
line per level and source, then every violation.

Also holds the necessary MACs against torch's FlopCounterMode (each
report's `flop_counter`, which counts every tap of every input point of a
convolution, 2 FLOPs per MAC): in every program with a convolution, solar's
MACs (`ops.mac`) must not exceed half of FlopCounterMode's total; programs
whose only counted op is convolution hold it convolution by convolution."""
import json
import os
import sys

SOURCES = [("eager", "baseline_time_torch.json",
            ("unfused", "fused", "cache", "ideal")),
           ("compile", "baseline_time_torch_compile_inductor_default.json",
            ("fused", "cache", "ideal"))]


def mac_row(level, program, report):
    """(level, program, necessary MACs, FlopCounterMode FLOPs, only
    convolutions counted) for a program with a convolution, else None."""
    counter = report.get("flop_counter") or {}
    by_op = counter.get("by_op") or {}
    functions = report.get("functions") or []
    if "aten.convolution" not in by_op or not functions:
        return None
    macs = sum(fn["ops"]["mac"] for fn in functions)
    return (level, program, macs, counter["total"], set(by_op) ==
            {"aten.convolution"})


def check_macs(rows):
    rows = [row for row in rows if row]
    if not rows:
        return 0
    over = [row for row in rows if 2 * row[2] > row[3]]
    ratios = [2 * row[2] / row[3] for row in rows if row[3]]
    alone = sum(1 for row in rows if row[4])
    print(f"convolution MACs: {len(rows)} programs with a convolution "
          f"({alone} with convolutions alone counted by FlopCounterMode); "
          f"necessary MACs / FlopCounterMode MACs from {min(ratios):.3f} to "
          f"{max(ratios):.3f}; {len(over)} above")
    for level, program, macs, total, _ in over:
        print(f"  OVER {level}/{program}: {macs} MACs > {total} / 2")
    return len(over)


def main(timing_dir, out, levels):
    found = []
    mac_rows = []
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
                mac_rows.append(mac_row(level, name[:-8], report))
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
    over = check_macs(mac_rows)
    return 1 if found or over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
