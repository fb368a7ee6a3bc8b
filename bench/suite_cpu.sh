#!/usr/bin/env bash
# CPU seconds per program of `solar bench` over a directory of suite-style
# programs, with and without the import fork server, measured in one run:
# user + system time of the bench and every process below it (the analyze
# children, their Python imports, the server and its workers), which a
# shared machine's load does not inflate the way it does wall time.
#   bench/suite_cpu.sh [DIR] [solar bench flags...]
# Default DIR: bench/suite. docs/bench.md has a run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/bench/suite}"
[ $# -gt 0 ] && shift
solar="${SOLAR:-$root/build/bin/solar}"
[ -x "$solar" ] || { echo "suite_cpu: $solar missing; build first" >&2; exit 1; }
python3 - "$solar" "$dir" "$@" <<'PY'
import json
import os
import resource
import subprocess
import sys
import tempfile

solar, tree, extra = sys.argv[1], sys.argv[2], sys.argv[3:]


def cpu_of(flags):
    """(CPU seconds, programs, verified) of one bench run."""
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([solar, "bench", tree, "--arch", "H100_SXM", "--out",
                        out, "--runs", "1", *flags, *extra],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        summary = json.load(open(os.path.join(out, "summary.json")))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    figures = [(r["path"], r["status"], r.get("verified"), r.get("flops"),
                r.get("sol_s")) for r in summary["results"]]
    return cpu, summary["programs"], summary["verification"]["verified"], \
        after.ru_maxrss, figures


rows, figures = [], []
for label, flags in (("one Python per program (--no-import-server)",
                      ["--no-import-server"]),
                     ("import fork server (default)", [])):
    cpu, n, verified, rss, results = cpu_of(flags)
    rows.append(cpu / max(n, 1))
    figures.append(results)
    print(f"{label}: {cpu:.1f} s CPU for {n} program(s), {verified} "
          f"verified: {cpu / max(n, 1):.2f} s CPU per program "
          f"(largest process {rss / 1024:.0f} MiB)")
print(f"ratio: {rows[0] / rows[1]:.2f}x less CPU per program with the server")
print("statuses, verification, FLOPs and SOL times agree: "
      f"{'yes' if figures[0] == figures[1] else 'NO'}")
PY
