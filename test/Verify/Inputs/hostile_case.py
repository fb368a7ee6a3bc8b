#!/usr/bin/env python3
"""Writes hostile reference data for @matmul(A 4x3, B 3x5, C 4x5) f32:
a manifest.json whose A.npy is replaced by the named attack, the other
arguments well-formed.

    hostile_case.py OUTDIR KIND

KIND:
  huge-shape   129-byte file whose header claims shape (1048576, 1048576)
               of <f4: 4 TiB.
  nul-descr    descr '<f4\\x00junk' (a C reader would stop at the NUL).
  deep-rank    shape with 65 dimensions of 1.
  big-header   the 4-byte header length of format 2.0 claims 16 MiB.
  fifo         A.npy is a FIFO nobody writes.
  sparse-6g    A.npy a sparse file of 6 GiB of data, shape (1610612736,).
  many-args N  a manifest with N inputs (a0..) and one output, no data.
  median V     a valid case whose timing.median_s is the JSON text V.
"""
import json
import os
import struct
import sys


def npy(descr_bytes, shape_text, data=b"", major=1, claimed=None):
    header = b"{'descr': '" + descr_bytes + b"', 'fortran_order': False, 'shape': " + \
        shape_text.encode() + b", }"
    header += b" " * ((64 - (len(header) + 11) % 64) % 64) + b"\n"
    length = len(header) if claimed is None else claimed
    if major == 1:
        prefix = b"\x93NUMPY\x01\x00" + struct.pack("<H", length)
    else:
        prefix = b"\x93NUMPY\x02\x00" + struct.pack("<I", length)
    return prefix + header + data


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def manifest(outdir, args, median=None):
    doc = {"version": 1, "function": "matmul", "arguments": args}
    if median is not None:
        doc["timing"] = json.loads('{"median_s": %s}' % median)
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(doc, f)


def arg(name, role, shape):
    return {"name": name, "role": role, "file": name + ".npy", "shape": shape,
            "dtype": "f32"}


def main():
    outdir, kind = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    if kind == "many-args":
        n = int(sys.argv[3])
        args = [arg("a%d" % i, "input", [1]) for i in range(n)]
        manifest(outdir, args + [arg("out", "output", [1])])
        return
    shapes = {"A": (4, 3), "B": (3, 5), "C": (4, 5)}
    for name, (r, c) in shapes.items():
        write(os.path.join(outdir, name + ".npy"),
              npy(b"<f4", "(%d, %d)" % (r, c), b"\0" * (4 * r * c)))
    a = os.path.join(outdir, "A.npy")
    if kind == "huge-shape":
        data = npy(b"<f4", "(1048576, 1048576)")
        data += b"\0" * (129 - len(data))
        write(a, data)
    elif kind == "nul-descr":
        write(a, npy(b"<f4\0junk", "(4, 3)", b"\0" * 48))
    elif kind == "deep-rank":
        write(a, npy(b"<f4", "(" + "1, " * 65 + ")", b"\0" * 4))
    elif kind == "big-header":
        write(a, npy(b"<f4", "(4, 3)", b"\0" * 48, major=2, claimed=16 << 20))
    elif kind == "sparse-6g":
        write(a, npy(b"<f4", "(1610612736,)"))
        with open(a, "r+b") as f:
            f.truncate(os.path.getsize(a) + 4 * 1610612736)
    elif kind == "fifo":
        os.remove(a)
        os.mkfifo(a)
    elif kind != "median":
        sys.exit("hostile_case.py: unknown kind " + kind)
    median = sys.argv[3] if kind == "median" else None
    manifest(outdir, [arg("A", "input", [4, 3]), arg("B", "input", [3, 5]),
                      arg("C", "output", [4, 5])], median)


if __name__ == "__main__":
    main()
