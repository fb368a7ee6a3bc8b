// torch.matmul(A.T, B) as the torch importer lowers it (A.T's copy tagged
// aten.numpy_T, a view in eager PyTorch), A 1024 x 512, B 1024 x 16: the
// IR of the hand-written CUDA trace Inputs/cuda_trace_transpose_matmul.json
// (test/Analyze/trace-view.test).
func.func @transpose_matmul(%a: memref<1024x512xf32>, %b: memref<1024x16xf32>,
                            %c: memref<512x16xf32>) {
  %t = memref.alloc() : memref<512x1024xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %k = 0 to 1024 {
    affine.for %m = 0 to 512 {
      %v = affine.load %a[%k, %m] : memref<1024x512xf32>
      affine.store %v, %t[%m, %k] : memref<512x1024xf32>
    }
  } {solar.framework_op = "aten.numpy_T.default:numpy_t"}
  affine.for %m = 0 to 512 {
    affine.for %n = 0 to 16 {
      affine.store %zero, %c[%m, %n] : memref<512x16xf32>
    }
  } {solar.framework_op = "aten.matmul.default:matmul"}
  affine.for %m = 0 to 512 {
    affine.for %n = 0 to 16 {
      affine.for %k = 0 to 1024 {
        %x = affine.load %t[%m, %k] : memref<512x1024xf32>
        %y = affine.load %b[%k, %n] : memref<1024x16xf32>
        %p = affine.load %c[%m, %n] : memref<512x16xf32>
        %q = arith.mulf %x, %y : f32
        %s = arith.addf %p, %q : f32
        affine.store %s, %c[%m, %n] : memref<512x16xf32>
      }
    }
  } {solar.framework_op = "aten.matmul.default:matmul"}
  memref.dealloc %t : memref<512x1024xf32>
  return
}
