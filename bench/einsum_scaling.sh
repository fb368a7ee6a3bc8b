#!/usr/bin/env bash
# Shows that lifting a loop nest into the einsum graph does not enumerate
# iteration points: the same kernels at tiny and huge sizes analyze in the
# same time (the process start-up of solar-opt dominates both).
#   bench/einsum_scaling.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
opt="$build/bin/solar-opt"
[ -x "$opt" ] || { echo "bench: $opt missing; build first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

matmul() { # n
  cat <<MLIR
func.func @matmul(%A: memref<$1x$1xf32>, %B: memref<$1x$1xf32>, %C: memref<$1x$1xf32>) {
  affine.for %i = 0 to $1 {
    affine.for %j = 0 to $1 {
      affine.for %k = 0 to $1 {
        %a = affine.load %A[%i, %k] : memref<$1x$1xf32>
        %b = affine.load %B[%k, %j] : memref<$1x$1xf32>
        %c = affine.load %C[%i, %j] : memref<$1x$1xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<$1x$1xf32>
      }
    }
  }
  return
}
MLIR
}

triangle() { # n: a triangular nest, summed with Faulhaber's formula
  cat <<MLIR
func.func @triangle(%A: memref<$1x$1xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to $1 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%j) {
        %a = affine.load %A[%i, %j] : memref<$1x$1xf32>
        %s = arith.addf %a, %one : f32
        affine.store %s, %A[%i, %j] : memref<$1x$1xf32>
      }
    }
  }
  return
}
MLIR
}

run() { # label kernel n
  local file="$work/$2_$3.mlir"
  "$2" "$3" > "$file"
  local start end points
  start=$(date +%s.%N)
  # Into a file first: grep -m1 on a pipe would SIGPIPE solar-opt (and,
  # with pipefail, the script) when the JSON is longer than a pipe buffer.
  "$opt" --solar-dump-einsum-graph=json "$file" -o /dev/null > "$file.json"
  end=$(date +%s.%N)
  points=$(grep -m1 '"points"' "$file.json" | tr -dc '0-9')
  seconds=$(echo "$end - $start" | bc)
  printf '%-10s n=%-6s points=%-14s %.3f s\n' "$2" "$3" "$points" "$seconds"
}

best() { # kernel n: the fastest of 5 runs, in seconds
  local file="$work/best_$1_$2.mlir" min=""
  "$1" "$2" > "$file"
  for _ in 1 2 3 4 5; do
    local start end t
    start=$(date +%s.%N)
    "$opt" --solar-einsum-graph "$file" -o /dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc)
    if [ -z "$min" ] || (( $(echo "$t < $min" | bc) )); then min=$t; fi
  done
  echo "$min"
}

for n in 4 64 4096; do run matmul matmul "$n"; done
for n in 4 1000 100000; do run triangle triangle "$n"; done
small=$(best matmul 64)
large=$(best matmul 4096)
printf 'matmul 4096^3 / 64^3 (best of 5): %.3f s / %.3f s = %.2f (1 = no growth)\n' \
  "$large" "$small" "$(echo "$large / $small" | bc -l)"
small=$(best triangle 1000)
large=$(best triangle 100000)
printf 'triangle 100000 / 1000 (best of 5): %.3f s / %.3f s = %.2f\n' \
  "$large" "$small" "$(echo "$large / $small" | bc -l)"
echo "time of the 4096^3 matmul alone:"
matmul 4096 > "$work/m.mlir"
time "$opt" --solar-einsum-graph "$work/m.mlir" -o /dev/null
