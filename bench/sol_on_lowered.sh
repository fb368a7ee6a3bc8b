#!/usr/bin/env bash
# --solar-sol on a module that is already lowered (affine), against parsing
# and printing the same module: the analysis should cost at most 3x the
# parse+print (issue 25, "--solar-sol alone <= 3x parse+print on the model
# zoo"; docs/performance.md, "The analysis of a lowered module").
#
# Networks: bench/model_zoo.py's programs, imported once and lowered once
# (cached in ZOO_DIR, default build/model-zoo, as NAME.mlir). Per network,
# instructions counted by callgrind (one run each: repeatable on a machine
# shared with other jobs), in millions:
#
#   parse   solar-opt NET.mlir -o /dev/null
#   sol     solar-opt NET.mlir --solar-sol=H100_SXM -o /dev/null
#
# and "ratio" = sol / parse, "<=3" whether it meets the target; the last
# line counts the networks that meet it. "sol" includes printing the
# output: the input with solar.sol on each function (since issue 25's
# item 6 the einsum graph, fusion and traffic attributes only come with
# stages=true). With BASE_OPT=path/to/solar-opt (another build, e.g. the
# tree before a change) a column "base" gives that binary's "sol" count
# from the same run, for before/after tables.
#
#   [ZOO_DIR=dir] [BASE_OPT=solar-opt] bench/sol_on_lowered.sh [build-dir] [network ...]
#   (default: resnet18 mobilenetv2 vit lstm gpt2 unet gpt2_x1 gpt2_x8)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
shift || true
command -v valgrind > /dev/null || { echo "bench: valgrind missing" >&2; exit 1; }
# shellcheck source=bench/zoo_common.sh
. bench/zoo_common.sh
zoo_setup "$build"
networks=("$@")
[ ${#networks[@]} -gt 0 ] ||
  networks=(resnet18 mobilenetv2 vit lstm gpt2 unet gpt2_x1 gpt2_x8)

for name in "${networks[@]}"; do zoo_affine "$name"; done
base="${BASE_OPT:-}"
[ -z "$base" ] || [ -x "$base" ] || { echo "bench: $base missing" >&2; exit 1; }
echo "--solar-sol on lowered (affine) input against parse+print (Minstr, callgrind)"
printf '%-12s %6s %9s %9s %6s %4s' network stmts parse sol ratio '<=3'
[ -z "$base" ] && echo || printf ' %9s %6s\n' base ratio
met=0
for name in "${networks[@]}"; do
  file="$zoo/$name.mlir"
  statements=$(grep -c 'affine.store' "$file" || true)
  parse=$(zoo_minstr "$opt" "$file")
  sol=$(zoo_minstr "$opt" "$file" --solar-sol=H100_SXM)
  ratio=$(echo "$sol / $parse" | bc -l)
  if (( $(echo "$sol <= 3 * $parse" | bc) )); then ok=yes; met=$((met + 1))
  else ok=no; fi
  printf '%-12s %6d %9s %9s %6.2f %4s' "$name" "$statements" "$parse" "$sol" \
    "$ratio" "$ok"
  if [ -z "$base" ]; then echo; continue; fi
  before=$(zoo_minstr "$base" "$file" --solar-sol=H100_SXM)
  printf ' %9s %6.2f\n' "$before" "$(echo "$before / $parse" | bc -l)"
done
echo "target <= 3x met by $met of ${#networks[@]} networks"
