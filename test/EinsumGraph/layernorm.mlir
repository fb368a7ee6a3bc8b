// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// LayerNorm over rows of X[8x16], with iter_args reductions, a constant
// global scale and a returned result.

// CHECK:      "name": "%arg0",
// CHECK:      "role": "input",
// CHECK:      "name": "%alloc",
// CHECK:      "role": "returned",
// CHECK:      "name": "%alloca",
// CHECK:      "role": "intermediate",
// CHECK:      "name": "%alloca_{{[0-9]+}}",
// CHECK:      "role": "intermediate",
// CHECK:      "name": "@gamma",
// CHECK:      "role": "weight",
// CHECK:      "constant": true,
// CHECK:      "footprint_elements": 16,

// Mean: 8*16 = 128 points with one add; the division by 16 runs once per
// row, on the enclosing loop: it is in the totals (8) but not per point.
// CHECK:      "id": 0,
// CHECK:      "equation": "MK->M",
// CHECK:      "points": 128,
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 1,
// CHECK:        "div": 0,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 128,
// CHECK:        "div": 8,
// 128 + 8
// CHECK:      "flops": 136,
// Variance: (x - mean)^2 summed: subf (add) and a mulf feeding the
// reduction add (a MAC) per point, plus 8 divisions: 256 + 128 + 8 = 392.
// CHECK:      "id": 1,
// CHECK:      "equation": "MK,M->M",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 128,
// CHECK-NEXT:   "add": 128,
// CHECK:        "div": 8,
// CHECK:      "flops": 392,
// Normalize: var + eps, rsqrt, x - mean, two mulf per point:
// 2 adds, 2 muls, 1 transcendental over 128 points = 640 flops.
// CHECK:      "id": 2,
// CHECK:      "equation": "MN,M,M,N->MN",
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 2,
// CHECK-NEXT:   "mul": 2,
// CHECK:        "transcendental": 1,
// CHECK:      "flops": 640,
// CHECK:      "edges": [
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// 136 + 392 + 640
// CHECK:        "flops": 1168

memref.global "private" constant @gamma : memref<16xf32> = dense<1.0>
func.func @layernorm(%X: memref<8x16xf32>) -> memref<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 16.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %g = memref.get_global @gamma : memref<16xf32>
  %Y = memref.alloc() : memref<8x16xf32>
  %mean = memref.alloca() : memref<8xf32>
  %var = memref.alloca() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %s = affine.for %j = 0 to 16 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %X[%i, %j] : memref<8x16xf32>
      %t = arith.addf %acc, %x : f32
      affine.yield %t : f32
    }
    %m = arith.divf %s, %n : f32
    affine.store %m, %mean[%i] : memref<8xf32>
    %v = affine.for %j = 0 to 16 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %X[%i, %j] : memref<8x16xf32>
      %mm = affine.load %mean[%i] : memref<8xf32>
      %d = arith.subf %x, %mm : f32
      %d2 = arith.mulf %d, %d : f32
      %t = arith.addf %acc, %d2 : f32
      affine.yield %t : f32
    }
    %vv = arith.divf %v, %n : f32
    affine.store %vv, %var[%i] : memref<8xf32>
    affine.for %j = 0 to 16 {
      %x = affine.load %X[%i, %j] : memref<8x16xf32>
      %mm = affine.load %mean[%i] : memref<8xf32>
      %va = affine.load %var[%i] : memref<8xf32>
      %ve = arith.addf %va, %eps : f32
      %r = math.rsqrt %ve : f32
      %d = arith.subf %x, %mm : f32
      %y = arith.mulf %d, %r : f32
      %gg = affine.load %g[%j] : memref<16xf32>
      %z = arith.mulf %y, %gg : f32
      affine.store %z, %Y[%i, %j] : memref<8x16xf32>
    }
  }
  return %Y : memref<8x16xf32>
}
