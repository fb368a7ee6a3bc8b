#!/usr/bin/env bash
# Does a change leave the analysis of real programs alone? Runs two
# solar-opt binaries with --solar-sol=H100_SXM on every verified import a
# bench/kernelbench.sh run kept (OUT/LEVEL/NAME.py.import.mlir) and compares
# the `solar.sol` attributes they print; prints the files that differ and a
# count. The model zoo and test/'s inputs are small: a change that keeps
# them byte-identical can still miscount a set only a KernelBench program
# has (docs/performance.md, "Tenth round: a count reverted").
#
#   bench/sol_same.sh BASE_OPT NEW_OPT KERNELBENCH_OUT [LEVEL ...]
#   (default levels: level1 level2 level3)
set -uo pipefail
base="${1:?usage: bench/sol_same.sh BASE_OPT NEW_OPT KERNELBENCH_OUT [LEVEL ...]}"
new="${2:?}"; out="${3:?}"; shift 3
levels=("$@"); [ ${#levels[@]} -gt 0 ] || levels=(level1 level2 level3)
sol() { timeout 300 "$1" "$2" --solar-sol=H100_SXM 2>&1 | grep -o 'solar.sol = .*'; }
files=0; differ=0
for level in "${levels[@]}"; do
  for f in "$out/$level"/*.import.mlir; do
    [ -e "$f" ] || continue
    files=$((files + 1))
    if [ "$(sol "$base" "$f")" != "$(sol "$new" "$f")" ]; then
      echo "differs: $f"; differ=$((differ + 1))
    fi
  done
done
echo "sol_same: $files imports, $differ differ"
[ "$differ" = 0 ]
