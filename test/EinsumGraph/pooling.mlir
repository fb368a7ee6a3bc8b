// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// 2x2 pooling with stride 2 over X[4x8x8] -> Y[4x4x4], max and average.
// Both: 4*4*4 outputs * 2*2 window = 256 points; the windows tile X, so
// the read footprint is all 4*8*8 = 256 elements, the write 64.

// CHECK:      "function": "maxpool",
// CHECK:      "equation": "B(2M+R)(2N+S)->BMN",
// CHECK-NEXT: "domain": "{ S0[b, m, n, r, s] : 0 <= b <= 3 and 0 <= m <= 3 and 0 <= n <= 3 and 0 <= r <= 1 and 0 <= s <= 1 }",
// CHECK-NEXT: "points": 256,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "reduction_op": "max",
// CHECK:      "map": "{ S0[b, m, n, r, s] -> arg1[b, m, n] :
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 64,
// CHECK:      "map": "{ S0[b, m, n, r, s] -> arg0[b, 2m + r, 2n + s] :
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 256,
// One maximumf per point: 256 minmax = 256 flops.
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 256,
// CHECK:      "flops": 256,
// CHECK:      "totals": {
// CHECK:        "minmax": 256,
// CHECK:        "flops": 256

// CHECK:      "function": "avgpool",
// CHECK:      "equation": "B(2M+R)(2N+S)->BMN",
// CHECK-NEXT: "domain": "{ S0[b, m, n, r, s] : 0 <= b <= 3 and 0 <= m <= 3 and 0 <= n <= 3 and 0 <= r <= 1 and 0 <= s <= 1 }",
// CHECK-NEXT: "points": 256,
// CHECK:      "reduction_op": "add",
// CHECK:      "footprint_elements": 64,
// CHECK:      "footprint_elements": 256,
// Per point one addf; the * 0.25 runs once per output (64 times) after
// the window loops: in ops, not in ops_per_point.
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 1,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 256,
// CHECK-NEXT:   "mul": 64,
// 256 + 64 = 320 flops.
// CHECK:      "flops": 320,
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 256,
// CHECK-NEXT:   "mul": 64,
// CHECK:        "flops": 320

func.func @maxpool(%X: memref<4x8x8xf32>, %Y: memref<4x4x4xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  affine.for %c = 0 to 4 {
    affine.for %i = 0 to 4 {
      affine.for %j = 0 to 4 {
        %r = affine.for %u = 0 to 2 iter_args(%a0 = %ninf) -> f32 {
          %r1 = affine.for %v = 0 to 2 iter_args(%a1 = %a0) -> f32 {
            %x = affine.load %X[%c, %i * 2 + %u, %j * 2 + %v] : memref<4x8x8xf32>
            %m = arith.maximumf %a1, %x : f32
            affine.yield %m : f32
          }
          affine.yield %r1 : f32
        }
        affine.store %r, %Y[%c, %i, %j] : memref<4x4x4xf32>
      }
    }
  }
  return
}
func.func @avgpool(%X: memref<4x8x8xf32>, %Y: memref<4x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  affine.for %c = 0 to 4 {
    affine.for %i = 0 to 4 {
      affine.for %j = 0 to 4 {
        %r = affine.for %u = 0 to 2 iter_args(%a0 = %zero) -> f32 {
          %r1 = affine.for %v = 0 to 2 iter_args(%a1 = %a0) -> f32 {
            %x = affine.load %X[%c, %i * 2 + %u, %j * 2 + %v] : memref<4x8x8xf32>
            %s = arith.addf %a1, %x : f32
            affine.yield %s : f32
          }
          affine.yield %r1 : f32
        }
        %avg = arith.mulf %r, %quarter : f32
        affine.store %avg, %Y[%c, %i, %j] : memref<4x4x4xf32>
      }
    }
  }
  return
}
