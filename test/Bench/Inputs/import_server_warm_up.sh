#!/usr/bin/env bash
# import_server_warm_up.sh TMP SRC PROGRAM: imports PROGRAM through
# tools/python/solar_import_server.py (which warmed up before serving;
# the client has a torch it cannot import) and then on its own, and says
# whether the two imports' files are the same.
set -u
tmp="$1" src="$2" program="$3"
py="${SOLAR_PYTHON:-python3}"
mkdir -p "$tmp/s"
"$py" "$src/tools/python/solar_import_server.py" "$tmp/s/socket" \
  2> "$tmp/server.err" &
server=$!
for _ in $(seq 3000); do [ -S "$tmp/s/socket" ] && break; sleep 0.02; done
run_import() {
  "$py" "$src/tools/python/solar_import.py" "$program" --framework torch \
    -o "$1" --runs 0 --verify-size auto > "$1.log" 2>&1
}
(export SOLAR_IMPORT_SERVER="$tmp/s/socket" \
   PYTHONPATH="$src/test/Bench/Inputs/fake_torch"
 run_import "$tmp/served")
echo "served: exit $?"
run_import "$tmp/alone"
echo "alone: exit $?"
for f in import.mlir import.full.mlir sizes.json ref/manifest.json; do
  if cmp -s "$tmp/served/$f" "$tmp/alone/$f"; then
    echo "$f: same"
  else
    echo "$f: differs"
  fi
done
kill -TERM "$server"
wait "$server"
echo "server: exit $?"
