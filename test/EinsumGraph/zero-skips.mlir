// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// zero_skips (docs/einsum-graph.md): a value operand of a `+` reduction
// whose 0 makes the point's contribution 0, so that the point is skippable
// wherever the element it reads is 0 (docs/sol-model.md, "Masks at these
// inputs"). Found by evaluating the contribution with every element the
// operand reads known 0, under the rules of "Known values". The results are
// allocations: a node writing an argument trusts nothing it reads of the
// other arguments (they may alias it), so it has no such operand.

// C[i,j] += A[i,k] * B[k,j]: both factors (0 * b = 0, a * 0 = 0); the
// accumulator is no operand.
// CHECK-LABEL: "function": "matmul",
// CHECK:      "role": "accumulator",
// CHECK-NEXT: "map": "{ S0[m, n, k] -> alloc[m, n]
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 8,
// CHECK-NEXT: "footprint_exact": true
// CHECK-NEXT: },
// CHECK:      "map": "{ S0[m, n, k] -> arg0[m, k]
// CHECK:      "footprint_exact": true,
// CHECK-NEXT: "zero_skips": true
// CHECK:      "map": "{ S0[m, n, k] -> arg1[k, n]
// CHECK:      "footprint_exact": true,
// CHECK-NEXT: "zero_skips": true
func.func @matmul(%a: memref<2x3xf32>, %b: memref<3x4xf32>) -> memref<2x4xf32> {
  %c = memref.alloc() : memref<2x4xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 3 {
        %x = affine.load %a[%i, %k] : memref<2x3xf32>
        %y = affine.load %b[%k, %j] : memref<3x4xf32>
        %p = arith.mulf %x, %y : f32
        %s = affine.load %c[%i, %j] : memref<2x4xf32>
        %t = arith.addf %s, %p : f32
        affine.store %t, %c[%i, %j] : memref<2x4xf32>
      }
    }
  }
  return %c : memref<2x4xf32>
}

// s[i] += a[i,k] + b[i,k]: neither is a factor (0 + b = b).
// CHECK-LABEL: "function": "sum_of_sums",
// CHECK-NOT:  "zero_skips"
func.func @sum_of_sums(%a: memref<2x3xf32>, %b: memref<2x3xf32>) -> memref<2xf32> {
  %s = memref.alloc() : memref<2xf32>
  affine.for %i = 0 to 2 {
    affine.for %k = 0 to 3 {
      %x = affine.load %a[%i, %k] : memref<2x3xf32>
      %y = affine.load %b[%i, %k] : memref<2x3xf32>
      %p = arith.addf %x, %y : f32
      %v = affine.load %s[%i] : memref<2xf32>
      %t = arith.addf %v, %p : f32
      affine.store %t, %s[%i] : memref<2xf32>
    }
  }
  return %s : memref<2xf32>
}

// m[i] = max(m[i], a[i,k]): a 0 is no identity of max; y[i] = a[i] * b[i]
// is no reduction (the point still writes its 0).
// CHECK-LABEL: "function": "max_and_product",
// CHECK-NOT:  "zero_skips"
func.func @max_and_product(%a: memref<2x3xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %m = memref.alloc() : memref<2xf32>
  %y = memref.alloc() : memref<2xf32>
  affine.for %i = 0 to 2 {
    affine.for %k = 0 to 3 {
      %x = affine.load %a[%i, %k] : memref<2x3xf32>
      %v = affine.load %m[%i] : memref<2xf32>
      %t = arith.maximumf %v, %x : f32
      affine.store %t, %m[%i] : memref<2xf32>
    }
  }
  affine.for %i = 0 to 2 {
    %x = affine.load %b[%i] : memref<2xf32>
    %z = affine.load %m[%i] : memref<2xf32>
    %p = arith.mulf %x, %z : f32
    affine.store %p, %y[%i] : memref<2xf32>
  }
  return %y : memref<2xf32>
}

// CHECK-LABEL: "function": "sum_of_exp",
// s[i] += exp(a[i,k]) is no zero where a is (exp 0 = 1); s[i] += a[i,k]
// (a bias gradient) is: the contribution is the element itself.
// CHECK-NOT:  "zero_skips"
// CHECK:      "map": "{ S1[m, k] -> arg0[m, k]
// CHECK:      "footprint_exact": true,
// CHECK-NEXT: "zero_skips": true
func.func @sum_of_exp(%a: memref<2x3xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %e = memref.alloc() : memref<2xf32>
  %s = memref.alloc() : memref<2xf32>
  affine.for %i = 0 to 2 {
    affine.for %k = 0 to 3 {
      %x = affine.load %a[%i, %k] : memref<2x3xf32>
      %p = math.exp %x : f32
      %v = affine.load %e[%i] : memref<2xf32>
      %t = arith.addf %v, %p : f32
      affine.store %t, %e[%i] : memref<2xf32>
    }
  }
  affine.for %i = 0 to 2 {
    affine.for %k = 0 to 3 {
      %x = affine.load %a[%i, %k] : memref<2x3xf32>
      %v = affine.load %s[%i] : memref<2xf32>
      %t = arith.addf %v, %x : f32
      affine.store %t, %s[%i] : memref<2xf32>
    }
  }
  return %e, %s : memref<2xf32>, memref<2xf32>
}
