// Verifying a concatenation whose two copies differ only in their shapes
// (lib/verify/verify_share.c): the copy that is run calls one function for
// both, with the column count as an argument, and the values are exact.
// Reference: out = [a | b], a[i, j] = 10 i + j + 1 (2x3), b = -(same) (2x5)
// (make_case.py concat).
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t concat
// The second function fails, so solar-opt exits non-zero:
// RUN: not solar-opt %s --split-input-file --solar-verify=%t/manifest.json -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: solar-verify: @concat matches the numpy reference ({{.*}}manifest.json): 1 output(s), 16 element(s), max_abs_err=0, max_rel_err=0
func.func @concat(%a: memref<2x3xf32>, %b: memref<2x5xf32>, %out: memref<2x8xf32>) {
  %lo = memref.subview %out[0, 0] [2, 3] [1, 1] : memref<2x8xf32> to memref<2x3xf32, strided<[8, 1]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i, %j] : memref<2x3xf32>
      affine.store %v, %lo[%i, %j] : memref<2x3xf32, strided<[8, 1]>>
    }
  }
  %hi = memref.subview %out[0, 3] [2, 5] [1, 1] : memref<2x8xf32> to memref<2x5xf32, strided<[8, 1], offset: 3>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 5 {
      %v = affine.load %b[%i, %j] : memref<2x5xf32>
      affine.store %v, %hi[%i, %j] : memref<2x5xf32, strided<[8, 1], offset: 3>>
    }
  }
  return
}

// -----

// A wrong translation stays wrong when shared, with the message the
// unshared copy gives: the second copy lands one column early (offset 2),
// so columns 2-6 hold b one column left of where it belongs and column 7
// is never written (the destination poison, NaN): 6 of 8 per row, 12 of
// 16, the first at [0, 2] (-1 for a's 3); the largest error at [1, 2],
// |13 - (-11)| = 24, relative 24/13 = 1.84615 (the others differ by 1, or
// by 4 at [0, 2]).
// CHECK: error: solar-verify: @concat does not match the numpy reference: output 'out' (argument #2) has 12 of 16 elements outside rtol={{[^ ]+}} atol={{.+}}, first at [0, 2] (max_abs_err=24, max_rel_err=1.84615); mismatches: [0, 2] got -1 expected 3; [0, 3] got -2 expected -1;
func.func @concat(%a: memref<2x3xf32>, %b: memref<2x5xf32>, %out: memref<2x8xf32>) {
  %lo = memref.subview %out[0, 0] [2, 3] [1, 1] : memref<2x8xf32> to memref<2x3xf32, strided<[8, 1]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i, %j] : memref<2x3xf32>
      affine.store %v, %lo[%i, %j] : memref<2x3xf32, strided<[8, 1]>>
    }
  }
  %hi = memref.subview %out[0, 2] [2, 5] [1, 1] : memref<2x8xf32> to memref<2x5xf32, strided<[8, 1], offset: 2>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 5 {
      %v = affine.load %b[%i, %j] : memref<2x5xf32>
      affine.store %v, %hi[%i, %j] : memref<2x5xf32, strided<[8, 1], offset: 2>>
    }
  }
  return
}
