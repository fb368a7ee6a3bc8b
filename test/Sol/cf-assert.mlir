// torch-mlir's index and shape checks arrive as cf.assert (Hugging Face
// models' embeddings and matmuls): a runtime check that reads a flag and
// writes nothing, so it is not work the bound misses and must not make the
// figure partial. y = x + x over 16 f32: 16 flop; bytes x 64 + y 64 = 128.
// RUN: solar-opt %s --solar-sol=H100_SXM 2>&1 | FileCheck %s
// CHECK-NOT: warning:
// CHECK-NOT: partial =
// CHECK: solar.sol = #solar.sol<{{.*}}bytes_fused = 128 : i64
// CHECK-SAME: flops = 16 : i64, flops_lowered = 16 : i64
func.func @f(%x: memref<16xf32>, %y: memref<16xf32>, %n: index) {
  %c16 = arith.constant 16 : index
  %ok = arith.cmpi eq, %n, %c16 : index
  cf.assert %ok, "mismatching size"
  affine.for %i = 0 to 16 {
    %v = affine.load %x[%i] : memref<16xf32>
    %s = arith.addf %v, %v : f32
    affine.store %s, %y[%i] : memref<16xf32>
  }
  return
}
