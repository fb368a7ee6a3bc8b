#!/usr/bin/env python3
"""Seed corpora of the hardware-file and flag fuzz targets (tools/fuzz,
bench/fuzz.sh, docs/reliability.md), taken from the repository's own
inputs; the MLIR targets' seeds come from bench/fuzz_semantic.py.

  bench/fuzz_seeds.py arch OUTDIR [ROOT]
      Every .yaml/.yml file under ROOT/arch and ROOT/test, one seed each.
  bench/fuzz_seeds.py flags OUTDIR [ROOT]
      Every `--flag VALUE` / `--flag=VALUE` of the RUN lines under ROOT/test
      whose value starts like a number, once for each parser of
      tools/fuzz/fuzz_cli_flags.c (the first byte picks it), and each RUN
      line's arguments as one NUL-separated seed of the flag scanner.
Prints how many files it wrote.
"""
import os
import re
import shlex
import sys

# tools/fuzz/fuzz_cli_flags.c: data[0] % 5 picks the parser (4: scanner).
PARSERS = 4
SCANNER = 4


def walk(root, suffixes):
    for base, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(suffixes):
                yield os.path.join(base, name)


def write(outdir, index, data):
    with open(os.path.join(outdir, "seed-%05d" % index), "wb") as f:
        f.write(data)


def arch(outdir, root):
    written = 0
    for sub in ("arch", "test"):
        for path in walk(os.path.join(root, sub), (".yaml", ".yml")):
            with open(path, "rb") as f:
                write(outdir, written, f.read())
            written += 1
    return written


def flags(outdir, root):
    values, lines = set(), set()
    number = re.compile(r"^[-+.0-9]")
    for path in walk(os.path.join(root, "test"), (".test", ".mlir")):
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.search(r"RUN:(.*)", line)
                if not m:
                    continue
                try:
                    words = shlex.split(m.group(1))
                except ValueError:
                    continue
                args = [w for w in words if w.startswith("-")]
                for i, word in enumerate(words):
                    if word.startswith("--") and "=" in word:
                        value = word.split("=", 1)[1]
                    elif word.startswith("--") and i + 1 < len(words):
                        value = words[i + 1]
                    else:
                        continue
                    if number.match(value):
                        values.add(value)
                if args:
                    lines.add("\0".join(words[1:40]))
    written = 0
    for value in sorted(values):
        for parser in range(PARSERS):
            write(outdir, written, bytes([parser]) + value.encode())
            written += 1
    for line in sorted(lines):
        write(outdir, written, bytes([SCANNER]) + line.encode())
        written += 1
    return written


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ("arch", "flags"):
        sys.exit(__doc__)
    outdir = sys.argv[2]
    root = sys.argv[3] if len(sys.argv) == 4 else "."
    os.makedirs(outdir, exist_ok=True)
    count = (arch if sys.argv[1] == "arch" else flags)(outdir, root)
    print("fuzz_seeds.py: %d files" % count)


if __name__ == "__main__":
    main()
