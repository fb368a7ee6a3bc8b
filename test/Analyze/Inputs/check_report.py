#!/usr/bin/env python3
"""Prints the figures of a `solar analyze --json` report one per line for
FileCheck, and checks the relations between the measured times and the SOL
times (headroom = measured / SOL) that do not depend on this machine."""
import json
import sys

FIDELITIES = ("unfused", "fused", "cache", "ideal")


def close(a, b):
    # The report prints 9 significant digits: headroom, SOL and median are
    # each rounded by up to 5e-9 relative (a leading 1), so headroom x SOL
    # and the median can differ by up to 1.5e-8.
    return abs(a - b) <= 2e-8 * max(abs(a), abs(b))


def main():
    report = json.load(open(sys.argv[1]))
    reference = report["reference"]
    print("frontend", report["frontend"],
          "verified" if reference else "unverified",
          reference["framework"] if reference else "-")
    for f in report["functions"]:
        print("flops", int(f["flops"]), "compute_s", f["compute_s"])
        for key in ("bytes", "sol_s", "bound"):
            values = f[key]
            print(key, " ".join(
                f"{k} {int(values[k]) if key == 'bytes' else values[k]}"
                for k in FIDELITIES))
        for g in f["groups"]:
            print("groups", len(f["groups"]), "nodes", g["nodes"],
                  "intensity", round(g["intensity_fused"], 4))
        measured = f["measured"]
        if measured:
            ok = all(close(f["headroom"][k] * f["sol_s"][k], measured["median_s"])
                     and close(f["headroom_min"][k] * f["sol_s"][k], measured["min_s"])
                     for k in FIDELITIES)
            print("headroom consistent", ok)
        print("violations", len(f["violations"]))
        for rank, o in enumerate(f["opportunities"], 1):
            if o["kind"] == "implementation":
                want = measured["median_s"] - f["sol_s"]["cache"]
                print("opportunity", rank, o["kind"],
                      "saves median - cache SOL", close(o["saves_s"], want))
            else:
                print("opportunity", rank, o["kind"], o["saves_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
