func.func private @opaque(f32) -> f32
func.func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %x = affine.load %A[%i] : memref<16xf32>
    %y = func.call @opaque(%x) : (f32) -> f32
    affine.store %y, %B[%i] : memref<16xf32>
  }
  return
}
