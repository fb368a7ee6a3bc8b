#!/usr/bin/env python3
"""check_attained.py REPORT.json CHART.svg: the measured point of each group
in the `solar analyze --plot` chart sits at flops / (median x the group's
share of the cache-aware SOL time), within the 6 digits the chart prints.
Exit 1 on a mismatch."""
import re
import sys
import json

PREFIX = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}

report = json.load(open(sys.argv[1]))
svg = open(sys.argv[2]).read()
checked = 0
for fn in report["functions"]:
    if not fn["measured"]:
        continue
    groups = fn["groups"]
    total = sum(g["sol_s"]["cache"] for g in groups)
    for g in groups:
        want = g["flops"] / (fn["measured"]["median_s"] * g["sol_s"]["cache"] / total)
        m = re.search(r"<title>@%s measured g%d: [0-9.e+-]+ flop/B, ([0-9.e+-]+) ([kMGTP]?)flop/s</title>"
                      % (re.escape(fn["name"]), g["id"]), svg)
        if not m:
            sys.exit(f"no measured point for @{fn['name']} g{g['id']}")
        got = float(m.group(1)) * PREFIX[m.group(2)]
        if abs(got - want) > 1e-5 * want:
            sys.exit(f"@{fn['name']} g{g['id']}: chart {got}, expected {want}")
        checked += 1
if not checked:
    sys.exit("no measured function in the report")
print(f"{checked} measured point(s) consistent")
