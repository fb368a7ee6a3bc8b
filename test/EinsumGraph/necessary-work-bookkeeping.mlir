// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Bookkeeping is not necessary work (issue 26): values that are functions
// of the loop indices alone, and values nothing uses.

// A causal mask built from indices, as torch-mlir lowers is_causal: an
// iota (index_cast), the difference j - i (16 subi), j - i <= 0 (16 cmpi),
// select(c, 0, -inf) (16 selects), then y = s + bias. The bias is known at
// every point (0 on and below the diagonal, -inf above), so y's node reads
// none of it and every node building it is needed nowhere: 0 points each.
// y's 16 adds stay (y is an argument: needed whole).
// CHECK-LABEL: "function": "causal_mask",
// CHECK:      "equation": "->M",
// CHECK:      "necessary_points": 0,
// CHECK:      "equation": "N,M->MN",
// CHECK:      "flops": 16,
// CHECK-NEXT: "necessary_domain": "{ S1[m, n] : false }",
// CHECK-NEXT: "necessary_points": 0,
// CHECK:      "equation": "MN->MN",
// CHECK:      "flops": 16,
// CHECK-NEXT: "necessary_domain": "{ S2[m, n] : false }",
// CHECK-NEXT: "necessary_points": 0,
// CHECK:      "equation": "MN->MN",
// CHECK:      "necessary_points": 0,
// CHECK:      "equation": "MN,MN->MN",
// CHECK-NEXT: "domain"
// CHECK-NOT:  "necessary_points"
func.func @causal_mask(%s: memref<4x4xf32>, %y: memref<4x4xf32>) {
  %c0 = arith.constant 0 : i64
  %z = arith.constant 0.0 : f32
  %ni = arith.constant 0xFF800000 : f32
  %io = memref.alloc() : memref<4xi64>
  affine.for %i = 0 to 4 {
    %0 = arith.index_cast %i : index to i64
    affine.store %0, %io[%i] : memref<4xi64>
  }
  %d = memref.alloc() : memref<4x4xi64>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %io[%j] : memref<4xi64>
      %b = affine.load %io[%i] : memref<4xi64>
      %c = arith.subi %a, %b : i64
      affine.store %c, %d[%i, %j] : memref<4x4xi64>
    }
  }
  %m = memref.alloc() : memref<4x4xi1>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %d[%i, %j] : memref<4x4xi64>
      %c = arith.cmpi sle, %a, %c0 : i64
      affine.store %c, %m[%i, %j] : memref<4x4xi1>
    }
  }
  %bias = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %m[%i, %j] : memref<4x4xi1>
      %c = arith.select %a, %z, %ni : f32
      affine.store %c, %bias[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %s[%i, %j] : memref<4x4xf32>
      %b = affine.load %bias[%i, %j] : memref<4x4xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %y[%i, %j] : memref<4x4xf32>
    }
  }
  memref.dealloc %io : memref<4xi64>
  memref.dealloc %d : memref<4x4xi64>
  memref.dealloc %m : memref<4x4xi1>
  memref.dealloc %bias : memref<4x4xf32>
  return
}

// A softmax's row max as torch-mlir lowers it, with the argmax it computes
// beside it in the same loop nest (one cmpf, one select and one
// index_cast per element) that nothing reads: the argmax node, and the
// fill of its buffer, are needed nowhere (0 points); the max keeps its 32
// points (4 rows of 8).
// CHECK-LABEL: "function": "softmax_argmax",
// CHECK:      "equation": "->M",
// CHECK-NEXT: "domain"
// CHECK:      "necessary_points": 0,
// CHECK:      "equation": "MK->M",
// CHECK:      "flops": 32,
// CHECK-NEXT: "dtype"
// CHECK:      "equation": "MK,M->M",
// CHECK:      "ops_per_point": {
// CHECK:        "cmp": 1,
// CHECK:      "necessary_domain": "{ S3[m, k] : false }",
// CHECK-NEXT: "necessary_points": 0,
func.func @softmax_argmax(%x: memref<4x8xf32>, %y: memref<4xf32>) {
  %c0_i64 = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %arg = memref.alloc() : memref<4xi64>
  affine.for %i = 0 to 4 {
    affine.store %c0_i64, %arg[%i] : memref<4xi64>
  }
  %mx = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %ninf, %mx[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 8 {
      %0 = affine.load %x[%i, %k] : memref<4x8xf32>
      %1 = affine.load %mx[%i] : memref<4xf32>
      %2 = affine.load %arg[%i] : memref<4xi64>
      %3 = arith.index_cast %k : index to i64
      %4 = arith.maximumf %0, %1 : f32
      %5 = arith.cmpf ogt, %0, %1 : f32
      %6 = arith.select %5, %3, %2 : i64
      affine.store %4, %mx[%i] : memref<4xf32>
      affine.store %6, %arg[%i] : memref<4xi64>
    }
  }
  affine.for %i = 0 to 4 {
    %0 = affine.load %mx[%i] : memref<4xf32>
    affine.store %0, %y[%i] : memref<4xf32>
  }
  memref.dealloc %arg : memref<4xi64>
  memref.dealloc %mx : memref<4xf32>
  return
}

// The all-masked-row test of a causal softmax: t[i,j] = (s[i,j] == -inf)
// and-reduced over j. Above the diagonal s is -inf (s = x + bias with the
// bias known -inf there), so t is known true, and `r and true = r`: the
// reduction skips those 6 of 16 points, and the compare is not needed
// there: 10 of 16 points each (the pairs j <= i of 4 rows).
// CHECK-LABEL: "function": "masked_rows",
// CHECK:      "equation": "MN->MN",
// CHECK:      "necessary_points": 10,
// CHECK:      "necessary_points": 10,
func.func @masked_rows(%x: memref<4x4xf32>, %r: memref<4xi1>) {
  %z = arith.constant 0.0 : f32
  %ni = arith.constant 0xFF800000 : f32
  %true = arith.constant true
  %s = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %x[%i, %j] : memref<4x4xf32>
      %c = arith.cmpi sle, %j, %i : index
      %b = arith.select %c, %z, %ni : f32
      %d = arith.addf %a, %b : f32
      affine.store %d, %s[%i, %j] : memref<4x4xf32>
    }
  }
  %t = memref.alloc() : memref<4x4xi1>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %s[%i, %j] : memref<4x4xf32>
      %c = arith.cmpf oeq, %a, %ni : f32
      affine.store %c, %t[%i, %j] : memref<4x4xi1>
    }
  }
  affine.for %i = 0 to 4 {
    affine.store %true, %r[%i] : memref<4xi1>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %t[%i, %j] : memref<4x4xi1>
      %b = affine.load %r[%i] : memref<4xi1>
      %c = arith.andi %a, %b : i1
      affine.store %c, %r[%i] : memref<4xi1>
    }
  }
  memref.dealloc %s : memref<4x4xf32>
  memref.dealloc %t : memref<4x4xi1>
  return
}
