// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Every access is a relation on the BASE buffer %arg0 (8x16), whatever view
// it goes through.

// A 4x8 window at (2, 4): base index (2 + i, 4 + j), 32 elements.
// CHECK:      "function": "window",
// CHECK:      "equation": "(M+2)(N+4)->MN",
// CHECK:      "map": "{ S0[m, n] -> arg0[2 + m, 4 + n] : 0 <= m <= 3 and 0 <= n <= 7 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 32,

// Strides 2 and 2 from (0, 1): base (2i, 1 + 2j), 32 distinct elements.
// CHECK:      "function": "strided",
// CHECK:      "equation": "(2M)(2N+1)->MN",
// CHECK:      "map": "{ S0[m, n] -> arg0[2m, 1 + 2n] : 0 <= m <= 3 and 0 <= n <= 7 }",
// CHECK:      "footprint_elements": 32,

// Rank-reducing: row 3 as a 1-d view: base (3, j), 16 elements.
// CHECK:      "function": "row",
// CHECK:      "equation": "(3)M->M",
// CHECK:      "map": "{ S0[m] -> arg0[3, m] : 0 <= m <= 15 }",
// CHECK:      "footprint_elements": 16,

// A dynamic offset is a parameter of the relation (named %off as in the
// source); nested views compose
// (rows off..off+3, then columns 8..15 of those).
// CHECK:      "function": "nested",
// CHECK:      "equation": "(M+off)(N+8)->MN",
// CHECK:      "map": "[off] -> { S0[m, n] -> arg0[off + m, 8 + n] : 0 <= m <= 3 and 0 <= n <= 7 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 32,

func.func @window(%A: memref<8x16xf32>, %B: memref<4x8xf32>) {
  %s = memref.subview %A[2, 4][4, 8][1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 36>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %s[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: 36>>
      affine.store %x, %B[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

func.func @strided(%A: memref<8x16xf32>, %B: memref<4x8xf32>) {
  %s = memref.subview %A[0, 1][4, 8][2, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 2], offset: 1>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %s[%i, %j] : memref<4x8xf32, strided<[32, 2], offset: 1>>
      affine.store %x, %B[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

func.func @row(%A: memref<8x16xf32>, %B: memref<16xf32>) {
  %s = memref.subview %A[3, 0][1, 16][1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
  affine.for %j = 0 to 16 {
    %x = affine.load %s[%j] : memref<16xf32, strided<[1], offset: 48>>
    affine.store %x, %B[%j] : memref<16xf32>
  }
  return
}

func.func @nested(%A: memref<8x16xf32>, %B: memref<4x8xf32>, %off: index) {
  %rows = memref.subview %A[%off, 0][4, 16][1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1], offset: ?>>
  %s = memref.subview %rows[0, 8][4, 8][1, 1] : memref<4x16xf32, strided<[16, 1], offset: ?>> to memref<4x8xf32, strided<[16, 1], offset: ?>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %s[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: ?>>
      affine.store %x, %B[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
