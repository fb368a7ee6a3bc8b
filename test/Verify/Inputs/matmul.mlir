// Affine translation of matmul_torch.py / matmul_jax.py:
// C[i, j] = sum_k A[i, k] * B[k, j], 8x16 times 16x5. The sum starts from 0
// in an iter_arg, so the destination's initial contents never matter.
func.func @matmul(%A: memref<8x16xf32>, %B: memref<16x5xf32>, %C: memref<8x5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 5 {
      %sum = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<8x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<8x5xf32>
    }
  }
  return
}
