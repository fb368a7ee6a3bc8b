#!/usr/bin/env bash
# import_server_threads.sh TMP SRC: for each of the import server's thread
# settings (its flags, then the value of OMP_WAIT_POLICY it starts with),
# starts tools/python/solar_import_server.py, runs one solar_reference.py
# client through it whose program prints its OMP_WAIT_POLICY (the client
# itself has OMP_WAIT_POLICY=ACTIVE and a torch it cannot import), and
# stops the server.
set -u
tmp="$1" src="$2"
py="${SOLAR_PYTHON:-python3}"
run() {
  local name="$1" policy="$2"
  shift 2
  local dir="$tmp/$name"
  mkdir -p "$dir"
  if [ -n "$policy" ]; then
    env OMP_WAIT_POLICY="$policy" "$py" \
      "$src/tools/python/solar_import_server.py" "$dir/socket" "$@" \
      2> "$dir/server.err" &
  else
    env -u OMP_WAIT_POLICY "$py" \
      "$src/tools/python/solar_import_server.py" "$dir/socket" "$@" \
      2> "$dir/server.err" &
  fi
  local server=$!
  for _ in $(seq 3000); do [ -S "$dir/socket" ] && break; sleep 0.02; done
  env SOLAR_IMPORT_SERVER="$dir/socket" OMP_WAIT_POLICY=ACTIVE \
      PYTHONPATH="$src/test/Bench/Inputs/fake_torch" \
      "$py" "$src/tools/python/solar_reference.py" \
      "$src/test/Bench/Inputs/wait_policy.py" --framework torch \
      -o "$dir/ref" --runs 1 > "$dir/client.log" 2>&1
  echo "$name: exit $? $(grep -m1 'wait policy' "$dir/client.log")"
  kill -TERM "$server"
  wait "$server"
}
run sleeping "" --idle-threads-sleep
run default ""
run users ACTIVE --idle-threads-sleep
"$py" "$src/tools/python/solar_import_server.py" "$tmp/x" --bad 2>&1
echo "bad flag: exit $?"
