#!/usr/bin/env bash
# Whole models from linalg: does lowering plus the SOL analysis grow
# linearly with the network, and stay within 10x of parsing and printing
# the same file? (issue 25, item 5; docs/performance.md, "Lowering".)
#
# Networks: GPT-2 blocks (width 256, sequence 128) repeated 8, 16, 32 and
# 48 times and the 2-layer LSTM unrolled over 64 steps, written by
# bench/model_zoo.py and imported once to linalg on tensors
# (tools/python/solar_import.py, full size; cached in ZOO_DIR, default
# build/model-zoo, as NAME.linalg.mlir). Per network, from the linalg file:
#
#   parse   solar-opt NET.linalg.mlir -o /dev/null
#   lower   solar-opt NET.linalg.mlir --solar-lower-to-affine -o /dev/null
#   sol     solar-opt NET.linalg.mlir --solar-sol=H100_SXM -o /dev/null
#           (lowers a copy, then the whole analysis)
#
# "ratio" is sol/parse (target <= 10); "x2" the sol figure against the
# network half its size (8 -> 16, 16 -> 32, 24 blocks are not built, so
# 32 -> 48 is shown as t48/t32 scaled by 2/1.5; target <= 2).
#
#   bench/lowering_scaling.sh [--callgrind] [build-dir]
#
# Default: CPU seconds (user + sys) of the process, best of 3. With
# --callgrind: instructions (valgrind --tool=callgrind, one run each),
# repeatable on a machine shared with other jobs, in millions.
set -euo pipefail
cd "$(dirname "$0")/.."
metric=cpu
if [ "${1:-}" = "--callgrind" ]; then metric=callgrind; shift; fi
build="${1:-build}"
# shellcheck source=bench/zoo_common.sh
. bench/zoo_common.sh
zoo_setup "$build" --blocks 8,16,32,48
networks=(gpt2_x8 gpt2_x16 gpt2_x32 gpt2_x48 lstm)

linalg() { # name: the cached linalg file, imported when missing or stale
  local name="$1" prog="$zoo/$1.py" out="$zoo/$1.linalg.mlir" src
  if [ ! -s "$out" ] || [ "$prog" -nt "$out" ]; then
    src=$(zoo_import "$name")
    cp "$src" "$out"
  fi
}

measure() { # command...: CPU s best of 3, or callgrind Minstr of one run
  if [ "$metric" = callgrind ]; then zoo_minstr "$@"; return; fi
  zoo_best "$@"
}

for name in "${networks[@]}"; do linalg "$name"; done
unit=$([ "$metric" = callgrind ] && echo "Minstr" || echo "cpu_s")
echo "lowering + --solar-sol from linalg ($unit; $([ "$metric" = callgrind ] && echo "one run" || echo "best of 3"))"
printf '%-9s %6s %9s %9s %9s %6s %5s\n' network linalg parse lower sol ratio x2
declare -A sol
prev=""
for name in "${networks[@]}"; do
  file="$zoo/$name.linalg.mlir"
  ops=$(grep -c '^ *%.* = linalg\.' "$file" || true)
  parse=$(measure "$opt" "$file")
  lower=$(measure "$opt" "$file" --solar-lower-to-affine)
  sol[$name]=$(measure "$opt" "$file" --solar-sol=H100_SXM)
  doubling="-"
  case "$name" in
    gpt2_x16) doubling=$(echo "${sol[gpt2_x16]} / ${sol[gpt2_x8]}" | bc -l) ;;
    gpt2_x32) doubling=$(echo "${sol[gpt2_x32]} / ${sol[gpt2_x16]}" | bc -l) ;;
    gpt2_x48) doubling=$(echo "${sol[gpt2_x48]} / ${sol[gpt2_x32]} * 2 / 1.5" | bc -l) ;;
  esac
  [ "$doubling" = "-" ] || doubling=$(printf '%.2f' "$doubling")
  printf '%-9s %6d %9s %9s %9s %6.1f %5s\n' "$name" "$ops" "$parse" "$lower" \
    "${sol[$name]}" "$(echo "${sol[$name]} / $parse" | bc -l)" "$doubling"
done
