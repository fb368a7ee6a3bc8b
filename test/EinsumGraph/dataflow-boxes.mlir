// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s
// RUN: unit-einsum_handover %s 2>/dev/null | FileCheck %s --check-prefix=PLAIN

// The elements an edge carries, counted from the boxes of the accesses'
// images (lib/einsum/einsum_edges.c, boxedElements): the writer's image
// box meeting the reader's, less the boxes later writers overwrite. The
// lift for the stages alone (plain --solar-sol, no attribute) writes no
// relation and decides each edge by that count; unit-einsum_handover
// compares its edges, counts and roles with the attribute's, whose
// relations are still isl's.
// PLAIN-NOT: FAIL
// PLAIN: 4 function(s), 13 node(s), 23 access(es), 9 edge(s), 0 dtype row(s), 0 parametric domain(s), 0 skipped op(s) compared
// PLAIN-NEXT: 36 domain(s) and map(s) of 25 class(es) handed over without a text
// PLAIN-NEXT: 0 failure(s)

// Two overlapping overwrites after a fill: S0 fills b[0..9], S1 writes
// b[0..4], S2 writes b[3..6], S3 reads b[0..9], S4 reads b[8..9].
// S3: from S2 b[3..6] (4 elements), from S1 b[0..4] less S2's b[3..6] =
// b[0..2] (3), from S0 b[0..9] less b[0..4] and b[3..6] = b[7..9] (3:
// 10 - 5 - 4 + 2 by inclusion-exclusion). S4 reads only what S0 left:
// S0 -> S4 (2); S1 and S2 miss b[8..9]: no edge.
// CHECK:      "function": "overwrites",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 3,
// CHECK-NEXT:   "relation": "{ S0[m] -> S3[m' = m] : 7 <= m <= 9 }",
// CHECK-NEXT:   "elements": 3,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 4,
// CHECK-NEXT:   "tensor": 3,
// CHECK-NEXT:   "relation": "{ S0[m] -> S4[m' = -8 + m] : 8 <= m <= 9 }",
// CHECK-NEXT:   "elements": 2,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 3,
// CHECK-NEXT:   "relation": "{ S1[m] -> S3[m' = m] : 0 <= m <= 2 }",
// CHECK-NEXT:   "elements": 3,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 2,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 3,
// CHECK-NEXT:   "relation": "{ S2[m] -> S3[m' = 3 + m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @overwrites(%x: memref<10xf32>, %out: memref<10xf32>, %out2: memref<2xf32>) {
  %b = memref.alloc() : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %zero, %b[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 5 {
    %v = affine.load %x[%i] : memref<10xf32>
    affine.store %v, %b[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<10xf32>
    affine.store %v, %b[%i + 3] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %b[%i] : memref<10xf32>
    affine.store %v, %out[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 2 {
    %v = affine.load %b[%i + 8] : memref<10xf32>
    affine.store %v, %out2[%i] : memref<2xf32>
  }
  return
}

// A strided overwrite (a transposed convolution's dilated input): S0
// fills d[0..9], S1 writes d[2m + 1] for m in 0..4, S2 reads d[0..9]. S1's
// image has an existential variable, no box of constraints, but its index
// over m in 0..4 is the progression 1, 3, ..., 9 (egAccessImageProgressions):
// S1 -> S2 the 5 odd elements, S0 -> S2 10 less those 5.
// CHECK:      "function": "strided",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK:        "elements": 5,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m] -> S2[m' = 1 + 2m] : 0 <= m <= 4 }",
// CHECK-NEXT:   "elements": 5,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @strided(%x: memref<5xf32>, %out: memref<10xf32>) {
  %d = memref.alloc() : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %zero, %d[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 5 {
    %v = affine.load %x[%i] : memref<5xf32>
    affine.store %v, %d[2 * %i + 1] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %d[%i] : memref<10xf32>
    affine.store %v, %out[%i] : memref<10xf32>
  }
  return
}

// An image that is no product of progressions: S1 writes the diagonal
// g[m, m] (one loop dimension in both indices) after S0 filled g, S2 reads
// all of g. Both counts are isl's, in the lift for the stages too: S1 -> S2
// the 4 diagonal elements, S0 -> S2 the other 12.
// CHECK:      "function": "diagonal",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK:        "elements": 12,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m] -> S2[m' = m, n = m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @diagonal(%x: memref<4xf32>, %out: memref<4x4xf32>) {
  %g = memref.alloc() : memref<4x4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.store %zero, %g[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    affine.store %v, %g[%i, %i] : memref<4x4xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %g[%i, %j] : memref<4x4xf32>
      affine.store %v, %out[%i, %j] : memref<4x4xf32>
    }
  }
  return
}

// An argument written in part before it is read whole: S0 writes
// a[2..5], S1 reads a[0..7]. S0 -> S1 carries 4 elements; a[0..1] and
// a[6..7] are the incoming values, so a is `inout` (decided from the
// boxes: a[0..7] is not inside a[2..5]).
// CHECK:      "function": "partial_argument",
// CHECK:      "name": "%arg0",
// CHECK-NEXT: "isl_name": "arg0",
// CHECK-NEXT: "role": "inout",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 0,
// CHECK-NEXT:   "relation": "{ S0[m] -> S1[m' = 2 + m] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @partial_argument(%a: memref<8xf32>, %x: memref<4xf32>, %out: memref<8xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    affine.store %v, %a[%i + 2] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}
