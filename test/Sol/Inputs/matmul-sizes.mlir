func.func @matmul4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      affine.store %zero, %C[%i, %j] : memref<4096x4096xf32>
      affine.for %k = 0 to 4096 {
        %a = affine.load %A[%i, %k] : memref<4096x4096xf32>
        %b = affine.load %B[%k, %j] : memref<4096x4096xf32>
        %c = affine.load %C[%i, %j] : memref<4096x4096xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4096x4096xf32>
      }
    }
  }
  return
}
func.func @matmul64(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.store %zero, %C[%i, %j] : memref<64x64xf32>
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
func.func @add(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %z: memref<1048576xf32>) {
  affine.for %i = 0 to 1048576 {
    %a = affine.load %x[%i] : memref<1048576xf32>
    %b = affine.load %y[%i] : memref<1048576xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %z[%i] : memref<1048576xf32>
  }
  return
}
