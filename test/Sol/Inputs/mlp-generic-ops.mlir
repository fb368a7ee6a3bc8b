// The shape-generic MLP layer as two framework ops, as an importer tags
// them: a linear layer into an intermediate t (zero-init and matmul nests),
// then a ReLU from t into y.
func.func @mlp(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %batch = memref.dim %x, %c0 : memref<?x?xf32>
  %hidden = memref.dim %x, %c1 : memref<?x?xf32>
  %out = memref.dim %w, %c1 : memref<?x?xf32>
  %t = memref.alloc(%batch, %out) : memref<?x?xf32>
  affine.for %b = 0 to %batch {
    affine.for %o = 0 to %out {
      affine.store %zero, %t[%b, %o] : memref<?x?xf32>
      affine.for %i = 0 to %hidden {
        %xv = affine.load %x[%b, %i] : memref<?x?xf32>
        %wv = affine.load %w[%i, %o] : memref<?x?xf32>
        %acc = affine.load %t[%b, %o] : memref<?x?xf32>
        %p = arith.mulf %xv, %wv : f32
        %s = arith.addf %acc, %p : f32
        affine.store %s, %t[%b, %o] : memref<?x?xf32>
      }
    }
  } {solar.framework_op = "aten.linear.default:linear"}
  affine.for %b = 0 to %batch {
    affine.for %o = 0 to %out {
      %v = affine.load %t[%b, %o] : memref<?x?xf32>
      %r = arith.maximumf %v, %zero : f32
      affine.store %r, %y[%b, %o] : memref<?x?xf32>
    }
  } {solar.framework_op = "aten.relu.default:relu"}
  memref.dealloc %t : memref<?x?xf32>
  return
}
