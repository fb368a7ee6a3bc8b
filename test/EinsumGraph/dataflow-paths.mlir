// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Edge relations on both dataflow paths of lib/einsum_edges.c. A tensor
// with at most one writer, whose write is exact, injective and plain (each
// index one loop dimension with coefficient +-1, no strides, tiles or mod),
// running before every reader (no shared loop), each reader reading it once
// through a plain index, takes the direct path (trivialFlow: relation = the
// write composed with the inverse read); every other tensor goes through
// isl's compute_flow. Both must give the exact last-write-before-read
// relation, printed alike.

// Direct path. buf[i] = x[i] for i in 0..7 (S0); S1: out[i] = buf[i + 2]
// for i in 0..7; S2: out2[i] = buf[7 - i] for i in 0..3. S1 reads buf[2..9]:
// buf[m], 2 <= m <= 7, comes from S0[m] and goes to S1[m - 2] (6 elements);
// buf[8] and buf[9] are never written, so S1 reads the incoming buf:
// `inout`. S2 reads buf[7..4]: S0[m] -> S2[7 - m] for 4 <= m <= 7, 4
// elements. S3 reads only buf[8..9]: no edge from S0 (an empty dependence
// is no edge).
// CHECK:      "function": "fast",
// CHECK:      "name": "%arg0",
// CHECK-NEXT: "isl_name": "arg0",
// CHECK-NEXT: "role": "inout",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S0[m] -> S1[m' = -2 + m] : 2 <= m <= 7 }",
// CHECK-NEXT:   "elements": 6,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S0[m] -> S2[m' = 7 - m] : 4 <= m <= 7 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @fast(%buf: memref<10xf32>, %x: memref<8xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %buf[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %a = affine.load %buf[%i + 2] : memref<10xf32>
    affine.store %a, %out[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    %a = affine.load %buf[7 - %i] : memref<10xf32>
    affine.store %a, %out2[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 2 {
    %a = affine.load %buf[%i + 8] : memref<10xf32>
    affine.store %a, %out2[%i + 4] : memref<8xf32>
  }
  return
}

// General path: one writer before its readers, but S1 reads buf twice and
// S2 through a stride. buf[i] = x[i] for i in 0..7 (S0); S1: out[i] =
// buf[i] + buf[i + 2] for i in 0..7; S2: out2[i] = buf[2i + 1], i in 0..3.
// S1 reads buf[0..9]: S0[m] feeds S1[m] (0 <= m <= 7) and S1[m - 2]
// (2 <= m <= 7), 8 elements; buf[8] and buf[9] are never written, so S1
// reads the incoming buf: `inout`. S2 reads buf[1, 3, 5, 7], all from S0:
// S0[m] -> S2[m'] with m = 2m' + 1, 4 elements. Two reads of one consumer
// make one edge.
// CHECK:      "function": "stencil",
// CHECK:      "name": "%arg0",
// CHECK-NEXT: "isl_name": "arg0",
// CHECK-NEXT: "role": "inout",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S0[m] -> S1[m' = m] : 0 <= m <= 7; S0[m] -> S1[m' = -2 + m] : 2 <= m <= 7 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S0[m] -> S2[m'] : 2m' = -1 + m and 0 < m <= 7 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @stencil(%buf: memref<10xf32>, %x: memref<8xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %buf[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %a = affine.load %buf[%i] : memref<10xf32>
    %b = affine.load %buf[%i + 2] : memref<10xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %out[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    %a = affine.load %buf[2 * %i + 1] : memref<10xf32>
    affine.store %a, %out2[%i] : memref<8xf32>
  }
  return
}

// General path: two writers. S0 writes t[0..7], S1 overwrites t[0..3],
// S2 reads t[0..7]: t[0..3] come from S1, t[4..7] from S0, 4 elements each.
// CHECK:      "function": "two_writers",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[m] -> S2[m' = m] : 4 <= m <= 7 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m] -> S2[m' = m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @two_writers(%x: memref<8xf32>, %out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    affine.store %c, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// General path: one writer, but a reader runs before it. S0 copies a to
// out (reading the incoming a: `inout`), S1 sets a = 1, S2 copies a to
// out2: only S1 -> S2, 8 elements.
// CHECK:      "function": "read_before_write",
// CHECK:      "name": "%arg0",
// CHECK-NEXT: "isl_name": "arg0",
// CHECK-NEXT: "role": "inout",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S1[m] -> S2[m' = m] : 0 <= m <= 7 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @read_before_write(%a: memref<8xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    affine.store %c, %a[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %out2[%i] : memref<8xf32>
  }
  return
}

// General path: writer and reader share the loop r. S1[r, i] reads t[i]
// last written by S0[r, i] (same r), not by S0 of other rows. In S0, r
// rewrites t (a reduction dim, label K); 8 distinct elements of t flow.
// CHECK:      "function": "shared_loop",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[k, m] -> S1[m' = k, n = m] : 0 <= k <= 3 and 0 <= m <= 7 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @shared_loop(%x: memref<4x8xf32>, %out: memref<4x8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  affine.for %r = 0 to 4 {
    affine.for %i = 0 to 8 {
      %v = affine.load %x[%r, %i] : memref<4x8xf32>
      affine.store %v, %t[%i] : memref<8xf32>
    }
    affine.for %i = 0 to 8 {
      %v = affine.load %t[%i] : memref<8xf32>
      affine.store %v, %out[%r, %i] : memref<4x8xf32>
    }
  }
  return
}

// General path: one writer before its reader, but not injective: t[i] is
// written for every j (last write wins), so S1[i] reads S0[i, 7] only.
// CHECK:      "function": "last_write_wins",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[m, k = 7] -> S1[m' = m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @last_write_wins(%x: memref<4x8xf32>, %out: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      affine.store %v, %t[%i] : memref<4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %t[%i] : memref<4xf32>
    affine.store %v, %out[%i] : memref<4xf32>
  }
  return
}
