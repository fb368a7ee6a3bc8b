#!/bin/sh
# Wall time of `solar bench` over one tree of small SOL-only programs
# (test/Bench/Inputs/make_scale_tree.py), measured in one run: locally
# with --jobs 1, then with --ray on a two-process local Ray cluster
# (test/Bench/Inputs/ray_cluster.py: head + one worker node, one CPU each,
# 127.0.0.1), twice with shared files and once with --ray-runtime-env
# (inputs and outputs through Ray). The cluster's start-up is printed
# apart; each --ray time includes the driver connecting to it.
# docs/performance.md quotes it.
#   bench/ray_cluster.sh [PROGRAMS (default 12)]
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
PATH=${SOLAR_BIN_DIR:-$src/build/bin}:$PATH
export PATH
count=${1:-12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arch=$src/test/Compare/Inputs/round.yaml
python3 "$src/test/Bench/Inputs/make_scale_tree.py" "$tmp/tree" "$count"
now() { date +%s.%N; }
start=$(now)
solar bench "$tmp/tree" --arch "$arch" --out "$tmp/local" --jobs 1 > /dev/null 2>&1
local_s=$(echo "$(now) $start" | awk '{printf "%.1f", $1 - $2}')
# Twice: the first run on a fresh cluster also starts its Python workers.
cat > "$tmp/on-cluster.sh" <<INNER
for run in ray warm env; do
  mode=
  [ \$run = env ] && mode=--ray-runtime-env
  start=\$(date +%s.%N)
  solar bench "$tmp/tree" --arch "$arch" --out "$tmp/\$run" --ray auto \$mode > /dev/null 2> "$tmp/\$run.stderr"
  echo "\$(date +%s.%N) \$start" | awk '{printf "%.1f", \$1 - \$2}' > "$tmp/\$run.seconds"
done
INNER
python3 "$src/test/Bench/Inputs/ray_cluster.py" -- sh "$tmp/on-cluster.sh"
same=identical
for run in ray warm env; do
  python3 "$src/test/Bench/Inputs/same_summary.py" --csv "$tmp/local/summary.csv" "$tmp/$run/summary.csv" > /dev/null 2>&1 || same=DIFFERENT
done
connect() { grep 'ready in' "$tmp/$1.stderr" | sed 's/.*ready in //'; }
echo "ray_cluster: $count programs, local --jobs 1: $local_s s"
echo "ray_cluster: --ray on the two-process cluster, first run: $(cat "$tmp/ray.seconds") s ($(connect ray) of it connecting); second run: $(cat "$tmp/warm.seconds") s ($(connect warm) connecting); --ray-runtime-env: $(cat "$tmp/env.seconds") s ($(connect env) connecting, the Python side uploaded); summaries (but for each run's own cpu/RSS cells) $same"
