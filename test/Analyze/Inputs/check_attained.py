#!/usr/bin/env python3
"""check_attained.py REPORT.json CHART.svg: the measured point of each group
in the `solar analyze --plot` chart sits at flops / (median x the group's
share of the cache-aware SOL time): its data-flop-per-s attribute, exact
to 1e-9 (the label prints 3 significant digits).
Exit 1 on a mismatch."""
import re
import sys
import json

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
        name = re.escape(fn["name"])
        m = re.search(r'data-series="@%s measured"[^>]* data-flop-per-s="([0-9.e+-]+)"'
                      r'[^>]*><title>@%s measured g%d: ' % (name, name, g["id"]), svg)
        if not m:
            sys.exit(f"no measured point for @{fn['name']} g{g['id']}")
        got = float(m.group(1))
        if abs(got - want) > 1e-9 * want:
            sys.exit(f"@{fn['name']} g{g['id']}: chart {got}, expected {want}")
        checked += 1
if not checked:
    sys.exit("no measured function in the report")
print(f"{checked} measured point(s) consistent")
