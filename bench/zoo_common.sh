# Shared by bench/model_zoo.sh and bench/lowering_scaling.sh (sourced):
# importing a bench/model_zoo.py program once, and best-of-3 CPU time.
# Expects $zoo (the cache directory) and $python.

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
