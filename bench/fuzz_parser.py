#!/usr/bin/env python3
"""Mutation fuzzing of solar-opt's parser entry.

Takes seed MLIR files, applies random byte/token mutations and feeds them to
solar-opt. Every mutant must end with exit code 0 (still valid) or 1 (a
diagnostic), never a signal, an LLVM fatal error or a sanitizer report.

  bench/fuzz_parser.py --solar-opt build/bin/solar-opt --count 500 SEEDS...

Mutants are batched into one `--split-input-file` run (hundreds of parses per
process) plus a few single-file runs, so a few hundred cases take seconds.
Prints "N passed, N failed" (one case per process run).
"""
import argparse
import random
import subprocess
import sys

TOKENS = ["(", ")", "{", "}", "<", ">", "[", "]", ":", ",", "=", "%", "@", "#",
          "^", "!", '"', "-> ", "memref<?x", "affine_map<(d0) -> (d0 floordiv 0)>",
          "affine.for %i = 0 to ", "#solar.sol<", "#solar.sol<{}>", "\"solar.einsum\"() ",
          "i64", "f32", "0x", "1e999", "-1", "9999999999999999999999", "\\", "\n", "\0"]
BAD_OUTPUT = ("LLVM ERROR", "Stack dump", "AddressSanitizer", "runtime error:",
              "LeakSanitizer", "Assertion", "Segmentation")


def mutate(text: str, rng: random.Random) -> str:
    data = list(text)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data = list(rng.choice(TOKENS))
        pos = rng.randrange(len(data))
        kind = rng.randrange(4)
        if kind == 0:
            del data[pos:pos + rng.randint(1, 8)]
        elif kind == 1:
            data[pos:pos] = list(rng.choice(TOKENS))
        elif kind == 2:
            data[pos] = chr(rng.randrange(1, 128))
        else:
            start = rng.randrange(len(data))
            data[pos:pos] = data[start:start + rng.randint(1, 20)]
    return "".join(data).replace("\0", "")


def run(solar_opt, args, stdin_text):
    proc = subprocess.run([solar_opt, *args], input=stdin_text.encode(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    err = proc.stderr.decode(errors="replace")
    ok = proc.returncode in (0, 1) and not any(b in err for b in BAD_OUTPUT)
    return ok, proc.returncode, err


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solar-opt", required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--singles", type=int, default=10,
                    help="mutants also run one per process")
    ap.add_argument("seeds", nargs="+")
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    seeds = [open(p, encoding="utf-8").read() for p in opts.seeds]
    mutants = [mutate(rng.choice(seeds), rng) for _ in range(opts.count)]

    passed = failed = 0
    batch = "\n// -----\n".join(m.replace("// -----", "// ---") for m in mutants)
    for args in (["--split-input-file"], ["--split-input-file", "--solar-annotate-noop"]):
        ok, code, err = run(opts.solar_opt, args, batch)
        passed, failed = passed + ok, failed + (not ok)
        if not ok:
            print(f"FAIL batch {args}: exit {code}\n{err[-2000:]}")
    for mutant in mutants[:opts.singles]:
        ok, code, err = run(opts.solar_opt, ["--solar-annotate-noop"], mutant)
        passed, failed = passed + ok, failed + (not ok)
        if not ok:
            print(f"FAIL single: exit {code}\n--- input ---\n{mutant}\n--- stderr ---\n{err[-2000:]}")
    print(f"{opts.count} mutants")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
