#!/usr/bin/env bash
# import_server.sh TMP SRC: starts tools/python/solar_import_server.py on
# TMP/s/socket, runs solar_import.py clients through it, prints what each
# returned, and stops the server with SIGTERM.
set -u
tmp="$1" src="$2"
py="${SOLAR_PYTHON:-python3}"
mkdir -p "$tmp/s"
"$py" "$src/tools/python/solar_import_server.py" "$tmp/s/socket" 2> "$tmp/server.err" &
server=$!
# It binds the socket before importing torch; clients then queue.
for _ in $(seq 3000); do [ -S "$tmp/s/socket" ] && break; sleep 0.02; done
client() {
  env SOLAR_IMPORT_SERVER="$tmp/s/socket" \
      PYTHONPATH="$src/test/Bench/Inputs/fake_torch" \
      "$py" "$src/tools/python/solar_import.py" "$@"
}
client "$src/test/Import/Inputs/scalar_input.py" --framework torch \
  -o "$tmp/ok" --runs 1 > "$tmp/ok.log" 2>&1
echo "import: exit $?"
client "$tmp/missing.py" --framework torch -o "$tmp/missing" --runs 1 \
  > "$tmp/missing.log" 2>&1
echo "missing program: exit $?"
client --framework torch > "$tmp/usage.log" 2>&1
echo "usage: exit $?"
env SOLAR_IMPORT_SERVER="$tmp/s/socket" \
    PYTHONPATH="$src/test/Bench/Inputs/fake_torch" \
    "$py" "$src/tools/python/solar_reference.py" \
    "$src/test/Import/Inputs/scalar_input.py" --framework torch \
    -o "$tmp/ref" --runs 1 > "$tmp/ref.log" 2>&1
echo "reference: exit $?"
kill -TERM "$server"
wait "$server"
echo "server: exit $?"
test -e "$tmp/s/socket" && echo "socket left" || true
