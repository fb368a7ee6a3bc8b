#!/usr/bin/env python3
"""Seed corpus and semantic mutator for the --solar-sol fuzz target
(tools/fuzz, bench/fuzz.sh, docs/reliability.md).

  bench/fuzz_semantic.py seeds OUTDIR [TESTDIR]
      Writes every MLIR function module under TESTDIR (default: test/) that
      holds affine or linalg code as one corpus file per '// -----' chunk.
  bench/fuzz_semantic.py mutate OUTDIR COUNT [--seed N] SEEDS...
      Writes COUNT mutants that keep the program well-formed most of the
      time, so they reach the later stages (einsum, fusion, traffic, SOL)
      rather than the parser's error paths: loop bounds and steps, constant
      and symbolic affine expressions (floordiv, mod, negative and huge
      coefficients), transposed subscripts, memref sizes changed
      consistently (0, 1, huge, dynamic), element types, arith ops, copied
      loop nests. Byte-level mutation is left to the fuzzer itself.
Prints how many files it wrote.
"""
import os
import random
import re
import sys

WANTED = ("affine.for", "affine.load", "linalg.", "affine.parallel")
# test/Fuzz/Inputs holds what earlier campaigns found: seeds too.


def seeds(outdir, testdir):
    os.makedirs(outdir, exist_ok=True)
    written = 0
    for root, _, files in sorted(os.walk(testdir)):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(root, name)
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for i, chunk in enumerate(text.split("// -----")):
                if "func.func" not in chunk or not any(w in chunk for w in WANTED):
                    continue
                # A fault inside MLIR's own parser ends the process (after
                # lib/support/parse.c names it): libFuzzer would stop there.
                if "fuzz-seed: none" in text:
                    continue
                # RUN/CHECK lines are comments; dropping them keeps the
                # corpus small and the dictionary effective.
                body = "\n".join(l for l in chunk.splitlines()
                                 if not l.lstrip().startswith("//"))
                rel = os.path.relpath(path, testdir).replace("/", "_")
                with open(os.path.join(outdir, f"{rel}.{i}.mlir"), "w") as f:
                    f.write(body.strip() + "\n")
                written += 1
    return written


NUMBERS = ["0", "1", "2", "3", "7", "16", "255", "1024", "65536", "1000003",
           "2147483647", "4294967296", "9223372036854775807"]
EXPRS = ["d0 + 1", "d0 * 2", "d0 floordiv 2", "d0 mod 3", "d0 * -1 + 7",
         "d0 ceildiv 4", "d0 * 1000000007", "s0", "d0 + s0", "0"]
ELEMENT_TYPES = ["f32", "f16", "bf16", "f64", "i32", "i8", "i1", "i64"]
ARITH = ["arith.addf", "arith.mulf", "arith.subf", "arith.divf",
         "arith.maximumf", "arith.minimumf"]


def bounds(text, rng):
    matches = list(re.finditer(r"(= |to |step )(\d+)", text))
    if not matches:
        return text
    m = rng.choice(matches)
    value = rng.choice(NUMBERS)
    if m.group(1) == "step " and value == "0":
        value = "1"
    return text[:m.start(2)] + value + text[m.end(2):]


def memref_size(text, rng):
    shapes = sorted(set(re.findall(r"memref<([0-9x?]+)x(\w+)>", text)))
    if not shapes:
        return text
    dims, elem = rng.choice(shapes)
    parts = dims.split("x")
    k = rng.randrange(len(parts))
    parts[k] = rng.choice(["0", "1", "3", "?", "4096", "1048576", "2147483648"])
    return text.replace(f"memref<{dims}x{elem}>", f"memref<{'x'.join(parts)}x{elem}>")


def element_type(text, rng):
    old = rng.choice([t for t in ELEMENT_TYPES if t in text] or ["f32"])
    new = rng.choice(ELEMENT_TYPES)
    # Every use at once, so loads, stores and arith stay consistent in
    # type (arith ops may then mismatch: that is an error path too).
    return re.sub(rf"\b{old}\b", new, text)


def transpose(text, rng):
    matches = list(re.finditer(r"\[(%\w+), (%\w+)([^\]]*)\]", text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[:m.start()] + f"[{m.group(2)}, {m.group(1)}{m.group(3)}]" + text[m.end():]


def subscript(text, rng):
    matches = list(re.finditer(r"\[(%\w+)", text))
    if not matches:
        return text
    m = rng.choice(matches)
    expr = rng.choice(["+ 1", "* 2", "floordiv 2", "mod 3", "- 1", "* 0"])
    return text[:m.end()] + f" {expr}" + text[m.end():]


def affine_map(text, rng):
    matches = list(re.finditer(r"\(d0\) -> \(([^)]*)\)", text))
    if not matches:
        return text.replace("affine.for %i = 0 to",
                            f"affine.for %i = affine_map<(d0) -> ({rng.choice(EXPRS)})>(%c0) to", 1)
    m = rng.choice(matches)
    return text[:m.start(1)] + rng.choice(EXPRS) + text[m.end(1):]


def arith(text, rng):
    present = [a for a in ARITH if a in text]
    if not present:
        return text
    return text.replace(rng.choice(present), rng.choice(ARITH), 1)


def copy_nest(text, rng):
    starts = [m.start() for m in re.finditer(r"\n(\s*)affine\.for", text)]
    if not starts:
        return text
    s = rng.choice(starts)
    depth, i = 0, text.index("{", s)
    while i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            break
        i += 1
    nest = text[s:i + 1]
    return text[:i + 1] + nest + text[i + 1:]


def step(text, rng):
    matches = list(re.finditer(r"affine\.for %\w+ = [^{]*? to [^{]*?(?= \{)", text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[:m.end()] + f" step {rng.choice(['2', '3', '64', '1000000'])}" + text[m.end():]


MUTATIONS = [bounds, memref_size, element_type, transpose, subscript,
             affine_map, arith, copy_nest, step]


def mutate(outdir, count, seed, paths):
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(seed)
    texts = []
    for p in paths:
        if os.path.isdir(p):
            texts += [open(os.path.join(p, n), encoding="utf-8", errors="replace").read()
                      for n in sorted(os.listdir(p))]
        else:
            texts.append(open(p, encoding="utf-8", errors="replace").read())
    texts = [t for t in texts if any(w in t for w in WANTED)]
    for n in range(count):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            text = rng.choice(MUTATIONS)(text, rng)
        with open(os.path.join(outdir, f"semantic-{seed}-{n}.mlir"), "w") as f:
            f.write(text)
    return count


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "seeds":
        n = seeds(args[1], args[2] if len(args) > 2 else
                  os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test"))
    elif len(args) >= 4 and args[0] == "mutate":
        seed = 1
        if "--seed" in args:
            k = args.index("--seed")
            seed = int(args[k + 1])
            del args[k:k + 2]
        n = mutate(args[1], int(args[2]), seed, args[3:])
    else:
        sys.exit(__doc__)
    print(f"{n} files written")


if __name__ == "__main__":
    main()
