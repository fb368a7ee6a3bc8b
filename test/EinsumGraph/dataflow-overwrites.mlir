// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Overwrite sequences written down without a flow problem
// (lib/einsum/einsum_edges.c, killedDirectly): the last writer of each
// element is the last node writing it, and within a reduction its last
// instance. The relations are the ones isl's compute_flow returns (this
// file's graph is byte-identical to the one the flow problem gave).

// A padded buffer: S0 fills pad[0..9], S1 overwrites the interior
// pad[m + 1] = x[m] (m in 0..7), S2 reads it through a stride-2 window:
// y[m', n] = pad[2m' + n], m' in 0..3, n in 0..2, elements 0..8.
// pad[0] keeps S0's zero and is read only by S2[0, 0] (1 element; pad[9]
// is never read). pad[1..8] come from S1: S1[m] -> S2[m', n] with
// 2m' + n = m + 1, i.e. n = 1 + m - 2m' and 0 <= n <= 2 (8 elements).
// CHECK:      "function": "padded",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[m = 0] -> S2[m' = 0, n = 0] }",
// CHECK-NEXT:   "elements": 1,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m] -> S2[m', n = 1 + m - 2m'] : m >= 0 and m' <= 3 and -1 + m <= 2m' <= 1 + m }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @padded(%x: memref<8xf32>, %y: memref<4x3xf32>) {
  %pad = memref.alloc() : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %zero, %pad[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %pad[%i + 1] : memref<10xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 3 {
      %a = affine.load %pad[2 * %i + %k] : memref<10xf32>
      affine.store %a, %y[%i, %k] : memref<4x3xf32>
    }
  }
  return
}

// A reduction's result read by the next nest: S0 zeroes r[0..3], S1
// accumulates r[m] += x[2m + k] for k in 0..1, S2 copies r out. S1's first
// instance per element (k = 0) reads S0's zero (4 elements); its other
// instance reads its own predecessor (a self-dependence, no edge). S2
// reads what S1's last instance (k = 1) wrote: S1[m, 1] -> S2[m]
// (4 elements); nothing flows from S0 to S2.
// CHECK:      "function": "reduced",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[m] -> S1[m' = m, k = 0] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m, k = 1] -> S2[m' = m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @reduced(%x: memref<8xf32>, %out: memref<4xf32>) {
  %r = memref.alloc() : memref<4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %zero, %r[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 2 {
      %a = affine.load %x[2 * %i + %k] : memref<8xf32>
      %c = affine.load %r[%i] : memref<4xf32>
      %s = arith.addf %a, %c : f32
      affine.store %s, %r[%i] : memref<4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %r[%i] : memref<4xf32>
    affine.store %v, %out[%i] : memref<4xf32>
  }
  return
}

// The same block twice on two buffers: the second block's edges come from
// the memo of shapes (einsum_edge_memo.c) under their own names, S3, S4,
// S5 (the loop variables are named j, l in the source; the graph names
// dimensions m, n either way).
// CHECK:      "function": "twice",
// CHECK:      "edges": [
// CHECK:        "relation": "{ S0[m = 0] -> S2[m' = 0, n = 0] }",
// CHECK:        "relation": "{ S1[m] -> S2[m', n = 1 + m - 2m'] : m >= 0 and m' <= 3 and -1 + m <= 2m' <= 1 + m }",
// CHECK:        "producer": 3,
// CHECK-NEXT:   "consumer": 5,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S3[m = 0] -> S5[m' = 0, n = 0] }",
// CHECK-NEXT:   "elements": 1,
// CHECK:        "producer": 4,
// CHECK-NEXT:   "consumer": 5,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S4[m] -> S5[m', n = 1 + m - 2m'] : m >= 0 and m' <= 3 and -1 + m <= 2m' <= 1 + m }",
// CHECK-NEXT:   "elements": 8,
func.func @twice(%x: memref<8xf32>, %y: memref<4x3xf32>, %z: memref<4x3xf32>) {
  %pad = memref.alloc() : memref<10xf32>
  %pad2 = memref.alloc() : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %zero, %pad[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %pad[%i + 1] : memref<10xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 3 {
      %a = affine.load %pad[2 * %i + %k] : memref<10xf32>
      affine.store %a, %y[%i, %k] : memref<4x3xf32>
    }
  }
  affine.for %i = 0 to 10 {
    affine.store %zero, %pad2[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %pad2[%i + 1] : memref<10xf32>
  }
  affine.for %j = 0 to 4 {
    affine.for %l = 0 to 3 {
      %a = affine.load %pad2[2 * %j + %l] : memref<10xf32>
      affine.store %a, %z[%j, %l] : memref<4x3xf32>
    }
  }
  return
}
