// Results that are views (test/Sol/result-view.mlir derives the figures).
// No solar.framework_op: every node its own unfused kernel.

// return x.t(): the result is a transpose of the input.
func.func @transpose_result(%x: memref<64x256xf32>, %y: memref<256x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      affine.store %v, %y[%j, %i] : memref<256x64xf32>
    }
  }
  return
}

// return x[:, :4].t(): a slice, then a transpose (a chain of views), the
// last one returned.
func.func @slice_transpose_result(%x: memref<64x256xf32>,
                                  %y: memref<4x64xf32>) {
  %s = memref.alloc() : memref<64x4xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 4 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      affine.store %v, %s[%i, %j] : memref<64x4xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 4 {
      %v = affine.load %s[%i, %j] : memref<64x4xf32>
      affine.store %v, %y[%j, %i] : memref<4x64xf32>
    }
  }
  memref.dealloc %s : memref<64x4xf32>
  return
}

// return relu(x).t(): a view of a computed intermediate.
func.func @relu_transpose(%x: memref<64x256xf32>, %y: memref<256x64xf32>) {
  %t = memref.alloc() : memref<64x256xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      %r = arith.maximumf %v, %zero : f32
      affine.store %r, %t[%i, %j] : memref<64x256xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%i, %j] : memref<64x256xf32>
      affine.store %v, %y[%j, %i] : memref<256x64xf32>
    }
  }
  memref.dealloc %t : memref<64x256xf32>
  return
}

// return relu(x).expand(8, 256): a broadcast of a computed vector.
func.func @relu_expand(%x: memref<256xf32>, %y: memref<8x256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 256 {
    %v = affine.load %x[%j] : memref<256xf32>
    %r = arith.maximumf %v, %zero : f32
    affine.store %r, %t[%j] : memref<256xf32>
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%j] : memref<256xf32>
      affine.store %v, %y[%i, %j] : memref<8x256xf32>
    }
  }
  memref.dealloc %t : memref<256xf32>
  return
}

// y = x.t(); return y, y[:8].sum(0): the returned view is also read, in
// part, by a reduction, which reads x through it.
func.func @view_and_sum(%x: memref<64x256xf32>, %y: memref<256x64xf32>,
                        %z: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      affine.store %v, %y[%j, %i] : memref<256x64xf32>
    }
  }
  affine.for %j = 0 to 64 {
    affine.store %zero, %z[%j] : memref<64xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %y[%i, %j] : memref<256x64xf32>
      %b = affine.load %z[%j] : memref<64xf32>
      %c = arith.addf %b, %a : f32
      affine.store %c, %z[%j] : memref<64xf32>
    }
  }
  return
}

// A state rewritten at each step and copied into the result inside the
// same loop (an RNN's output sequence): each copied element is a value the
// state no longer holds, so the result is no view of it.
func.func @state_copies(%x: memref<8x256xf32>, %y: memref<8x256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  affine.for %s = 0 to 8 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%s, %j] : memref<8x256xf32>
      %r = arith.mulf %v, %v : f32
      affine.store %r, %t[%j] : memref<256xf32>
    }
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%j] : memref<256xf32>
      affine.store %v, %y[%s, %j] : memref<8x256xf32>
    }
  }
  memref.dealloc %t : memref<256xf32>
  return
}
