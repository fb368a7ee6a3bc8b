#!/usr/bin/env bash
# The public KernelBench suite, unmodified, against its published H100
# timings (docs/bench.md, "The public KernelBench suite"). KernelBench is not
# part of this repository: check it out anywhere (github.com/
# ScalingIntelligence/KernelBench) and give its path.
#
#   bench/kernelbench.sh KERNELBENCH_DIR [OUT] [LEVEL ...]     (default: level1 level2)
#
# For each level: `solar bench KernelBench/LEVEL --arch H100_SXM --measured
# results/timing/H100_Modal/baseline_time_torch.json` (eager PyTorch 2.5),
# under /usr/bin/time (CPU seconds and peak RSS of the whole process tree
# as the kernel counts them: bench's children included), then
# bench/kernelbench_compare.py compares every analyzed program's SOL with
# the torch.compile timings of the same folder.
set -euo pipefail
cd "$(dirname "$0")/.."
kb="${1:?usage: bench/kernelbench.sh KERNELBENCH_DIR [OUT] [LEVEL ...]}"
out="${2:-build/kernelbench}"
shift $(( $# >= 2 ? 2 : 1 ))
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(level1 level2)
solar="${SOLAR_BUILD_DIR:-build}/bin/solar"
timing="$kb/results/timing/H100_Modal"
mkdir -p "$out"
for level in "${levels[@]}"; do
  /usr/bin/time -f "cpu_s %U %S max_rss_kb %M wall %e" -o "$out/$level.time" \
    "$solar" bench "$kb/KernelBench/$level" --arch H100_SXM --out "$out/$level" \
      --jobs "${JOBS:-2}" --timeout 300 --runs 1 \
      --measured "$timing/baseline_time_torch.json" > "$out/$level.txt" 2> "$out/$level.log" || true
  sed -n '1,/wrote/p' "$out/$level.txt"
  cat "$out/$level.time"
done
python3 bench/kernelbench_compare.py "$timing" "$out" "${levels[@]}"
