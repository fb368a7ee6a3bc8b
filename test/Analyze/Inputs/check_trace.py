"""Checks the per-kernel rows of a `solar analyze --trace --json` report
(docs/analyze.md, "Per-kernel headroom"): every solar kernel was measured
once per step, the rows (kernels and unattributed) add up to the trace's
step time within 5%, the remainder row is not negative, and no op ran
faster than its SOL. Prints the attributed ops in program order (by
location) and the counts; the times depend on the machine. A torch
training step's rows (eager ops attributed through the step's kernel map)
are printed by phase and location with their flops and, for the backward,
the autograd nodes and the forward framework ops they differentiate, then
the flops of the rows per phase. A compiled
trace's rows (jax.profiler: XLA ops attributed to fusion groups) are
printed by their groups and framework ops, the XLA op names being XLA's
choice."""
import json
import sys

report = json.load(open(sys.argv[1]))
kernels = report["kernels"]
step = report["trace_step_s"]
rows = sum(k["measured_s"] for k in kernels) + report["unattributed_s"]
compiled = report["trace"]["measures"] == "compiled kernels"
# A torch training step's eager rows: one kernel may be several ops
# (AdamW's update of one parameter).
eager_train = not compiled and any(k["phase"] for k in kernels)
problems = []
for k in kernels:
    # A copy (no arithmetic) whose data may be on chip has a SOL of 0 and
    # no headroom.
    # A compiled row may hold several XLA ops.
    if ((k["calls"] < 1 if compiled or eager_train else k["calls"] != 1) or
            not k["measured_s"] > 0 or k["sol_s"] < 0 or
            (k["headroom"] is None) != (k["sol_s"] == 0)):
        problems.append(f"{k['location']}: calls {k['calls']}, measured "
                        f"{k['measured_s']}, SOL {k['sol_s']}")
    if abs(k["saving_s"] - (k["measured_s"] - k["sol_s"])) > 1e-12:
        problems.append(f"{k['location']}: saving is not measured - SOL")
rest = report["unattributed"][-1]["measured_s"]
if rest < 0:
    problems.append(f"time between ops is negative: {rest}")
if abs(rows - step) > 0.05 * step:
    problems.append(f"rows sum to {rows}, the step is {step}")
savings = [k["saving_s"] for k in kernels]
if savings != sorted(savings, reverse=True):
    problems.append("kernels are not ranked by saving")
PHASES = ("forward", "backward", "optimizer")
for k in sorted(kernels, key=lambda k: (PHASES.index(k["phase"]),
                                        k["location"])) if eager_train else []:
    tie = f", {'+'.join(k['autograd_nodes'])} of " \
        f"{', '.join(k['differentiates']) or 'no forward op'}" \
        if k["phase"] == "backward" else ""
    print(f"{k['phase']} {k['location']}: {k['op']}, {k['flops']:g} flop{tie}")
if eager_train:
    phases = next(f["phases"] for f in report["functions"]
                  if f["name"] == report["trace"]["function"])
    print("row flops:", ", ".join(
        f"{p} {sum(k['flops'] for k in kernels if k['phase'] == p):g} "
        f"(phase {phases[p]['flops']:g})" for p in PHASES))
for k in sorted(kernels, key=lambda k: k["location"]) if not eager_train \
        else []:
    # A training step's row names its phase (null: its groups mix phases).
    phase = f" [{k['phase'] or 'mixed'}]" if report.get("train") else ""
    if compiled:
        print(f"{k['location']}{phase}: {', '.join(k['framework_ops'])}: "
              f"{k['bound']}-bound ({k['sol_kind']})")
    else:
        print(f"{k['op']} at {k['location']}: {k['bound']}-bound")
for k in report.get("kernels_unnamed") or []:
    print(f"named by no compiled op: {k['framework_op']} (group {k['group']}, "
          f"{k['phase']})" if compiled else
          f"run by no eager op: {k['framework_op']} ({k['phase']})")
print(f"{len(kernels)} kernel(s) attributed over {report['trace']['steps']} "
      f"step(s); rows within 5% of the step: {abs(rows - step) <= 0.05 * step}; "
      f"violations: {len(report['kernel_violations'])}")
for p in problems:
    print("PROBLEM:", p)
sys.exit(1 if problems else 0)
