// sub.py adds, this IR subtracts: the verification fails (verify-failed).
func.func @sub(%x: memref<1024xf32>, %y: memref<1024xf32>, %out: memref<1024xf32>) {
  affine.for %i = 0 to 1024 {
    %a = affine.load %x[%i] : memref<1024xf32>
    %b = affine.load %y[%i] : memref<1024xf32>
    %s = arith.subf %a, %b : f32
    affine.store %s, %out[%i] : memref<1024xf32>
  }
  return
}
