#!/usr/bin/env bash
# CPU seconds of `solar analyze PROG --arch H100_SXM -o r.json` (its whole
# process tree: the importer's Python, the lowering, the verification JIT
# and the analysis) with this tree and with a base commit, in one run: per
# program the base, then this tree, so both see the same machine load.
# The base commit's tree is exported (git archive) and its `solar` built
# beside it (ccache makes that quick); its Python side is given with
# SOLAR_PYTHON_DIR. Prints per program the CPU s before and after, their
# ratio, the peak RSS after, and whether the outputs are the same: the
# report (r.json with the run's own paths and the digest of the IR path
# left out), the exported linalg at both sizes (import.mlir,
# import.full.mlir) and the analyzed IR (but its solar.verified's
# reference_median_s: a time measured at the verification sizes, which
# differs from run to run and which solar analyze's import no longer
# measures).
#   bench/import_cpu.sh BASE_REV PROG.py...   (BUILD=build, WORK=DIR kept)
# e.g. bench/import_cpu.sh fbcadab /work/kb/KernelBench/level3/30_SwinTransformerV2.py
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
base="${1:?usage: bench/import_cpu.sh BASE_REV PROG.py...}"
shift
build="${BUILD:-build}"
work="${WORK:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT

if [ ! -x "$work/base/build/bin/solar" ]; then
  rm -rf "$work/base" && mkdir -p "$work/base"
  git archive "$base" | tar -x -C "$work/base"
  (cd "$work/base" &&
   cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo \
     -DCMAKE_C_COMPILER_LAUNCHER=ccache > build.log 2>&1 &&
   nice cmake --build build -j2 --target solar-cli >> build.log 2>&1) ||
    { echo "cannot build $base (see $work/base/build.log)" >&2; exit 1; }
fi

# run SIDE PROG: solar analyze in $work/SIDE/NAME*, CPU s and peak RSS in
# NAME.time ("user sys maxrss_kb").
run() {
  local side="$1" prog="$2" name
  name="$(basename "$(dirname "$prog")")-$(basename "$prog" .py)"
  mkdir -p "$work/$side"
  rm -rf "$work/$side/$name.keep"
  local solar="$root/$build/bin/solar" python="$root/tools/python"
  if [ "$side" = before ]; then
    solar="$work/base/build/bin/solar"
    python="$work/base/tools/python"
  fi
  (cd "$work/$side" &&
   env -u SOLAR_IMPORT_SERVER SOLAR_PYTHON_DIR="$python" \
     /usr/bin/time -f "%U %S %M" -o "$name.time" \
     nice "$solar" analyze "$prog" --arch H100_SXM -o "$name.json" \
     --keep-reference "$name.keep" > "$name.log" 2>&1) || true
  echo "$name"
}

printf "%-44s %9s %9s %6s %8s  %s\n" program "before s" "after s" ratio \
  "RSS MB" "same report / linalg / IR"
for prog in "$@"; do
  prog="$(realpath "$prog")"
  run before "$prog" > /dev/null
  name="$(run after "$prog")"
  python3 - "$work" "$name" <<'PY'
import json, os, re, sys
work, name = sys.argv[1:]

def cpu(side):
    user, system, rss = open(f"{work}/{side}/{name}.time").read().split()[-3:]
    return float(user) + float(system), int(rss) / 1024

def text(side, path):
    try:
        data = open(f"{work}/{side}/{path}", encoding="utf-8").read()
    except OSError:
        return None
    # The run's own directory is a difference by design, and so is a
    # time measured.
    data = re.sub(r", reference_median_s = [^:,}]+ : f64", "", data)
    return data.replace(f"{work}/{side}/", "")

def report(side):
    data = text(side, f"{name}.json")
    if data is None:
        return None
    r = json.loads(data)
    r.pop("digest", None)
    return r

(before, _), (after, rss) = cpu("before"), cpu("after")
same = ["yes" if text("before", p) == text("after", p) and
        text("after", p) is not None else "NO"
        for p in (f"{name}.json", f"{name}.keep/import/import.mlir",
                  f"{name}.keep/import/import.full.mlir",
                  f"{name}.keep/{name.split('-', 1)[1]}.import.mlir")]
same[0] = "yes" if report("before") == report("after") and \
    report("after") is not None else "NO"
if text("after", f"{name}.keep/import/import.full.mlir") is None and \
        text("before", f"{name}.keep/import/import.full.mlir") is None:
    same[2] = "-"  # verified at full size: one export
print(f"{name:44s} {before:9.2f} {after:9.2f} {before / after:5.2f}x "
      f"{rss:8.0f}  {' / '.join(same[:2])}+{same[2]} / {same[3]}")
PY
done
