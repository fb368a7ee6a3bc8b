// y[j] = sum_i x[i, j] written as an eager program does: a permute (a view
// op, pure layout) then a sum over the last dim.
func.func @permute_sum(%x: memref<16x32xf32>, %y: memref<32xf32>) {
  %t = memref.alloc() : memref<32x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %v = affine.load %x[%i, %j] : memref<16x32xf32>
      affine.store %v, %t[%j, %i] : memref<32x16xf32>
    }
  } {solar.framework_op = "aten.permute.default:permute"}
  affine.for %j = 0 to 32 {
    affine.store %zero, %y[%j] : memref<32xf32>
    affine.for %i = 0 to 16 {
      %a = affine.load %t[%j, %i] : memref<32x16xf32>
      %c = affine.load %y[%j] : memref<32xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %y[%j] : memref<32xf32>
    }
  } {solar.framework_op = "aten.sum.dim_IntList:sum"}
  memref.dealloc %t : memref<32x16xf32>
  return
}
