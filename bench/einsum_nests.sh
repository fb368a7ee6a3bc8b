#!/usr/bin/env bash
# Analysis cost of many loop nests: a function with N elementwise nests
# (a chain T[k] = T[k-1] * 1.5 + T[k-1] over intermediates) must lift in
# well under 2 s for N = 2000; the time must grow about linearly in N.
# Every intermediate has one writer that runs before its one reader, so its
# edges take the direct dataflow path (lib/einsum_edges.c, trivialFlow)
# rather than isl's compute_flow; about 0.7 s for N = 2000 on 2 cores.
#   bench/einsum_nests.sh [build-dir] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
count="${2:-2000}"
opt="$build/bin/solar-opt"
[ -x "$opt" ] || { echo "bench: $opt missing; build first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

chain() { # n: nests in the chain
  echo 'func.func @chain(%X: memref<64x64xf32>, %Y: memref<64x64xf32>) {'
  echo '  %c = arith.constant 1.5 : f32'
  local prev="%X"
  for ((k = 0; k < $1; ++k)); do
    local next="%t$k"
    [ "$k" -eq $(($1 - 1)) ] && next="%Y" ||
      echo "  $next = memref.alloc() : memref<64x64xf32>"
    cat <<MLIR
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load $prev[%i, %j] : memref<64x64xf32>
      %m = arith.mulf %a, %c : f32
      %s = arith.addf %m, %a : f32
      affine.store %s, $next[%i, %j] : memref<64x64xf32>
    }
  }
MLIR
    prev="$next"
  done
  echo '  return'
  echo '}'
}

run() { # n -> prints seconds
  chain "$1" > "$work/chain_$1.mlir"
  local start end
  start=$(date +%s.%N)
  "$opt" --solar-einsum-graph "$work/chain_$1.mlir" -o /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

if [ -n "${SOLAR_BENCH_KEEP:-}" ]; then chain "$count" > "$SOLAR_BENCH_KEEP"; exit 0; fi
small=$(run $((count / 4)))
full=$(run "$count")
printf 'nests=%-6s %.3f s\n' $((count / 4)) "$small"
printf 'nests=%-6s %.3f s\n' "$count" "$full"
printf 'ratio %d/%d nests: %.2f (linear = 4)\n' "$count" $((count / 4)) \
  "$(echo "$full / $small" | bc -l)"
if (( $(echo "$full < 2" | bc) )); then echo "OK: under 2 s"; else echo "SLOW: $full s >= 2 s"; exit 1; fi
