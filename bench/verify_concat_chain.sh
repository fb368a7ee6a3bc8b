#!/usr/bin/env bash
# Cost of verifying a DenseNet-style concatenation chain as it doubles:
# layer i convolves the concatenation of the input and every earlier
# layer's output, so the importer's IR holds i copies for layer i and
# L(L+1)/2 in all, each a static subview of the concatenation and a copy
# nest. The IR grows as L^2; its verification (`solar-opt --solar-verify`:
# lowering, JIT compilation and the run, in its forked child) should grow
# no faster. Before the fix DenseNet-201 reached 17.9 GiB there: each static
# subview's bounds checks became scf.ifs in one block, which
# convert-scf-to-cf's block splitting grows as ifs x ops (L^4 here), and
# convert-cf-to-llvm searched the module's symbols once per check (checks x
# symbols). Prints CPU seconds and peak RSS at L and 2L layers and their
# ratios (4 is the IR's own growth); given a second build directory (e.g.
# one built at an older commit; only its solar-opt is used, the IR is
# imported once with BUILD_DIR), measures its verification too and prints
# the speed ratio of the two at 2L layers. The chain's copies and its
# convolutions differ only in their channel counts, so since the nests
# that differ only in shapes share one function (verify_share.h) the
# JIT compiles a few functions for the whole chain.
#   bench/verify_concat_chain.sh [BUILD_DIR] [L] [BASE_BUILD_DIR]   (L: 16)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
layers="${2:-16}"
base="${3:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat > "$work/chain.py" <<'PY'
import torch
import torch.nn as nn

num_layers = 16
channels = 4
growth = 4
size = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.Conv2d(channels + i * growth, growth, 1, bias=False)
            for i in range(num_layers))

    def forward(self, x):
        features = [x]
        for conv in self.convs:
            features.append(torch.relu(conv(x)))
            x = torch.cat(features, 1)
        return x


def get_inputs():
    return [torch.randn(1, channels, size, size)]


def get_init_inputs():
    return []
PY

# import L: the chain at L layers, verified by solar import, into $work/L.mlir
import() {
  "$build/bin/solar" import "$work/chain.py" --framework torch \
    --override "num_layers=$1" --verify-size full --keep "$work/$1" \
    -o "$work/$1.mlir" >/dev/null 2>"$work/$1.import.log" ||
    { cat "$work/$1.import.log" >&2; exit 1; }
}

# verify BUILD L: prints "CPU_S PEAK_KB" of BUILD's solar-opt --solar-verify
verify() {
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$1/bin/solar-opt" \
    "$work/$2.mlir" "--solar-verify=$work/$2/ref/manifest.json" -o /dev/null \
    2>"$work/verify.log" || { cat "$work/verify.log" >&2; exit 1; }
  read -r user sys kb <"$work/time"
  echo "$(echo "$user + $sys" | bc) $kb"
}

report() {
  local name="$1" dir="$2" cpu1 kb1 cpu2 kb2
  verify "$dir" "$layers" >"$work/r1"
  verify "$dir" "$double" >"$work/r2"
  read -r cpu1 kb1 <"$work/r1"
  read -r cpu2 kb2 <"$work/r2"
  printf '%s: layers %d: verify %.2f CPU s, peak RSS %d MB\n' "$name" \
    "$layers" "$cpu1" $((kb1 / 1024))
  printf '%s: layers %d: verify %.2f CPU s, peak RSS %d MB\n' "$name" \
    "$double" "$cpu2" $((kb2 / 1024))
  printf '%s: ratio (2L / L): CPU %.2f, peak RSS %.2f (the IR grows 4x)\n' \
    "$name" "$(echo "$cpu2 / $cpu1" | bc -l)" "$(echo "$kb2 / $kb1" | bc -l)"
  last_cpu="$cpu2"
}

double=$((layers * 2))
import "$layers"
import "$double"
report "$build" "$build"
if [ -n "$base" ]; then
  build_cpu="$last_cpu"
  report "$base" "$base"
  printf 'speed ratio at %d layers: %.2fx (%s against %s)\n' "$double" \
    "$(echo "$last_cpu / $build_cpu" | bc -l)" "$build" "$base"
fi
