// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// A tensor written in disjoint pieces before it is read (lib/einsum/
// einsum_edges.c, disjointWriters): the buffer of a concatenation, one
// copy nest per slice, then its readers (DenseNet's dense blocks). Each
// element is written once, so each writer's edge to a reader is its write
// composed with the inverse read, no write killing another, and a reader
// whose box misses a writer's box gets no edge from it. The relations are
// the ones isl's compute_flow gives for the same problem (the base build's
// output is the same, byte for byte).

// cat (4x6) = [a | b | c] along dimension 1: S0 writes cat[m, n] from
// a[m, n] (n in 0..1), S1 cat[m, 2 + n], S2 cat[m, 4 + n]. S3 copies all
// of cat: S_k[m, n] -> S3[m, 2k + n], 8 elements from each writer. S4
// reads cat[m, 1 + n] for n in 0..1, i.e. columns 1 and 2: column 1 from
// S0[m, 1] into S4[m, 0], column 2 from S1[m, 0] into S4[m, 1], 4 elements
// each, nothing from S2 (columns 4..5; no edge).
// CHECK:      "function": "concat",
// CHECK:      "name": "%alloc",
// CHECK-NEXT: "isl_name": "alloc",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S0[m, n] -> S3[m' = m, n' = n] : 0 <= m <= 3 and 0 <= n <= 1 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 4,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S0[m, n = 1] -> S4[m' = m, n' = 0] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S1[m, n] -> S3[m' = m, n' = 2 + n] : 0 <= m <= 3 and 0 <= n <= 1 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 4,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S1[m, n = 0] -> S4[m' = m, n' = 1] : 0 <= m <= 3 }",
// CHECK-NEXT:   "elements": 4,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 2,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S2[m, n] -> S3[m' = m, n' = 4 + n] : 0 <= m <= 3 and 0 <= n <= 1 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @concat(%a: memref<4x2xf32>, %b: memref<4x2xf32>, %c: memref<4x2xf32>, %out: memref<4x6xf32>, %mid: memref<4x2xf32>) {
  %cat = memref.alloc() : memref<4x6xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %a[%i, %j] : memref<4x2xf32>
      affine.store %v, %cat[%i, %j] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %b[%i, %j] : memref<4x2xf32>
      affine.store %v, %cat[%i, %j + 2] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %c[%i, %j] : memref<4x2xf32>
      affine.store %v, %cat[%i, %j + 4] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = affine.load %cat[%i, %j] : memref<4x6xf32>
      affine.store %v, %out[%i, %j] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %cat[%i, %j + 1] : memref<4x6xf32>
      affine.store %v, %mid[%i, %j] : memref<4x2xf32>
    }
  }
  return
}


// The pieces leave a gap in an argument: S0 writes cat[m, 0..1], S1
// cat[m, 4..5], S2 reads all of cat. Columns 2..3 are read before any
// write of them: the incoming cat is read, `inout`. The edges are
// S0[m, n] -> S2[m, n] and S1[m, n] -> S2[m, 4 + n], 8 elements each.
// CHECK:      "function": "gap",
// CHECK:      "name": "%arg2",
// CHECK-NEXT: "isl_name": "arg2",
// CHECK-NEXT: "role": "inout",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S0[m, n] -> S2[m' = m, n' = n] : 0 <= m <= 3 and 0 <= n <= 1 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m, n] -> S2[m' = m, n' = 4 + n] : 0 <= m <= 3 and 0 <= n <= 1 }",
// CHECK-NEXT:   "elements": 8,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @gap(%a: memref<4x2xf32>, %b: memref<4x2xf32>, %cat: memref<4x6xf32>, %out: memref<4x6xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %a[%i, %j] : memref<4x2xf32>
      affine.store %v, %cat[%i, %j] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %b[%i, %j] : memref<4x2xf32>
      affine.store %v, %cat[%i, %j + 4] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = affine.load %cat[%i, %j] : memref<4x6xf32>
      affine.store %v, %out[%i, %j] : memref<4x6xf32>
    }
  }
  return
}
