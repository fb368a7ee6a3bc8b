"""Prints a function whose one store sits in DEPTH nested affine.for loops
of trip count 2 (deep_nest.py DEPTH)."""
import sys

depth = int(sys.argv[1])
print("func.func @deep(%A: memref<2xf32>) {")
print("  %c = arith.constant 1.0 : f32")
for i in range(depth):
    print("  " * (i + 1) + f"affine.for %i{i} = 0 to 2 {{")
print("  " * (depth + 1) + "affine.store %c, %A[%i0] : memref<2xf32>")
for i in reversed(range(depth)):
    print("  " * (i + 1) + "}")
print("  return")
print("}")
