#!/usr/bin/env python3
"""Writes the nesting inputs of test/Fuzz/nesting-limits.test.

    gen_nesting.py KIND N OUT
      affine-if  N nested affine.if (i >= k) around a read-modify-write of m[i]
      affine-if-rmw  the same with a read-modify-write of m[i] at every level
      scf-if     the same with scf.if on arith.cmpi of the index
      loops      N nested affine.for of one trip around one store
"""
import sys


def affine_if(n):
    s = "func.func @conds(%m: memref<1024xf32>, %v: f32) {\n  affine.for %i = 0 to 1024 {\n"
    for k in range(n):
        s += f"  affine.if affine_set<(d0) : (d0 - {k} >= 0)>(%i) {{\n"
    s += ("    %x = affine.load %m[%i] : memref<1024xf32>\n"
          "    %y = arith.addf %x, %v : f32\n"
          "    affine.store %y, %m[%i] : memref<1024xf32>\n")
    s += "  }\n" * n
    return s + "  }\n  return\n}\n"


def affine_if_rmw(n):
    s = "func.func @conds(%m: memref<1024xf32>, %v: f32) {\n  affine.for %i = 0 to 1024 {\n"
    for k in range(n):
        s += (f"  affine.if affine_set<(d0) : (d0 - {k} >= 0)>(%i) {{\n"
              f"    %x{k} = affine.load %m[%i] : memref<1024xf32>\n"
              f"    %y{k} = arith.addf %x{k}, %v : f32\n"
              f"    affine.store %y{k}, %m[%i] : memref<1024xf32>\n")
    s += "  }\n" * n
    return s + "  }\n  return\n}\n"


def scf_if(n):
    s = "func.func @conds(%m: memref<1024xf32>, %v: f32) {\n  affine.for %i = 0 to 1024 {\n"
    for k in range(n):
        s += (f"  %k{k} = arith.constant {k} : index\n"
              f"  %c{k} = arith.cmpi sge, %i, %k{k} : index\n"
              f"  scf.if %c{k} {{\n")
    s += ("    %x = memref.load %m[%i] : memref<1024xf32>\n"
          "    %y = arith.addf %x, %v : f32\n"
          "    memref.store %y, %m[%i] : memref<1024xf32>\n")
    s += "  }\n" * n
    return s + "  }\n  return\n}\n"


def loops(n):
    s = "func.func @deep(%m: memref<2xf32>, %v: f32) {\n"
    for k in range(n):
        s += f"affine.for %i{k} = 0 to 1 {{\n"
    s += "affine.store %v, %m[0] : memref<2xf32>\n" + "}\n" * n
    return s + "return\n}\n"


kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    f.write({"affine-if": affine_if, "affine-if-rmw": affine_if_rmw,
             "scf-if": scf_if, "loops": loops}[kind](n))
