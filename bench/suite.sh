#!/usr/bin/env bash
# solar bench over a directory of suite-style programs (KernelBench
# convention, full sizes), then the figures a suite run is judged by:
# coverage (programs with verified IR), verified %, and seconds per program
# (wall clock of each `solar analyze`, which verifies at shrunk sizes and
# analyzes the full-size export). docs/bench.md shows a run over
# bench/suite/.
#   bench/suite.sh [DIR] [--arch ARCH] [--out OUT] [solar bench flags...]
# Defaults: DIR bench/suite, --arch H100_SXM, --out a temporary directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/bench/suite}"
[ $# -gt 0 ] && shift
solar="${SOLAR:-$root/build/bin/solar}"
[ -x "$solar" ] || { echo "suite: $solar missing; build first" >&2; exit 1; }
arch=H100_SXM
out=""
rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) rest+=("$1"); shift ;;
  esac
done
if [ -z "$out" ]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
start=$(date +%s)
# bench exits 1 when a program fails: the figures below still matter.
"$solar" bench "$dir" --arch "$arch" --out "$out" --runs 1 ${rest[@]+"${rest[@]}"} || true
end=$(date +%s)
python3 - "$out/summary.json" "$((end - start))" <<'PY'
import json
import statistics
import sys

summary = json.load(open(sys.argv[1]))
programs = summary["results"]
walls = [p["wall_s"] for p in programs if p.get("wall_s")]
total = len(programs)
ok = sum(1 for p in programs if p.get("status") == "ok")
verified = sum(1 for p in programs if p.get("verified"))
print(f"suite: {total} program(s), total {sys.argv[2]} s")
print(f"  coverage: {ok}/{total} analyzed ({100.0 * ok / max(total, 1):.0f}%)")
print(f"  verified: {verified}/{total} ({100.0 * verified / max(total, 1):.0f}%)")
if walls:
    print(f"  seconds per program: median {statistics.median(walls):.1f}, "
          f"max {max(walls):.1f}, mean {statistics.fmean(walls):.1f}")
for p in programs:
    line = f"    {p.get('status', '?'):13s} {p.get('wall_s', 0):6.1f} s  {p['path']}"
    if p.get("status") != "ok" and p.get("message"):
        line += f": {p['message'][:140]}"
    print(line)
PY
