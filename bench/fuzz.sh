#!/usr/bin/env bash
# A bounded fuzz campaign over one fuzz target (tools/fuzz,
# docs/reliability.md). Builds the seed corpus from the repository's inputs
# (the MLIR targets: test/ chunks plus semantic mutants from
# bench/fuzz_semantic.py; the hardware-file and flag targets:
# bench/fuzz_seeds.py), runs the target for a time budget and prints the
# counts:
#   fuzz.sh: N inputs, C crashes, H hangs (> 5 s), K nonsense, T s wall, U s CPU
# Exit status 1 when anything was found; the inputs are in OUT/artifacts.
#
#   bench/fuzz.sh [--target sol|exec|arch|flags] [--build DIR] [--time SECONDS]
#                 [--out DIR] [--semantic N] [--seed N]
#
# Targets: sol (parse and the analysis passes, --solar-sol), exec (the
# executed-IR path of --solar-verify, in its sandbox), arch (the
# hardware-file loader), flags (the command-line flag parsers).
# DIR (default build-asan, else build) holds bin/solar-fuzz-TARGET: a libFuzzer
# binary when it was configured with -DCMAKE_C_COMPILER=clang
# -DSOLAR_FUZZ=ON (coverage-guided; run in -fork=1 mode so a finding is
# counted and the campaign goes on), else the forking standalone driver
# (tools/fuzz/fuzz_standalone_main.c). One process: run it under `nice` on
# a shared machine.
set -uo pipefail
cd "$(dirname "$0")/.."

build=""; seconds=60; out=""; semantic=500; seed=1; target=sol
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --time) seconds="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --semantic) semantic="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$target" in
  sol|exec) dict=(-dict=tools/fuzz/affine.dict); max_len=65536 ;;
  arch) dict=(); max_len=65536 ;;
  flags) dict=(); max_len=4096 ;;
  *) echo "fuzz.sh: unknown target $target (sol, exec, arch, flags)" >&2; exit 2 ;;
esac
if [ -z "$build" ]; then
  build=build-asan
  [ -x "$build/bin/solar-fuzz-$target" ] || build=build
fi
bin="$build/bin/solar-fuzz-$target"
if [ ! -x "$bin" ]; then
  echo "fuzz.sh: $bin is missing; build it first (docs/reliability.md)" >&2
  exit 2
fi
out="${out:-$(mktemp -d)}"
mkdir -p "$out/artifacts" "$out/work"
mkdir -p "$out/semantic"
case "$target" in
  sol|exec)
    python3 bench/fuzz_semantic.py seeds "$out/seeds" test >/dev/null
    python3 bench/fuzz_semantic.py mutate "$out/semantic" "$semantic" --seed "$seed" "$out/seeds" >/dev/null ;;
  *) python3 bench/fuzz_seeds.py "$target" "$out/seeds" . >/dev/null ;;
esac

export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
log="$out/fuzz.log"
start=$(date +%s)
if grep -q '^SOLAR_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  # libFuzzer's -timeout is wall-clock, which machine load stretches: it is
  # generous here, and every timeout is re-run alone below and counted as a
  # hang only when it takes over 5 CPU seconds more than an empty input.
  "$bin" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -timeout=60 -rss_limit_mb=4096 -max_len="$max_len" -seed="$seed" \
    -max_total_time="$seconds" "${dict[@]}" \
    -artifact_prefix="$out/artifacts/" "$out/work" "$out/seeds" "$out/semantic" \
    >"$log" 2>&1
  inputs=$(grep -oE '^#[0-9]+:' "$log" | tail -1 | tr -dc 0-9)
  crashes=$(ls "$out/artifacts" | grep -c '^crash-')
  nonsense=$(grep -c 'solar-fuzz: NONSENSE' "$log")
  crashes=$((crashes - nonsense < 0 ? 0 : crashes - nonsense))
  cpu_seconds() { # CPU seconds of one run of the target on file $1
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)' "$bin" -runs=1 "$1"
  }
  : >"$out/empty.mlir"
  base=$(cpu_seconds "$out/empty.mlir")
  hangs=0
  for t in "$out"/artifacts/timeout-*; do
    [ -e "$t" ] || continue
    cpu=$(cpu_seconds "$t")
    echo "timeout artifact $t: ${cpu} CPU s alone (empty input ${base} s)" >>"$log"
    if python3 -c "import sys; sys.exit(0 if $cpu - $base > 5 else 1)"; then
      hangs=$((hangs + 1))
    fi
  done
else
  "$bin" -max_total_time="$seconds" -timeout=5 -seed="$seed" \
    "${dict[@]}" -artifact_prefix="$out/artifacts/" \
    "$out/seeds" "$out/semantic" >"$log" 2>&1
  summary=$(grep -E '^solar-fuzz: [0-9]+ inputs' "$log" | tail -1)
  if [ -z "$summary" ]; then
    # The driver itself stopped (a finding in the driver process): count it.
    echo "fuzz.sh: the driver stopped without its summary; see $log" >&2
    summary="solar-fuzz: 0 inputs (0 seeds), 0 reached SOL, 1 crashes, 0 hangs, 0 nonsense"
  fi
  inputs=$(sed -E 's/^solar-fuzz: ([0-9]+) inputs.*/\1/' <<<"$summary")
  crashes=$(sed -E 's/.* ([0-9]+) crashes.*/\1/' <<<"$summary")
  hangs=$(sed -E 's/.* ([0-9]+) hangs.*/\1/' <<<"$summary")
  nonsense=$(sed -E 's/.* ([0-9]+) nonsense.*/\1/' <<<"$summary")
fi
elapsed=$(( $(date +%s) - start ))
# CPU time of everything this script waited for (the fuzzer and its jobs,
# the confirmation runs): on a shared machine far less than the wall time.
# `times` must run in this shell (in a pipeline or $(...) it would report a
# subshell's, which has waited for nothing: campaign 3 printed 0 s).
times >"$out/times.txt"
cpu=$(tail -1 "$out/times.txt" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
echo "fuzz.sh: ${inputs:-0} inputs, ${crashes:-0} crashes, ${hangs:-0} hangs (> 5 s), ${nonsense:-0} nonsense, ${elapsed} s wall, ${cpu} s CPU ($bin; log $log)"
[ "${crashes:-0}" = 0 ] && [ "${hangs:-0}" = 0 ] && [ "${nonsense:-0}" = 0 ]
