// Three elementwise ops on 1 MiB f32 tensors (256x1024): a = x + 1,
// b = a * 2, y = b - 3; a and b are the function's intermediates.
func.func @chain(%x: memref<256x1024xf32>, %y: memref<256x1024xf32>) {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<256x1024xf32>
  %b = memref.alloc() : memref<256x1024xf32>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<256x1024xf32>
      %r = arith.addf %v, %c1 : f32
      affine.store %r, %a[%i, %j] : memref<256x1024xf32>
    }
  }
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %a[%i, %j] : memref<256x1024xf32>
      %r = arith.mulf %v, %c2 : f32
      affine.store %r, %b[%i, %j] : memref<256x1024xf32>
    }
  }
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %b[%i, %j] : memref<256x1024xf32>
      %r = arith.subf %v, %c3 : f32
      affine.store %r, %y[%i, %j] : memref<256x1024xf32>
    }
  }
  memref.dealloc %a : memref<256x1024xf32>
  memref.dealloc %b : memref<256x1024xf32>
  return
}
