#!/usr/bin/env python3
"""Writes a reference directory (manifest.json + .npy files) for the
C-only solar-verify tests, with numpy alone.

    make_case.py OUTDIR CASE [--dtype D] [--damage NAME=KIND ...]
                 [--manifest-shape NAME=2,3] [--manifest-dtype NAME=f64]

The data are deterministic (no RNG), so the tests can check exact error
numbers derived by hand. Each case documents its values below.
"""
import argparse
import json
import os
import sys

import numpy as np

NPY_DTYPE = {"f64": np.float64, "f32": np.float32, "f16": np.float16,
             "bf16": np.uint16, "i64": np.int64, "i32": np.int32,
             "i8": np.int8, "i1": np.bool_}


def to_bf16_bits(values):
    """float32 -> bfloat16 bit patterns, round to nearest even."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def as_dtype(values, dtype):
    if dtype == "bf16":
        return to_bf16_bits(values)
    return np.asarray(values).astype(NPY_DTYPE[dtype])


def from_dtype(array, dtype):
    """Stored array -> float64 values (bf16 bits are widened)."""
    if dtype == "bf16":
        return (array.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return array.astype(np.float64)


def case_matmul(dtype):
    # C[i, n] = sum_k A[i, k] * B[k, n] with A[i, k] = i + k + 1 and
    # B[k, n] = n + 1, M=4, K=3, N=5: C[i, n] = (n + 1) * (3 * (i + 1) + 3).
    m, k, n = 4, 3, 5
    a = np.fromfunction(lambda i, kk: i + kk + 1, (m, k))
    b = np.fromfunction(lambda kk, j: j + 1, (k, n))
    c = a @ b
    return [("A", "input", a), ("B", "input", b), ("C", "output", c)], dtype


def case_binary(dtype, op):
    # a = [1.5, -2, 3.25, 0, 7, -0.5, 100, 2], b = [2, 0.5, -1, 4, 3, 8, 0.25, 2]
    a = np.array([1.5, -2, 3.25, 0, 7, -0.5, 100, 2])
    b = np.array([2, 0.5, -1, 4, 3, 8, 0.25, 2])
    if dtype in ("i64", "i32", "i8"):
        a = np.array([100, -100, 50, 7, -3, 0, 127, -128])
        b = np.array([3, 3, 3, 2, -5, 9, 1, 1])
    sa, sb = as_dtype(a, dtype), as_dtype(b, dtype)
    if dtype == "bf16":
        fa, fb = from_dtype(sa, dtype), from_dtype(sb, dtype)
        out = to_bf16_bits({"add": fa + fb, "mul": fa * fb}[op])
    else:
        with np.errstate(over="ignore"):
            out = {"add": sa + sb, "mul": sa * sb}[op]  # wraps like arith
    return [("a", "input", sa), ("b", "input", sb), ("out", "output", out)], dtype


def case_greater():
    # out[i] = a[i] > b[i] (i1): [T, F, T, F, F, F]
    a = np.array([2.0, 1.0, 5.0, -1.0, 0.0, 3.0], dtype=np.float32)
    b = np.array([1.0, 1.0, 4.0, 0.0, 0.0, 4.0], dtype=np.float32)
    return [("a", "input", a), ("b", "input", b), ("out", "output", a > b)], None


def case_scale():
    # out[i] = alpha * x[i], alpha = 2.5 (a 0-d input), x = [0, 1, 2, 3, 4, 5]
    x = np.arange(6, dtype=np.float32)
    alpha = np.array(2.5, dtype=np.float32)
    return [("x", "input", x), ("alpha", "input", alpha),
            ("out", "output", alpha * x)], None


def case_divide():
    # out = a / b with a = [0, 1, -1, 2, 3], b = [0, 0, 0, 4, 2]
    #     = [nan, inf, -inf, 0.5, 1.5]
    a = np.array([0, 1, -1, 2, 3], dtype=np.float32)
    b = np.array([0, 0, 0, 4, 2], dtype=np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = a / b
    return [("a", "input", a), ("b", "input", b), ("out", "output", out)], None


def case_rowsum(size):
    # x[i, j] = i * 10 + j for an R x C array (--size RxC, default 3x4);
    # s[i] = sum_j x[i, j] = 10 i C + C (C - 1) / 2 (3x4: [6, 46, 86]);
    # y = x + 1.
    rows, cols = (int(v) for v in (size or "3x4").split("x"))
    x = np.fromfunction(lambda i, j: i * 10 + j, (rows, cols)).astype(np.float32)
    return [("x", "input", x), ("s", "output", x.sum(axis=1)),
            ("y", "output", x + 1)], None


def case_shift():
    # out[i] = x[i + k] with x = [0 .. 7], k = 2 (a 0-d i64 input, an
    # `index` argument in the IR): out = [2, 3, 4, 5, 6, 7].
    x = np.arange(8, dtype=np.float32)
    k = np.array(2, dtype=np.int64)
    return [("x", "input", x), ("k", "input", k),
            ("out", "output", x[2:])], None


def case_intdiv():
    # out = a // b with a = [6, 7, 8], b = [3, 0, 2]; numpy yields 0 for the
    # division by zero, native code traps (SIGFPE).
    a = np.array([6, 7, 8], dtype=np.int32)
    b = np.array([3, 0, 2], dtype=np.int32)
    with np.errstate(divide="ignore"):
        out = a // b
    return [("a", "input", a), ("b", "input", b), ("out", "output", out)], None


def case_activations():
    # x = 8 points evenly spaced in [-2, 2]; outputs relu(x), exp(x),
    # tanh(x) computed in float32.
    x = np.linspace(-2, 2, 8).astype(np.float32)
    return [("x", "input", x), ("relu", "output", np.maximum(x, 0)),
            ("exp", "output", np.exp(x)), ("tanh", "output", np.tanh(x))], None


def case_stride2():
    # out = x[::2] for x = [0 .. 7]: [0, 2, 4, 6].
    x = np.arange(8, dtype=np.float32)
    return [("x", "input", x), ("out", "output", x[::2])], None


def case_sum0d():
    # total = sum(x), x = [1, 2, 3, 4]: a 0-d output, 10.
    x = np.array([1, 2, 3, 4], dtype=np.float64)
    return [("x", "input", x), ("total", "output", np.array(x.sum()))], None


def case_nearly():
    # out = x + 0.001 is the reference; the IR under test adds 0.002, so the
    # error 0.001 exceeds the f32 default (atol 1e-5 + rtol 1e-4 * |e|).
    x = np.array([1, 2, 3, 4], dtype=np.float32)
    return [("x", "input", x), ("out", "output", x + np.float32(0.001))], None


def case_cancel():
    # out = x with entries of size 100 and exact zeros (what a long
    # reduction that cancels looks like); the IR under test adds 5e-4.
    x = np.array([100, 0, -100, 0], dtype=np.float32)
    return [("x", "input", x), ("out", "output", x.copy())], None


def case_longmean():
    # out = mean(x) for 2^25 f32 terms, 1 except 0.5 at every fourth index:
    # 0.875, which numpy's pairwise f32 sum gets exactly (every partial sum
    # is a multiple of 0.5 where it is below 2^23, even above), while a
    # sequential f32 sum stops growing at 2^24 (ulp 2 there; +1 ties to
    # even, +0.5 rounds away): 2^24 / 2^25 = 0.5.
    n = 1 << 25
    x = np.ones(n, dtype=np.float32)
    x[::4] = 0.5
    out = np.array(x.sum(dtype=np.float32) / np.float32(n), dtype=np.float32)
    return [("x", "input", x), ("out", "output", out)], None


def case_blockedsum():
    # out = sum(x), x = [2^24, 1 x (2^16 - 2), -2^24]: exactly 65534. The
    # reference sums like a blocked kernel, each block of 256 sequentially
    # in f32, the block sums pairwise: the first block stays 2^24 (each +1
    # ties to even at ulp 2), so it is 65534 - 255 = 65279.
    n = 1 << 16
    x = np.ones(n, dtype=np.float32)
    x[0], x[-1] = 2.0 ** 24, -(2.0 ** 24)
    blocks = np.array([np.cumsum(x[i:i + 256], dtype=np.float32)[-1]
                       for i in range(0, n, 256)], dtype=np.float32)
    while len(blocks) > 1:
        blocks = (blocks[0::2] + blocks[1::2]).astype(np.float32)
    return [("x", "input", x), ("out", "output", blocks.reshape(()))], None


def case_conv():
    # out[f, h, w] = sum_{c, kh, kw} x[c, h + kh, w + kw] * k[f, c, kh, kw]
    # (valid 3x3, no padding): x 2 x 6 x 12, k 3 x 2 x 3 x 3, out 3 x 4 x 10,
    # with x[c, h, w] = (c + 2h + 3w) % 7 - 3 and
    # k[f, c, kh, kw] = (f + c + kh + 2kw) % 5 - 2: small integers, so every
    # partial sum is exact in f32 whatever the order.
    x = np.fromfunction(lambda c, h, w: (c + 2 * h + 3 * w) % 7 - 3, (2, 6, 12))
    k = np.fromfunction(lambda f, c, kh, kw: (f + c + kh + 2 * kw) % 5 - 2,
                        (3, 2, 3, 3))
    out = np.zeros((3, 4, 10))
    for kh in range(3):
        for kw in range(3):
            out += np.einsum("chw,fc->fhw", x[:, kh:kh + 4, kw:kw + 10],
                             k[:, :, kh, kw])
    return [("x", "input", x), ("k", "input", k), ("out", "output", out)], "f32"


def case_concat():
    # out = concatenate([a, b], axis=1) with a[i, j] = 10 i + j + 1 (2x3)
    # and b[i, j] = -(10 i + j + 1) (2x5): out[1] = 11, 12, 13, -11 ... -15.
    a = np.fromfunction(lambda i, j: 10 * i + j + 1, (2, 3))
    b = -np.fromfunction(lambda i, j: 10 * i + j + 1, (2, 5))
    out = np.concatenate([a, b], axis=1)
    return [("a", "input", a), ("b", "input", b), ("out", "output", out)], "f32"


CASES = {
    "concat": lambda args: case_concat(),
    "conv": lambda args: case_conv(),
    "longmean": lambda args: case_longmean(),
    "blockedsum": lambda args: case_blockedsum(),
    "matmul": lambda args: case_matmul(args.dtype or "f32"),
    "add": lambda args: case_binary(args.dtype or "f32", "add"),
    "mul": lambda args: case_binary(args.dtype or "f32", "mul"),
    "greater": lambda args: case_greater(),
    "scale": lambda args: case_scale(),
    "divide": lambda args: case_divide(),
    "rowsum": lambda args: case_rowsum(args.size),
    "shift": lambda args: case_shift(),
    "sum0d": lambda args: case_sum0d(),
    "stride2": lambda args: case_stride2(),
    "intdiv": lambda args: case_intdiv(),
    "activations": lambda args: case_activations(),
    "nearly": lambda args: case_nearly(),
    "cancel": lambda args: case_cancel(),
}

DTYPE_NAME = {np.dtype(np.float64): "f64", np.dtype(np.float32): "f32",
              np.dtype(np.float16): "f16", np.dtype(np.int64): "i64",
              np.dtype(np.int32): "i32", np.dtype(np.int8): "i8",
              np.dtype(np.bool_): "i1"}


def damage(path, kind):
    data = open(path, "rb").read()
    if kind == "missing":
        os.remove(path)
    elif kind == "magic":
        open(path, "wb").write(b"NOTNPY" + data[6:])
    elif kind == "truncate":
        open(path, "wb").write(data[:-3])
    elif kind == "header":
        # Replace the shape tuple with an unterminated one, same length.
        text = data.decode("latin1")
        start = text.index("'shape': (") + len("'shape': (")
        end = text.index(")", start)
        text = text[:start] + "x" * (end - start) + " " + text[end + 1:]
        open(path, "wb").write(text.encode("latin1"))
    elif kind == "fortran":
        open(path, "wb").write(data.replace(b"'fortran_order': False",
                                            b"'fortran_order': True ", 1))
    else:
        sys.exit(f"make_case.py: unknown damage kind '{kind}'")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("--dtype")
    parser.add_argument("--size")
    parser.add_argument("--damage", action="append", default=[])
    parser.add_argument("--manifest-shape", action="append", default=[])
    parser.add_argument("--manifest-dtype", action="append", default=[])
    parser.add_argument("--function")
    args = parser.parse_args()

    entries, dtype = CASES[args.case](args)
    os.makedirs(args.outdir, exist_ok=True)
    arguments = []
    for name, role, values in entries:
        array = np.array(values, order="C")  # ascontiguousarray makes 0-d 1-d
        if dtype is not None and array.dtype != np.uint16 and array.dtype != np.bool_:
            array = as_dtype(array, dtype)
        name_dtype = dtype if dtype is not None and array.dtype != np.bool_ \
            else DTYPE_NAME[array.dtype]
        file = f"{name}.npy"
        np.save(os.path.join(args.outdir, file), array)
        arguments.append({"name": name, "role": role, "file": file,
                          "shape": list(array.shape), "dtype": name_dtype})
    for spec in args.manifest_shape:
        name, dims = spec.split("=")
        next(a for a in arguments if a["name"] == name)["shape"] = \
            [int(d) for d in dims.split(",") if d]
    for spec in args.manifest_dtype:
        name, value = spec.split("=")
        next(a for a in arguments if a["name"] == name)["dtype"] = value
    for spec in args.damage:
        name, kind = spec.split("=")
        damage(os.path.join(args.outdir, f"{name}.npy"), kind)
    manifest = {"version": 1,
                "framework": {"name": "numpy", "version": np.__version__},
                "program": f"make_case.py {args.case}", "seed": 0,
                "arguments": arguments}
    if args.function:
        manifest["function"] = args.function
    with open(os.path.join(args.outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
