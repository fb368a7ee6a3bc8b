#!/bin/sh
# The commands a Ray test runs on one cluster (ray_cluster.py starts it and
# sets RAY_ADDRESS), each one's stdout, stderr and exit status kept under T
# for the checks afterwards.
#   ray_session.sh T ARCH               test/Bench/ray.test (shared files)
#   ray_session.sh T ARCH runtime-env   test/Bench/ray-runtime-env.test
T=$1 ARCH=$2
run() { # NAME ARGS...: solar bench ARGS > T/NAME.stdout 2> T/NAME.stderr
  name=$1; shift
  solar bench "$@" > "$T/$name.stdout" 2> "$T/$name.stderr"
  echo "exit status $?" >> "$T/$name.stderr"
}
if [ "${3:-}" = runtime-env ]; then
  # The worker sees none of the driver's files: a run that needs them
  # (solar at the driver's path) is refused on the worker.
  run shared "$T/tree" --arch "$ARCH" --out "$T/shared" --ray auto
  # Workers whose solar (on their PATH) is another version, or has none.
  run mismatch "$T/tree" --arch "$ARCH" --out "$T/mismatch" --ray auto --ray-runtime-env --ray-solar solar-old
  run missing "$T/tree" --arch "$ARCH" --out "$T/missing" --ray auto --ray-runtime-env --ray-solar solar-missing
  # The tree through Ray: inputs with each task, outputs back to OUTDIR.
  run env "$T/tree" --arch "$ARCH" --out "$T/env" --ray auto --ray-runtime-env
  exit 0
fi
# Workers whose solar is another version: refused before any program runs.
run mismatch "$T/tree" --arch "$ARCH" --out "$T/mismatch" --ray --ray-solar "$T/other-solar"
# The tree on the cluster (the address from RAY_ADDRESS).
run ray "$T/tree" --arch "$ARCH" --out "$T/ray" --ray auto
# --resume over a local run's reports with one report missing: only that
# program runs, on the cluster.
run mixed "$T/tree" --arch "$ARCH" --out "$T/mixed" --ray auto --resume
# A program that hangs: killed on its worker at --timeout.
BENCH_HANG_PID=$T/pid run hang "$T/hang" --arch "$ARCH" --out "$T/hang-out" --runs 2 --timeout 5 --ray auto
