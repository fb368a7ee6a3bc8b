// fold-memref-alias-ops runs where an alias op has a user it folds (here a
// memref.load through a subview: the load reads the base buffer at
// (2 + i, 4 + j)) and is left out where it would fold nothing (affine
// accesses of a view keep the view; the einsum graph reads them through
// it, test/EinsumGraph/views-subview.mlir). The rest of the lowering is
// the same either way.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s

// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0) -> (d0 + 4)>
// CHECK-LABEL: func.func @window(
// CHECK-SAME: %[[A:[^:]*]]: memref<8x16xf32>
// CHECK-NOT: memref.subview
// CHECK: affine.for %[[I:[^ ]*]] = 0 to 4 {
// CHECK-NEXT: affine.for %[[J:[^ ]*]] = 0 to 8 {
// CHECK-NEXT: %[[R:.*]] = affine.apply #[[ROW]](%[[I]])
// CHECK-NEXT: %[[C:.*]] = affine.apply #[[COL]](%[[J]])
// CHECK-NEXT: memref.load %[[A]][%[[R]], %[[C]]] : memref<8x16xf32>
func.func @window(%a: memref<8x16xf32>, %o: memref<4x8xf32>) {
  %s = memref.subview %a[2, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 36>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = memref.load %s[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: 36>>
      affine.store %v, %o[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @reshaped(
// CHECK-SAME: %[[B:[^:]*]]: memref<32xf32>
// CHECK-NOT: memref.expand_shape
// CHECK: memref.load %[[B]][%{{.*}}] : memref<32xf32>
func.func @reshaped(%a: memref<32xf32>, %o: memref<4x8xf32>) {
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = memref.load %e[%i, %j] : memref<4x8xf32>
      affine.store %v, %o[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @affine_view(
// CHECK: %[[V:.*]] = memref.subview
// CHECK: affine.load %[[V]][
func.func @affine_view(%a: memref<8x16xf32>, %o: memref<4x8xf32>) {
  %s = memref.subview %a[2, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: 36>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %s[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: 36>>
      affine.store %v, %o[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
