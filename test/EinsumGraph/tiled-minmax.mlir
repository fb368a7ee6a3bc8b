// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// 32x32 tiles over a 100x100 copy-and-add with min/max bounds: rows
// ii..min(ii+32, 100), columns max(jj, 10)..min(jj+32, 100), i.e. 100 rows
// of 90 columns = 9000 points. The tile loops index nothing themselves:
// they are not reductions and get spare labels.
// CHECK:      "equation": "MN->MN",
// CHECK-NEXT: "domain": "{ S0[i, j, m, n] : (i) mod 32 = 0 and (j) mod 32 = 0 and i >= 0 and 0 <= j <= 99 and i <= m <= 99 and m <= 31 + i and n >= j and 10 <= n <= 99 and n <= 31 + j }",
// CHECK-NEXT: "points": 9000,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "label": "I",
// CHECK-NEXT: "reduction": false,
// CHECK:      "label": "J",
// CHECK-NEXT: "reduction": false,
// CHECK:      "reduction_dims": [],
// CHECK-NEXT: "reduction_op": "none",
// CHECK:      "footprint_elements": 9000,
// CHECK:      "flops": 9000,

func.func @tiled(%A: memref<100x100xf32>, %B: memref<100x100xf32>) {
  affine.for %ii = 0 to 100 step 32 {
    affine.for %jj = 0 to 100 step 32 {
      affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min affine_map<(d0) -> (d0 + 32, 100)>(%ii) {
        affine.for %j = max affine_map<(d0) -> (d0, 10)>(%jj) to min affine_map<(d0) -> (d0 + 32, 100)>(%jj) {
          %a = affine.load %A[%i, %j] : memref<100x100xf32>
          %b = arith.addf %a, %a : f32
          affine.store %b, %B[%i, %j] : memref<100x100xf32>
        }
      }
    }
  }
  return
}
