"""check_savings.py REPORT.json...: every figure that speaks of unfused
kernels counts the same kernels (issue 29): per function,
- the groups' unfused times plus the launch gaps between groups sum to the
  function's unfused time, and
- the fusion opportunities together save at most the whole unfused ->
  fused gap (each is one component of groups sharing unfused kernels, and
  the components share none).
Prints one line per function; exits 1 on the first violation."""
import json
import sys

TOL = 1e-9
for path in sys.argv[1:]:
    for fn in json.load(open(path))["functions"]:
        unfused, fused = fn["sol_s"]["unfused"], fn["sol_s"]["fused"]
        gap = unfused - fused
        groups = sum(g["sol_s"]["unfused"] for g in fn["groups"])
        groups += fn.get("launch", {}).get("between_groups_s", 0)
        if abs(groups - unfused) > TOL * unfused:
            sys.exit("@%s: groups' unfused %g != function's %g" %
                     (fn["name"], groups, unfused))
        savings = [o["saves_s"] for o in fn["opportunities"]
                   if o["kind"] == "fusion"]
        if sum(savings) > gap * (1 + TOL):
            sys.exit("@%s: the fusions save %g > the gap %g" %
                     (fn["name"], sum(savings), gap))
        print("@%s: %d group(s), %d fusion saving(s) <= gap %.4g s" %
              (fn["name"], len(fn["groups"]), len(savings), gap))
