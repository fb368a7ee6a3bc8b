// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// memref.load / memref.store whose indices are arith and affine.apply
// functions of the IVs are affine accesses like affine.load/store.
// B[2i, 2j] = A[2i, j + 1] for i < 5, j < 10: 50 points.
// CHECK:      "function": "arith_indices",
// CHECK:      "equation": "(2M)(N+1)->(2M)(2N)",
// CHECK:      "points": 50,
// CHECK:      "map": "{ S0[m, n] -> arg1[2m, 2n] : 0 <= m <= 4 and 0 <= n <= 9 }",
// CHECK:      "map": "{ S0[m, n] -> arg0[2m, 1 + n] : 0 <= m <= 4 and 0 <= n <= 9 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 50,
// The index arithmetic is addressing, not compute.
// CHECK:      "flops": 0,

// scf.for with constant bounds is a loop like affine.for; divui of an IV
// that isl proves non-negative is a floor division: A[floor(i/2)].
// 3 * 6 = 18 points, one add each; A[0..2] is read (3 elements).
// CHECK:      "function": "scf_loop",
// CHECK:      "equation": "(floor(K/2))->M",
// CHECK:      "points": 18,
// CHECK:      "reduction_op": "add",
// CHECK:      "map": "{ S0[m, k] -> arg0[o0] : 0 <= m <= 2 and 0 <= k <= 5 and -1 + k <= 2o0 <= k }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 3,
// CHECK:      "flops": 18,

func.func @arith_indices(%A: memref<10x20xf32>, %B: memref<10x20xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 10 {
      %i2 = arith.muli %i, %c2 : index
      %j1 = arith.addi %j, %c1 : index
      %jj = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%j, %j)
      %x = memref.load %A[%i2, %j1] : memref<10x20xf32>
      memref.store %x, %B[%i2, %jj] : memref<10x20xf32>
    }
  }
  return
}

func.func @scf_loop(%A: memref<6xf32>, %S: memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  scf.for %m = %c0 to %c3 step %c1 {
    scf.for %i = %c0 to %c6 step %c1 {
      %h = arith.divui %i, %c2 : index
      %a = memref.load %A[%h] : memref<6xf32>
      %s = memref.load %S[%m] : memref<3xf32>
      %t = arith.addf %s, %a : f32
      memref.store %t, %S[%m] : memref<3xf32>
    }
  }
  return
}
