// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// f16 inputs widened to f32 and accumulated in f32 (32x32x8 = 8192 points):
// the MACs are f32, the two extf per point are casts counted in their
// source type f16. Casts are not flops: flops = 2 * 8192.
// CHECK:      "name": "%arg0",
// CHECK:      "dtype": "f16",
// CHECK-NEXT: "element_bytes": 2,
// CHECK:      "bytes": 512,
// CHECK:      "points": 8192,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 8192,
// CHECK:        "cast": 16384,
// CHECK:      "ops_by_dtype": {
// CHECK-NEXT:   "f16": {
// CHECK-NEXT:     "per_point": {
// CHECK-NEXT:       "mac": 0,
// CHECK:            "cast": 2,
// CHECK:          "total": {
// CHECK:            "cast": 16384,
// CHECK:        "f32": {
// CHECK-NEXT:     "per_point": {
// CHECK-NEXT:       "mac": 1,
// CHECK:          "total": {
// CHECK-NEXT:       "mac": 8192,
// CHECK:      "flops": 16384,
// CHECK-NEXT: "dtype": "f32",

// Integer compute is counted too, by its type: i32 MACs.
// CHECK:      "function": "int_matmul",
// CHECK:      "ops_by_dtype": {
// CHECK-NEXT:   "i32": {
// CHECK-NEXT:     "per_point": {
// CHECK-NEXT:       "mac": 1,
// CHECK:      "dtype": "i32",

func.func @mixed(%A: memref<32x8xf16>, %B: memref<8x32xf16>, %C: memref<32x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<32x8xf16>
        %b = affine.load %B[%k, %j] : memref<8x32xf16>
        %a32 = arith.extf %a : f16 to f32
        %b32 = arith.extf %b : f16 to f32
        %c = affine.load %C[%i, %j] : memref<32x32xf32>
        %p = arith.mulf %a32, %b32 : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<32x32xf32>
      }
    }
  }
  return
}

func.func @int_matmul(%A: memref<4x4xi32>, %B: memref<4x4xi32>, %C: memref<4x4xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x4xi32>
        %c = affine.load %C[%i, %j] : memref<4x4xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x4xi32>
      }
    }
  }
  return
}
