#!/usr/bin/env bash
# Instructions of the dataflow's worst known case before and after a
# change: a read-modify-write of one buffer at every level of N nested
# affine.if (test/Fuzz/Inputs/gen_nesting.py affine-if-rmw; N = 31 is the
# deepest the nesting limit admits, docs/reliability.md). Runs both
# solar-opt binaries under callgrind (instruction counts do not depend on
# machine load), checks that their solar.sol figures are identical, and
# prints
#   nested_rmw.sh: N levels: BEFORE instructions before, AFTER after, ratio R
#
#   bench/nested_rmw.sh BEFORE_SOLAR_OPT AFTER_SOLAR_OPT [N]   (N default 20)
#
# With N = 31 the old binary needs about 10^11 instructions under
# callgrind (minutes); 20 shows the same trend in about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
before="$1"; after="$2"; levels="${3:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 test/Fuzz/Inputs/gen_nesting.py affine-if-rmw "$levels" "$work/in.mlir"
count() { # instructions of one --solar-sol run of binary $1, output in $2
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$1" \
    "$work/in.mlir" --solar-sol=H100_SXM -o "$2" 2>/dev/null
  awk '/^(summary|totals):/ { print $2; exit }' "$work/cg"
}
b=$(count "$before" "$work/before.out")
a=$(count "$after" "$work/after.out")
if ! cmp -s "$work/before.out" "$work/after.out"; then
  echo "nested_rmw.sh: the two binaries give different figures" >&2
  diff "$work/before.out" "$work/after.out" | head -20 >&2
  exit 1
fi
python3 -c "import sys; b, a = int(sys.argv[1]), int(sys.argv[2]); print(f'nested_rmw.sh: {sys.argv[3]} levels: {b} instructions before, {a} after, ratio {b / a:.1f}')" "$b" "$a" "$levels"
