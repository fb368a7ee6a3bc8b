#!/usr/bin/env python3
"""Writes @scale_chain, the function of test/Verify/long-block.test:
out = alpha * x (make_case.py's "scale" case) computed by 1 + 2*PAIRS
affine nests: the first writes alpha * x[i] into out, then each pair
multiplies out by 2.0 and by 0.5 (both exact in f32), so out stays
alpha * x bit for bit.

    many_nests.py PAIRS > FILE.mlir
"""
import sys

pairs = int(sys.argv[1])
print("func.func @scale_chain(%x: memref<6xf32>, %alpha: memref<f32>, "
      "%out: memref<6xf32>) {")
print("  %a = affine.load %alpha[] : memref<f32>")
print("  affine.for %i = 0 to 6 {")
print("    %v = affine.load %x[%i] : memref<6xf32>")
print("    %s = arith.mulf %a, %v : f32")
print("    affine.store %s, %out[%i] : memref<6xf32>")
print("  }")
for k in range(2 * pairs):
    factor = "2.0" if k % 2 == 0 else "0.5"
    print(f"  %c{k} = arith.constant {factor} : f32")
    print("  affine.for %i = 0 to 6 {")
    print("    %v = affine.load %out[%i] : memref<6xf32>")
    print(f"    %s = arith.mulf %v, %c{k} : f32")
    print("    affine.store %s, %out[%i] : memref<6xf32>")
    print("  }")
print("  return")
print("}")
