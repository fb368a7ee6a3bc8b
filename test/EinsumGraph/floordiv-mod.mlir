// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// B[i] = A[i floordiv 8, i mod 8] for i < 64: a flattening copy; isl knows
// the image covers A exactly (64 elements).
// CHECK:      "function": "flatten",
// CHECK:      "equation": "(floor(M/8))(M%8)->M",
// CHECK-NEXT: "domain": "{ S0[m] : 0 <= m <= 63 }",
// CHECK-NEXT: "points": 64,
// CHECK:      "map": "{ S0[m] -> arg0[o0, m - 8o0] : 0 <= m <= 63 and -7 + m <= 8o0 <= m }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 64,
// CHECK-NEXT: "footprint_exact": true

// C[i mod 4] += A[i] for i < 64: i and i + 4 update the same element, so i
// is a reduction dim; 4 elements of C are touched, 64 points, 64 adds.
// CHECK:      "function": "fold_mod",
// CHECK:      "equation": "K->(K%4)",
// CHECK:      "points": 64,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "K"
// CHECK-NEXT: ],
// CHECK-NEXT: "reduction_op": "add",
// CHECK:      "kind": "write",
// CHECK:      "footprint_elements": 4,
// CHECK:      "flops": 64,

// Even rows only, through a mod condition: D[i floordiv 2] = A[i] for
// i = 0, 2, .., 14: 8 points writing D[0..7], all 8 elements.
// CHECK:      "function": "even_rows",
// CHECK:      "points": 8,
// CHECK:      "kind": "write",
// CHECK:      "footprint_elements": 8,

func.func @flatten(%A: memref<8x8xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i floordiv 8, %i mod 8] : memref<8x8xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  return
}

func.func @fold_mod(%A: memref<64xf32>, %C: memref<4xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %c = affine.load %C[%i mod 4] : memref<4xf32>
    %s = arith.addf %c, %a : f32
    affine.store %s, %C[%i mod 4] : memref<4xf32>
  }
  return
}

func.func @even_rows(%A: memref<16xf32>, %D: memref<8xf32>) {
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) {
      %a = affine.load %A[%i] : memref<16xf32>
      affine.store %a, %D[%i floordiv 2] : memref<8xf32>
    }
  }
  return
}
