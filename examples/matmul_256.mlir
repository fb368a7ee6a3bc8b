// Affine translation of matmul_256.py: C[i, j] = sum_k A[i, k] * B[k, j].
// Arguments: the inputs A, B (get_inputs order), then the output buffer.
// MACs: 256^3 = 16777216.
func.func @matmul_256(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %acc = affine.for %k = 0 to 256 iter_args(%sum = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<256x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      affine.store %acc, %C[%i, %j] : memref<256x256xf32>
    }
  }
  return
}
