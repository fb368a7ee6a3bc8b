#!/bin/sh
# The commands test/Bench/ray.test runs on one Ray cluster (ray_cluster.py
# starts it and sets RAY_ADDRESS), each one's stdout, stderr and exit
# status kept under T for the checks afterwards.
#   ray_session.sh T ARCH
T=$1 ARCH=$2
run() { # NAME ARGS...: solar bench ARGS > T/NAME.stdout 2> T/NAME.stderr
  name=$1; shift
  solar bench "$@" > "$T/$name.stdout" 2> "$T/$name.stderr"
  echo "exit status $?" >> "$T/$name.stderr"
}
# Workers whose solar is another version: refused before any program runs.
run mismatch "$T/tree" --arch "$ARCH" --out "$T/mismatch" --ray --ray-solar "$T/other-solar"
# The tree on the cluster (the address from RAY_ADDRESS).
run ray "$T/tree" --arch "$ARCH" --out "$T/ray" --ray auto
# --resume over a local run's reports with one report missing: only that
# program runs, on the cluster.
run mixed "$T/tree" --arch "$ARCH" --out "$T/mixed" --ray auto --resume
# A program that hangs: killed on its worker at --timeout.
BENCH_HANG_PID=$T/pid run hang "$T/hang" --arch "$ARCH" --out "$T/hang-out" --runs 2 --timeout 5 --ray auto
