# Shared by bench/model_zoo.sh and bench/lowering_scaling.sh (sourced):
# importing a bench/model_zoo.py program once, and best-of-3 CPU time.
# The functions below zoo_setup expect what it sets.

# zoo_setup BUILD [model_zoo.py option ...]: sets $opt, $zoo (ZOO_DIR,
# default BUILD/model-zoo) and $python (SOLAR_PYTHON), and writes the
# bench/model_zoo.py programs there (a file is rewritten only if changed).
zoo_setup() {
  opt="$1/bin/solar-opt"
  [ -x "$opt" ] || { echo "bench: $opt missing; build first" >&2; exit 1; }
  zoo="${ZOO_DIR:-$1/model-zoo}"
  python="${SOLAR_PYTHON:-python3}"
  mkdir -p "$zoo"
  "$python" bench/model_zoo.py "$zoo" "${@:2}"
}

# zoo_minstr COMMAND...: callgrind's instruction count of one run (output
# to /dev/null), in millions; repeatable on a machine shared with others.
zoo_minstr() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
    -o /dev/null 2>&1 >/dev/null |
    awk '/refs:/ { gsub(",", "", $NF); printf "%.1f\n", $NF / 1e6 }'
}

# zoo_import NAME: imports $zoo/NAME.py to linalg (full size) unless
# $zoo/NAME.import is newer than the program; prints the linalg file.
zoo_import() {
  local name="$1" prog="$zoo/$1.py" dir="$zoo/$1.import"
  if [ ! -s "$dir/import.mlir" ] || [ "$prog" -nt "$dir/import.mlir" ]; then
    echo "importing $name (once) ..." >&2
    "$python" tools/python/solar_import.py "$prog" --framework torch \
      -o "$dir" --runs 1 > "$zoo/$name.import.log" 2>&1 ||
      { cat "$zoo/$name.import.log" >&2; exit 1; }
  fi
  # The full-size export: import.mlir holds the verification sizes the
  # importer shrinks every size constant to (LAYERS included).
  if [ -s "$dir/import.full.mlir" ]; then echo "$dir/import.full.mlir"
  else echo "$dir/import.mlir"; fi
}

# zoo_affine NAME: $zoo/NAME.mlir, the affine form (imported, then
# --solar-lower-to-affine with $opt), made when missing or stale.
zoo_affine() {
  local name="$1" prog="$zoo/$1.py" out="$zoo/$1.mlir" src
  if [ ! -s "$out" ] || [ "$prog" -nt "$out" ]; then
    src=$(zoo_import "$name")
    "$opt" "$src" --solar-lower-to-affine -o "$out"
  fi
}

# zoo_best COMMAND...: the least CPU time (user + sys) of 3 runs, in s.
zoo_best() {
  local min="" t
  for _ in 1 2 3; do
    /usr/bin/time -o "$zoo/time.txt" -f '%U %S' "$@" -o /dev/null 2>/dev/null ||
      { echo "bench: failed: $*" >&2; exit 1; }
    t=$(tail -1 "$zoo/time.txt" | awk '{print $1 + $2}')
    if [ -z "$min" ] || (( $(echo "$t < $min" | bc) )); then min=$t; fi
  done
  echo "$min"
}
