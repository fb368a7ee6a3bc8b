"""Writes a tree of N tiny SOL-only programs for the Ray bench tests:
DIR/g{k % 3}/scale_{k:02}.mlir, y = 2 * x over 1024 * (k + 1) fp32 (k =
0..N-1): 1024 (k + 1) muls, 8192 (k + 1) bytes of DRAM traffic."""
import os
import sys

root, count = sys.argv[1], int(sys.argv[2])
for k in range(count):
    n = 1024 * (k + 1)
    path = os.path.join(root, f"g{k % 3}", f"scale_{k:02}.mlir")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(f"""func.func @scale(%x: memref<{n}xf32>, %y: memref<{n}xf32>) {{
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to {n} {{
    %v = affine.load %x[%i] : memref<{n}xf32>
    %s = arith.mulf %v, %two : f32
    affine.store %s, %y[%i] : memref<{n}xf32>
  }}
  return
}}
""")
