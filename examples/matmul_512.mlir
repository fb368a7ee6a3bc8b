// Affine translation of matmul_512.py: C[i, j] = sum_k A[i, k] * B[k, j].
// Arguments: the inputs A, B (get_inputs order), then the output buffer.
// MACs: 512^3 = 134217728.
func.func @matmul_512(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %acc = affine.for %k = 0 to 512 iter_args(%sum = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<512x512xf32>
        %b = affine.load %B[%k, %j] : memref<512x512xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      affine.store %acc, %C[%i, %j] : memref<512x512xf32>
    }
  }
  return
}
