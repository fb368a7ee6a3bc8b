#!/usr/bin/env python3
"""Recomputes the aggregates of a `solar bench` output directory and fails
(exit 1) where summary.json or summary.csv disagree with them.

    check_summary.py OUTDIR

Checks: summary.json's status counts, coverage, verification rate,
headroom min / median / geometric mean / max per fidelity and violation
counts against its own per-program results, each program's measured time
per unfused kernel, and the same per --measured
name (a program violates when any of its measurements does); every
program row of summary.csv against those results, per-name columns
included; the CSV aggregate rows (#total, #min, ...) against
summary.json. Prints "summary consistent" on success."""
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


def check_headroom(stats_by_fidelity, headrooms, what):
    """The min / median / geomean / max of `headrooms` per fidelity."""
    for f in FIDELITIES:
        values = sorted(h[f] for h in headrooms)
        stats = stats_by_fidelity[f]
        if stats["count"] != len(values):
            fail(f"{what}headroom count {f}")
        if not values:
            continue
        n = len(values)
        median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
        geomean = math.exp(sum(math.log(x) for x in values) / n)
        for key, want in (("min", values[0]), ("median", median), ("geomean", geomean), ("max", values[-1])):
            if not close(stats[key], want):
                fail(f"{what}headroom {key} {f}: {stats[key]} != {want}")


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
    for r in results:
        # The measured central time per unfused kernel (a launch-bound run
        # shows as microseconds per kernel).
        if r["status"] != "ok":
            continue
        k, per = r["kernels_unfused"], r["measured_per_kernel_s"]
        if (per is None) != (not r["measured"] or not k) or \
                (per is not None and not close(per, r["measured"]["median_s"] / k)):
            fail(f"measured_per_kernel_s {r['path']}")
    check_headroom(summary["headroom"], [r["headroom"] for r in measured], "")

    def violates(r):
        return r["violations"] or any(m["violations"] for m in r.get("measurements", []))

    bad = [r for r in results if r["status"] == "ok" and violates(r)]
    if summary["violations"]["programs"] != len(bad):
        fail("violation programs")
    ok_all = all(r["status"] == "ok" and (r["verified"] or not r["framework_program"]) and not violates(r) for r in results)
    for named in summary.get("measurements", []):
        name = named["name"]
        mine = [m for r in measured for m in r["measurements"] if m["name"] == name]
        if named["measured"] != len(mine):
            fail(f"{name}: measured count")
        check_headroom(named["headroom"], [m["headroom"] for m in mine], name + " ")
        if named["violations"]["programs"] != sum(bool(m["violations"]) for m in mine):
            fail(f"{name}: violation programs")
        if named["violations"]["fidelities"] != sum(len(m["violations"]) for m in mine):
            fail(f"{name}: violation fidelities")
    if summary["exit_status"] != (0 if ok_all else 1):
        fail("exit_status")

    names = {named["name"] for named in summary.get("measurements", [])}
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
        for m in r.get("measurements", []):
            if m["name"] not in names:
                continue  # measured here: no --measured file, no columns
            if int(row[m["name"] + "_violations"]) != len(m["violations"]):
                fail(f"CSV {m['name']}_violations {r['path']}")
            for f in FIDELITIES:
                if not close(float(row[f"{m['name']}_headroom_{f}"]), m["headroom"][f]):
                    fail(f"CSV {m['name']}_headroom_{f} {r['path']}")
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
            for named in summary.get("measurements", []):
                cell = aggregates["#" + key][f"{named['name']}_headroom_{f}"]
                want = named["headroom"][f].get(key)
                if (cell == "") != (want is None) or (cell and not close(float(cell), want)):
                    fail(f"CSV #{key} {named['name']} {f}")
    for named in summary.get("measurements", []):
        if int(aggregates["#total"][named["name"] + "_violations"]) != named["violations"]["fidelities"]:
            fail(f"CSV #total {named['name']}_violations")
    print("summary consistent")


if __name__ == "__main__":
    main()
