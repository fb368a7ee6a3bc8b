// C = A * B with fp8 (e4m3) operands and an f32 accumulator, 1024^3, as a
// quantized GEMM is written: the operands widen to f32 inside the loop.
func.func @fp8_matmul(%a: memref<1024x1024xf8E4M3FN>, %b: memref<1024x1024xf8E4M3FN>, %c: memref<1024x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 1024 {
      affine.store %zero, %c[%i, %j] : memref<1024x1024xf32>
      affine.for %k = 0 to 1024 {
        %x = affine.load %a[%i, %k] : memref<1024x1024xf8E4M3FN>
        %y = affine.load %b[%k, %j] : memref<1024x1024xf8E4M3FN>
        %xf = arith.extf %x : f8E4M3FN to f32
        %yf = arith.extf %y : f8E4M3FN to f32
        %acc = affine.load %c[%i, %j] : memref<1024x1024xf32>
        %p = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %p : f32
        affine.store %s, %c[%i, %j] : memref<1024x1024xf32>
      }
    }
  }
  return
}
