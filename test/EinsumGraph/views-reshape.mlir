// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// collapse_shape: a flat index i into 8x16 is (floor(i/16), i mod 16); the
// image is all 128 elements, exactly.
// CHECK:      "function": "collapse",
// CHECK:      "equation": "(floor(M/16))(M%16)->M",
// CHECK:      "map": "{ S0[m] -> arg0[o0, m - 16o0] : 0 <= m <= 127 and -15 + m <= 16o0 <= m }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 128,

// expand_shape: view [16x8] of a flat 128 buffer is base index 8i + j.
// Only the first 4 rows are written: 32 elements.
// CHECK:      "function": "expand",
// CHECK:      "equation": "MN->(8M+N)",
// CHECK:      "map": "{ S0[m, n] -> arg1[8m + n] : 0 <= m <= 3 and 0 <= n <= 7 }",
// CHECK:      "footprint_elements": 32,

// reinterpret_cast with offset 4 and strides [12, 1] over a flat buffer:
// base index 4 + 12i + j; a 10x10 view touches 100 distinct elements.
// CHECK:      "function": "reinterpret",
// CHECK:      "equation": "(12M+N+4)->MN",
// CHECK:      "map": "{ S0[m, n] -> arg0[4 + 12m + n] : 0 <= m <= 9 and 0 <= n <= 9 }",
// CHECK:      "footprint_elements": 100,

// reinterpret_cast onto a 2-d source delinearizes: 4 + 12i + j over a
// 16x8 buffer is row floor((4+12i+j)/8) = i + floor((4i+j+4)/8) and column
// (4+12i+j) mod 8 = (4i+j+4) mod 8 (isl's simplified forms); 2x12 = 24
// distinct elements.
// CHECK:      "function": "reinterpret2d",
// CHECK:      "equation": "(M+floor((4M+N+4)/8))((4M+N+4)%8)->MN",
// CHECK:      "footprint_elements": 24,

func.func @collapse(%A: memref<8x16xf32>, %B: memref<128xf32>) {
  %c = memref.collapse_shape %A [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  affine.for %i = 0 to 128 {
    %x = affine.load %c[%i] : memref<128xf32>
    affine.store %x, %B[%i] : memref<128xf32>
  }
  return
}

func.func @expand(%A: memref<4x8xf32>, %B: memref<128xf32>) {
  %e = memref.expand_shape %B [[0, 1]] output_shape [16, 8] : memref<128xf32> into memref<16x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i, %j] : memref<4x8xf32>
      affine.store %x, %e[%i, %j] : memref<16x8xf32>
    }
  }
  return
}

func.func @reinterpret(%B: memref<128xf32>, %C: memref<10x10xf32>) {
  %r = memref.reinterpret_cast %B to offset: [4], sizes: [10, 10], strides: [12, 1] : memref<128xf32> to memref<10x10xf32, strided<[12, 1], offset: 4>>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %x = affine.load %r[%i, %j] : memref<10x10xf32, strided<[12, 1], offset: 4>>
      affine.store %x, %C[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

func.func @reinterpret2d(%B: memref<16x8xf32>, %C: memref<2x12xf32>) {
  %r = memref.reinterpret_cast %B to offset: [4], sizes: [2, 12], strides: [12, 1] : memref<16x8xf32> to memref<2x12xf32, strided<[12, 1], offset: 4>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 12 {
      %x = affine.load %r[%i, %j] : memref<2x12xf32, strided<[12, 1], offset: 4>>
      affine.store %x, %C[%i, %j] : memref<2x12xf32>
    }
  }
  return
}
