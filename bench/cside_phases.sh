#!/usr/bin/env bash
# Where the C side of `solar analyze` goes on one program (issue 25,
# level 3): imports it once (`solar import --keep`, so the linalg of both
# sizes and the reference are kept), then runs each C phase alone with
# each build given and prints its CPU seconds (user + sys, /usr/bin/time):
# lowering to affine at the verification and the full size, the
# verification (`--solar-verify`: MLIR's lowering to LLVM, LLVM's
# compilation, the run), the structure check's two lifts (as the import
# does them; `unit-einsum_structure_lift` also times the full lift with
# the attribute, what the check did before the eighth round), the analysis
# (`--solar-sol` with stages and detail, as `solar analyze` runs it) and a
# parse + print of the full-size affine module. docs/performance.md, "The
# C side of the level-3 models over 30 CPU s".
#   bench/cside_phases.sh PROGRAM.py [BUILD_DIR ...]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
program="$1"; shift
builds=("$@"); [ ${#builds[@]} -gt 0 ] || builds=(build)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"${builds[0]}/bin/solar" import "$program" --framework torch -o "$work/verified.mlir" \
  --keep "$work/keep" --runs 1 > /dev/null 2> "$work/import.err" ||
  { cat "$work/import.err"; exit 1; }
keep="$work/keep"
cpu() { # cpu LABEL COMMAND...: prints the command's user + sys CPU seconds
  local label="$1"; shift
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" > /dev/null 2> "$work/err" ||
    { cat "$work/err"; exit 1; }
  awk -v l="$label" '{ printf "  %-52s %7.2f\n", l, $1 + $2 }' "$work/time"
}
for b in "${builds[@]}"; do
  opt="$b/bin/solar-opt"
  echo "$b: $(basename "$program") (CPU s)"
  cpu "lowering to affine, verification size" "$opt" "$keep/import.mlir" --solar-lower-to-affine -o "$work/a.mlir"
  cpu "lowering to affine, full size" "$opt" "$keep/import.full.mlir" --solar-lower-to-affine -o "$work/full.mlir"
  cpu "verification (--solar-verify)" "$opt" "$work/a.mlir" "--solar-verify=$keep/ref/manifest.json" -o /dev/null
  if [ -x "$b/bin/unit-einsum_structure_lift" ]; then
    for size in a full; do
      "$b/bin/unit-einsum_structure_lift" "$work/$size.mlir" 2>&1 >/dev/null |
        sed -n "s/^lift and read as the attribute: \(.*\) CPU s; structure lift: \(.*\) CPU s$/\1 \2/p" >> "$work/lifts"
    done
    awk '{ f += $1; s += $2 } END { printf "  %-52s %7.2f\n  %-52s %7.2f\n", "structure check (both sizes)", s, "  the same lifts with necessary work and attribute", f }' "$work/lifts"
    rm -f "$work/lifts"
  fi
  cpu "analysis (--solar-sol, stages and detail)" "$opt" "$work/full.mlir" \
    "--pass-pipeline=builtin.module(solar-sol{arch=H100_SXM stages=true detail=true})" -o /dev/null
  cpu "parse + print of the full-size affine module" "$opt" "$work/full.mlir" -o /dev/null
done
