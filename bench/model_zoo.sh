#!/usr/bin/env bash
# Analysis time of whole networks against the time MLIR takes to parse and
# print them. bench/model_zoo.py writes six network-shaped PyTorch programs
# at full size (ResNet-18, MobileNetV2, ViT-B/16, a 2-layer LSTM unrolled
# over 64 steps, GPT-2 small, U-Net) and GPT-2 blocks repeated 1..16 times;
# each is imported once (tools/python/solar_import.py exports linalg, then
# --solar-lower-to-affine; the affine file is cached in ZOO_DIR, default
# build/model-zoo) and then timed, best of 3 runs of each command:
#
#   parse   solar-opt NET.mlir -o /dev/null
#   graph   solar-opt --solar-einsum-graph                   (minus parse)
#   fusion  solar-fusion-groups{arch=H100_SXM}               (minus graph)
#   traffic solar-cache-traffic{arch=H100_SXM}               (minus fusion)
#   sol     --solar-sol=H100_SXM, the whole chain            (minus traffic)
#
# Every command starts from NET.mlir and prints its result to /dev/null, so
# a stage's figure includes printing its attribute. "ratio" is sol/parse,
# "ms/stmt" the --solar-sol time per statement (affine.store). Last, the
# 120-deep loop nest that the traffic model rejects (test/Sol/deep-nest.test).
#
#   bench/model_zoo.sh [build-dir] [network ...]     (default: all)
# Times are CPU seconds (user + sys, /usr/bin/time, 10 ms resolution) of
# the process, which a machine shared with other jobs inflates far less
# than wall-clock time; best of 3. For comparisons between
# builds, count instructions instead (repeatable on a loaded machine):
#   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
#     build/bin/solar-opt ZOO_DIR/gpt2_x1.mlir --solar-sol=H100_SXM -o /dev/null
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
shift || true
# shellcheck source=bench/zoo_common.sh
. bench/zoo_common.sh
zoo_setup "$build"

networks=("$@")
[ ${#networks[@]} -gt 0 ] ||
  networks=(resnet18 mobilenetv2 vit lstm gpt2 unet)
blocks=(gpt2_x1 gpt2_x2 gpt2_x4 gpt2_x8 gpt2_x16)

import() { zoo_affine "$1"; }

best() { zoo_best "$@"; }

ms() { echo "($1) * 1000" | bc -l; }

row() { # name
  local file="$zoo/$1.mlir" statements parse graph fusion traffic sol
  statements=$(grep -c 'affine.store' "$file")
  parse=$(best "$opt" "$file")
  graph=$(best "$opt" "$file" --solar-einsum-graph)
  fusion=$(best "$opt" "$file" \
    --pass-pipeline='builtin.module(solar-fusion-groups{arch=H100_SXM})')
  traffic=$(best "$opt" "$file" \
    --pass-pipeline='builtin.module(solar-cache-traffic{arch=H100_SXM})')
  sol=$(best "$opt" "$file" --solar-sol=H100_SXM)
  printf '%-12s %6d %8.0f %8.0f %6.1f %8.3f | %7.0f %7.0f %7.0f %7.0f\n' \
    "$1" "$statements" "$(ms "$parse")" "$(ms "$sol")" \
    "$(echo "$sol / $parse" | bc -l)" \
    "$(echo "1000 * $sol / $statements" | bc -l)" \
    "$(ms "$graph - $parse")" "$(ms "$fusion - $graph")" \
    "$(ms "$traffic - $fusion")" "$(ms "$sol - $traffic")"
}

header() {
  printf '%-12s %6s %8s %8s %6s %8s | %7s %7s %7s %7s\n' network stmts \
    parse_ms sol_ms ratio ms/stmt graph fusion traffic sol
}

for name in "${networks[@]}" "${blocks[@]}"; do import "$name"; done
echo "networks (best of 3; stage columns in ms)"
header
for name in "${networks[@]}"; do row "$name"; done
echo
echo "scaling: GPT-2 blocks (width 256, sequence 128) repeated K times"
header
for name in "${blocks[@]}"; do row "$name"; done

"$python" test/Sol/Inputs/deep_nest.py 120 > "$zoo/deep120.mlir"
"$opt" "$zoo/deep120.mlir" --solar-sol=H100_SXM -o /dev/null 2>/dev/null &&
  { echo "bench: the 120-deep nest was not rejected" >&2; exit 1; }
start=$(date +%s.%N)
"$opt" "$zoo/deep120.mlir" --solar-sol=H100_SXM -o /dev/null 2>/dev/null || true
end=$(date +%s.%N)
echo
printf '120-deep loop nest: rejected in %.0f ms (wall clock)\n' \
  "$(ms "$end - $start")"
