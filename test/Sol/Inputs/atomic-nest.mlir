func.func @h(%A: memref<16xf32>, %B: memref<1xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 16 {
    %x = affine.load %A[%i] : memref<16xf32>
    %r = memref.atomic_rmw addf %x, %B[%c0] : (f32, memref<1xf32>) -> f32
    %n = arith.negf %x : f32
    affine.store %n, %C[%i] : memref<16xf32>
  }
  return
}
