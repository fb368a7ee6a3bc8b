#!/usr/bin/env python3
"""Property check of the SOL fidelities over randomly generated programs.

Generates N functions, each a random chain of nests (elementwise, matmul,
row reduction, broadcast, transpose) over intermediates of random sizes,
with random framework-op identities (solar.framework_op on runs of
consecutive nests, some left without), runs solar-opt
--solar-sol on them once per capacity, and checks for every function:
  every figure non-negative (and not NaN),
  time_unfused >= time_fused >= time_ideal,   bytes_cache >= bytes_fused,
  time_cache >= time_fused.
Each function stores its tensors in one random float type (f32, bf16, f16,
f64), so the checks also cover the precision rule's rates and widths.
Prints one line per violation and "N passed, N failed" (one case per
function and capacity)."""
import random
import re
import subprocess
import sys


def gen_function(rng, name):
    dtype = rng.choice(["f32", "f32", "bf16", "f16", "f64"])
    return _gen_function(rng, name).replace("f32", dtype)


def _gen_function(rng, name):
    m, n = rng.choice([4, 16, 32, 64]), rng.choice([8, 16, 64, 128])
    args = [f"%x: memref<{m}x{n}xf32>"]
    body, allocs = [], []
    cur, cur_shape, counter = "%x", (m, n), 0
    for _ in range(rng.randint(1, 5)):
        counter += 1
        kind = rng.choice(["ew", "mm", "red", "ew2", "tr"])
        rows, cols = cur_shape
        if kind == "tr":
            out = f"%t{counter}"
            allocs.append((out, (cols, rows)))
            body.append(f"""  affine.for %i = 0 to {rows} {{
    affine.for %j = 0 to {cols} {{
      %a = affine.load {cur}[%i, %j] : memref<{rows}x{cols}xf32>
      affine.store %a, {out}[%j, %i] : memref<{cols}x{rows}xf32>
    }}
  }}""")
            cur, cur_shape = out, (cols, rows)
        elif kind == "mm":
            k2 = rng.choice([8, 32, 64])
            w = f"%w{counter}"
            args.append(f"{w}: memref<{cols}x{k2}xf32>")
            out = f"%t{counter}"
            allocs.append((out, (rows, k2)))
            body.append(f"""  affine.for %i = 0 to {rows} {{
    affine.for %j = 0 to {k2} {{
      affine.store %zero, {out}[%i, %j] : memref<{rows}x{k2}xf32>
      affine.for %k = 0 to {cols} {{
        %a = affine.load {cur}[%i, %k] : memref<{rows}x{cols}xf32>
        %b = affine.load {w}[%k, %j] : memref<{cols}x{k2}xf32>
        %c = affine.load {out}[%i, %j] : memref<{rows}x{k2}xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, {out}[%i, %j] : memref<{rows}x{k2}xf32>
      }}
    }}
  }}""")
            cur, cur_shape = out, (rows, k2)
        elif kind == "red":
            out = f"%t{counter}"
            allocs.append((out, (rows, 1)))
            body.append(f"""  affine.for %i = 0 to {rows} {{
    affine.store %zero, {out}[%i, 0] : memref<{rows}x1xf32>
    affine.for %j = 0 to {cols} {{
      %a = affine.load {cur}[%i, %j] : memref<{rows}x{cols}xf32>
      %c = affine.load {out}[%i, 0] : memref<{rows}x1xf32>
      %e = math.exp %a : f32
      %s = arith.addf %c, %e : f32
      affine.store %s, {out}[%i, 0] : memref<{rows}x1xf32>
    }}
  }}""")
            cur, cur_shape = out, (rows, 1)
        else:
            out = f"%t{counter}"
            allocs.append((out, (rows, cols)))
            op = rng.choice(["arith.addf %a, %a", "arith.mulf %a, %a", "arith.maximumf %a, %zero", "arith.divf %a, %one"])
            body.append(f"""  affine.for %i = 0 to {rows} {{
    affine.for %j = 0 to {cols} {{
      %a = affine.load {cur}[%i, %j] : memref<{rows}x{cols}xf32>
      %r = {op} : f32
      affine.store %r, {out}[%i, %j] : memref<{rows}x{cols}xf32>
    }}
  }}""")
            cur, cur_shape = out, (rows, cols)
    r, c = cur_shape
    args.append(f"%y: memref<{r}x{c}xf32>")
    body.append(f"""  affine.for %i = 0 to {r} {{
    affine.for %j = 0 to {c} {{
      %a = affine.load {cur}[%i, %j] : memref<{r}x{c}xf32>
      affine.store %a, %y[%i, %j] : memref<{r}x{c}xf32>
    }}
  }}""")
    body = tag_framework_ops(rng, body)
    text = [f"func.func @{name}({', '.join(args)}) {{",
            "  %zero = arith.constant 0.0 : f32", "  %one = arith.constant 1.0 : f32"]
    text += [f"  {a} = memref.alloc() : memref<{s[0]}x{s[1]}xf32>" for a, s in allocs]
    text += body + ["  return", "}"]
    return "\n".join(text)


def tag_framework_ops(rng, nests):
    """Runs of consecutive nests share a framework op (as the importers
    lower one op to consecutive nests); some nests have none."""
    tagged, op, run = [], 0, False
    for nest in nests:
        if rng.random() < 0.3:
            tagged.append(nest)
            run = False
            continue
        if not run or rng.random() < 0.5:
            op += 1
        run = True
        tagged.append(nest[:nest.rindex("}")] +
                      f'}} {{solar.framework_op = "op{op}"}}')
    return tagged


def fields(attr):
    # The TF32 figures beside an IEEE bound are a nested dictionary.
    attr = re.sub(r"tf32 = \{[^}]*\}", "", attr)
    return {k: float(v) for k, v in re.findall(r"(\w+) = (-?[0-9.eE+-]+|nan|-?inf)(?: : (?:f64|i64))", attr)}


def main():
    solar_opt, arch, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    module = "\n".join(gen_function(rng, f"f{i}") for i in range(count))
    passed = failed = 0
    for capacity in ["256", "4KiB", "1GiB"]:
        out = subprocess.run([solar_opt, "-", f"--solar-sol={arch}", f"--solar-capacity={capacity}"],
                             input=module.encode(), capture_output=True)
        if out.returncode != 0:
            print(out.stderr.decode()[-2000:])
            failed += count
            continue
        sols = re.findall(r"func\.func @(\w+)\(.*?solar\.sol = #solar\.sol<\{(.*?)\}>", out.stdout.decode())
        if len(sols) != count:
            print(f"capacity {capacity}: {len(sols)} solar.sol attributes for {count} functions")
            failed += count
            continue
        eps = 1e-12
        for name, attr in sols:
            f = fields(attr)
            negative = [k for k, v in f.items() if not v >= 0]
            checks = [
                ("every figure >= 0" + (f" ({', '.join(negative)})" if negative else ""),
                 not negative),
                ("time_unfused >= time_fused", f["time_unfused_s"] >= f["time_fused_s"] * (1 - eps)),
                ("time_fused >= time_ideal", f["time_fused_s"] >= f["time_ideal_s"] * (1 - eps)),
                ("bytes_cache >= bytes_fused", f["bytes_cache"] >= f["bytes_fused"] * (1 - eps)),
                ("time_cache >= time_fused", f["time_cache_s"] >= f["time_fused_s"] * (1 - eps)),
                ("bytes_unfused >= bytes_fused >= bytes_ideal",
                 f["bytes_unfused"] >= f["bytes_fused"] >= f["bytes_ideal"]),
            ]
            bad = [c for c, ok in checks if not ok]
            if bad:
                failed += 1
                print(f"VIOLATION @{name} capacity {capacity}: {', '.join(bad)}: {attr[:300]}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
