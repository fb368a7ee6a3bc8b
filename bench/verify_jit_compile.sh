#!/usr/bin/env bash
# Compilation cost of the verification JIT on a long network: a stack of
# LAYERS (default 48) Linear(16, 16) + ReLU layers at batch 2, imported by
# torch-mlir, lowered to affine loops and verified against PyTorch. Its
# run is negligible (~30 kflop per layer); what is measured is the JIT's
# work on one entry function of 2 x LAYERS parameters (5 lowered values per
# 1-D memref, 7 per 2-D) calling hundreds of outlined nests: the
# ExecutionEngine's packed wrapper of that entry and the SelectionDAG
# combiner on its straight-line calls (docs/performance.md, "The
# verification JIT's compile time").
# Prints the instructions (callgrind, the forked run included) and CPU
# seconds of `solar-opt --solar-verify` with BUILD_DIR; given a second
# build directory (e.g. one built at an older commit), runs both in this
# one run and prints the ratio of instructions.
#   bench/verify_jit_compile.sh [BUILD_DIR] [BASE_BUILD_DIR]   (LAYERS=48)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
base="${2:-}"
layers="${LAYERS:-48}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat > "$work/stack.py" <<PY
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(
            *[m for _ in range($layers) for m in (nn.Linear(16, 16), nn.ReLU())])

    def forward(self, x):
        return self.layers(x)


def get_inputs():
    return [torch.randn(2, 16)]
PY

python3 tools/python/solar_import.py "$work/stack.py" --framework torch \
  --verify-size full --runs 1 -o "$work/imp" > /dev/null
"$build/bin/solar-opt" "$work/imp/import.mlir" --solar-lower-to-affine \
  -o "$work/stack.mlir"

# "INSTRUCTIONS CPU_S" of one verification with build dir $1 under
# callgrind (every process: the run is a forked child).
measure() {
  local opt="$1/bin/solar-opt"
  [ -x "$opt" ] || { echo "bench: $opt missing; build first" >&2; exit 1; }
  rm -f "$work"/cg.*
  /usr/bin/time -f "%U %S" -o "$work/time" \
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.%p" \
    "$opt" "$work/stack.mlir" --solar-verify="$work/imp/ref/manifest.json" \
    -o /dev/null 2> "$work/verify.err" ||
    { tail -20 "$work/verify.err" >&2; exit 1; }
  grep -q 'remark: solar-verify: @forward matches' "$work/verify.err" ||
    { tail -20 "$work/verify.err" >&2; exit 1; }
  local ir
  ir=$(cat "$work"/cg.* | awk '/^summary:/ {s += $2} END {print s}')
  echo "$ir $(awk '{print $1 + $2}' "$work/time")"
}

report() {
  echo "verify_jit_compile: $1 ($layers layers): $2 instructions" \
    "($3 CPU s under callgrind)"
}

read -r now now_s < <(measure "$build")
report "$build" "$now" "$now_s"
if [ -n "$base" ]; then
  read -r before before_s < <(measure "$base")
  report "$base" "$before" "$before_s"
  python3 -c "print(f'verify_jit_compile: instruction ratio {$before / $now:.2f}x ($base / $build)')"
fi
