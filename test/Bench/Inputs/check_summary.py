#!/usr/bin/env python3
"""Recomputes the aggregates of a `solar bench` output directory and fails
(exit 1) where summary.json or summary.csv disagree with them.

    check_summary.py OUTDIR

Checks: summary.json's status counts, coverage, verification rate,
headroom min / median / geometric mean / max per fidelity and violation
counts against its own per-program results; every program row of
summary.csv against those results; the CSV aggregate rows (#total, #min,
...) against summary.json. Prints "summary consistent" on success."""
import csv
import json
import math
import os
import sys

FIDELITIES = ("unfused", "fused", "cache", "ideal")


def close(a, b):
    return a is not None and b is not None and abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1e-30)


def fail(message):
    print(f"MISMATCH: {message}")
    sys.exit(1)


def main():
    out = sys.argv[1]
    summary = json.load(open(os.path.join(out, "summary.json")))
    if summary["schema"] != "solar-bench" or summary["version"] != 1:
        fail("schema")
    results = summary["results"]
    if summary["programs"] != len(results):
        fail("program count")
    for status, count in summary["status"].items():
        if count != sum(r["status"] == status for r in results):
            fail(f"status count {status}")
    with_ir = sum(r["status"] not in ("no-ir", "timeout") for r in results)
    framework = sum(r["framework_program"] for r in results)
    verified = sum(r["status"] == "ok" and r["verified"] and r["framework_program"] for r in results)
    if summary["coverage"]["with_ir"] != with_ir or not close(summary["coverage"]["rate"], with_ir / len(results)):
        fail("coverage")
    v = summary["verification"]
    if v["verified"] != verified or v["framework_programs"] != framework:
        fail("verification counts")
    if framework and not close(v["rate"], verified / framework):
        fail("verification rate")
    measured = [r for r in results if r["status"] == "ok" and r["headroom"]]
    for f in FIDELITIES:
        values = sorted(r["headroom"][f] for r in measured)
        stats = summary["headroom"][f]
        if stats["count"] != len(values):
            fail(f"headroom count {f}")
        if not values:
            continue
        n = len(values)
        median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
        geomean = math.exp(sum(math.log(x) for x in values) / n)
        for key, want in (("min", values[0]), ("median", median), ("geomean", geomean), ("max", values[-1])):
            if not close(stats[key], want):
                fail(f"headroom {key} {f}: {stats[key]} != {want}")
    bad = [r for r in results if r["status"] == "ok" and r["violations"]]
    if summary["violations"]["programs"] != len(bad):
        fail("violation programs")
    ok_all = all(r["status"] == "ok" and (r["verified"] or not r["framework_program"]) and not r["violations"] for r in results)
    if summary["exit_status"] != (0 if ok_all else 1):
        fail("exit_status")

    rows = list(csv.DictReader(open(os.path.join(out, "summary.csv"))))
    programs = [row for row in rows if not row["path"].startswith("#")]
    aggregates = {row["path"]: row for row in rows if row["path"].startswith("#")}
    if [row["path"] for row in programs] != [r["path"] for r in results]:
        fail("CSV paths")
    for row, r in zip(programs, results):
        if row["status"] != r["status"]:
            fail(f"CSV status {r['path']}")
        if r["status"] != "ok":
            continue
        for f in FIDELITIES:
            if not close(float(row[f"sol_{f}_s"]), r["sol_s"][f]):
                fail(f"CSV sol {f} {r['path']}")
            if r["headroom"] and not close(float(row[f"headroom_{f}"]), r["headroom"][f]):
                fail(f"CSV headroom {f} {r['path']}")
        if int(row["violations"]) != len(r["violations"]):
            fail(f"CSV violations {r['path']}")
    if set(aggregates) != {"#total", "#min", "#median", "#geomean", "#max"}:
        fail("CSV aggregate rows")
    if int(aggregates["#total"]["verified"]) != verified:
        fail("CSV #total verified")
    for key in ("min", "median", "geomean", "max"):
        for f in FIDELITIES:
            cell = aggregates["#" + key][f"headroom_{f}"]
            want = summary["headroom"][f].get(key)
            if (cell == "") != (want is None) or (cell and not close(float(cell), want)):
                fail(f"CSV #{key} {f}")
    print("summary consistent")


if __name__ == "__main__":
    main()
