// Eager view ops (layout nodes alone, solar.framework_op of a view op)
// read by the next framework op: eager PyTorch runs no kernel for the view,
// its reader indexes the view's source (test/Sol/framework-op.mlir,
// "VIEW-READERS", derives the figures).

// C = A^T B, A stored K x M (KernelBench's 16_Matmul_with_transposed_A at
// K = 64, M = 32, N = 16): A.T is a view, the matmul reads A strided.
func.func @transpose_matmul(%a: memref<64x32xf32>, %b: memref<64x16xf32>,
                            %c: memref<32x16xf32>) {
  %t = memref.alloc() : memref<32x64xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %k = 0 to 64 {
    affine.for %m = 0 to 32 {
      %v = affine.load %a[%k, %m] : memref<64x32xf32>
      affine.store %v, %t[%m, %k] : memref<32x64xf32>
    }
  } {solar.framework_op = "aten.numpy_T.default:numpy_t"}
  affine.for %m = 0 to 32 {
    affine.for %n = 0 to 16 {
      affine.store %zero, %c[%m, %n] : memref<32x16xf32>
    }
  } {solar.framework_op = "aten.matmul.default:matmul"}
  affine.for %m = 0 to 32 {
    affine.for %n = 0 to 16 {
      affine.for %k = 0 to 64 {
        %x = affine.load %t[%m, %k] : memref<32x64xf32>
        %y = affine.load %b[%k, %n] : memref<64x16xf32>
        %p = affine.load %c[%m, %n] : memref<32x16xf32>
        %q = arith.mulf %x, %y : f32
        %s = arith.addf %p, %q : f32
        affine.store %s, %c[%m, %n] : memref<32x16xf32>
      }
    }
  } {solar.framework_op = "aten.matmul.default:matmul"}
  memref.dealloc %t : memref<32x64xf32>
  return
}

// y[j] = sum over the first 8 rows of x.t() (x: 16 x 32): a slice of a
// transpose, two views in a chain; the sum reads 8 * 16 of x's elements.
func.func @slice_of_transpose(%x: memref<16x32xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<32x16xf32>
  %s = memref.alloc() : memref<8x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %v = affine.load %x[%i, %j] : memref<16x32xf32>
      affine.store %v, %t[%j, %i] : memref<32x16xf32>
    }
  } {solar.framework_op = "aten.t.default:t"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %t[%i, %j] : memref<32x16xf32>
      affine.store %v, %s[%i, %j] : memref<8x16xf32>
    }
  } {solar.framework_op = "aten.slice.Tensor:slice"}
  affine.for %j = 0 to 16 {
    affine.store %zero, %y[%j] : memref<16xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %s[%i, %j] : memref<8x16xf32>
      %c = affine.load %y[%j] : memref<16xf32>
      %d = arith.addf %c, %a : f32
      affine.store %d, %y[%j] : memref<16xf32>
    }
  } {solar.framework_op = "aten.sum.dim_IntList:sum"}
  memref.dealloc %s : memref<8x16xf32>
  memref.dealloc %t : memref<32x16xf32>
  return
}

// z = b.expand(32, 16) + w: a broadcast view, read whole.
func.func @expand_add(%b: memref<16xf32>, %w: memref<32x16xf32>,
                      %z: memref<32x16xf32>) {
  %e = memref.alloc() : memref<32x16xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 16 {
      %v = affine.load %b[%j] : memref<16xf32>
      affine.store %v, %e[%i, %j] : memref<32x16xf32>
    }
  } {solar.framework_op = "aten.expand.default:expand"}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 16 {
      %p = affine.load %e[%i, %j] : memref<32x16xf32>
      %q = affine.load %w[%i, %j] : memref<32x16xf32>
      %r = arith.addf %p, %q : f32
      affine.store %r, %z[%i, %j] : memref<32x16xf32>
    }
  } {solar.framework_op = "aten.add.Tensor:add"}
  memref.dealloc %e : memref<32x16xf32>
  return
}
