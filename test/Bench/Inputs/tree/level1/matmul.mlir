// matmul.py: C[i, j] = sum_k A[i, k] * B[k, j]; 64 x 32 x 16 = 32768 MACs.
// Bytes: A 4096 + B 2048 + C written 8192 = 14336.
func.func @matmul(%A: memref<64x16xf32>, %B: memref<16x32xf32>, %C: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %acc = affine.for %k = 0 to 16 iter_args(%sum = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<64x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      affine.store %acc, %C[%i, %j] : memref<64x32xf32>
    }
  }
  return
}
