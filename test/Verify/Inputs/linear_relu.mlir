// Hand-written affine translation of test/Inputs/linear_relu.py, generic in
// the batch size: out[b, o] = max(0, sum_i x[b, i] * W[o, i] + bias[o]). Arguments:
// the input, the parameters in named_parameters() order (fc.weight,
// fc.bias), then the output buffer.
func.func @linear_relu(%x: memref<?x8xf32>, %W: memref<4x8xf32>, %bias: memref<4xf32>, %out: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %batch = memref.dim %x, %c0 : memref<?x8xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %b = 0 to %batch {
    affine.for %o = 0 to 4 {
      %init = affine.load %bias[%o] : memref<4xf32>
      %acc = affine.for %i = 0 to 8 iter_args(%sum = %init) -> f32 {
        %xv = affine.load %x[%b, %i] : memref<?x8xf32>
        %wv = affine.load %W[%o, %i] : memref<4x8xf32>
        %p = arith.mulf %xv, %wv : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      %r = arith.maximumf %acc, %zero : f32
      affine.store %r, %out[%b, %o] : memref<?x4xf32>
    }
  }
  return
}

// The same without the ReLU: wrong wherever the pre-activation is negative.
func.func @linear_no_relu(%x: memref<?x8xf32>, %W: memref<4x8xf32>, %bias: memref<4xf32>, %out: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %batch = memref.dim %x, %c0 : memref<?x8xf32>
  affine.for %b = 0 to %batch {
    affine.for %o = 0 to 4 {
      %init = affine.load %bias[%o] : memref<4xf32>
      %acc = affine.for %i = 0 to 8 iter_args(%sum = %init) -> f32 {
        %xv = affine.load %x[%b, %i] : memref<?x8xf32>
        %wv = affine.load %W[%o, %i] : memref<4x8xf32>
        %p = arith.mulf %xv, %wv : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      affine.store %acc, %out[%b, %o] : memref<?x4xf32>
    }
  }
  return
}
