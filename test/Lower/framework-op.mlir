// solar.framework_op on linalg/tensor ops (as the importers write it) ends
// up on the stores of the loops they lower to, through bufferization,
// linalg-to-loops and fold-memref-alias-ops; the named locations that carry
// it meanwhile are gone and the ops keep their source positions.
// RUN: solar-opt %s --solar-lower-to-affine --mlir-print-debuginfo | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// The pad (a fill and an interior copy through a subview), the fill of y
// and the sum; the location aliases printed before the module hold source
// positions only.
// LOWER-NOT: fwop:
// LOWER-LABEL: func.func @padded_sum(
// LOWER: affine.store {{.*}} {solar.framework_op = "aten.avg_pool1d:pool"} : memref<10xf32> loc(
// LOWER: affine.store {{.*}} {solar.framework_op = "aten.avg_pool1d:pool"} : memref<8xf32, strided<[1], offset: 1>> loc(
// LOWER: affine.store {{.*}} {solar.framework_op = "aten.avg_pool1d:pool"} : memref<4xf32> loc(
// LOWER: affine.store {{.*}} {solar.framework_op = "aten.avg_pool1d:pool"} : memref<4xf32> loc(
// LOWER-NOT: fwop:

// One framework op: unfused reads x (8*4 = 32 B) and writes y (4*4 = 16 B),
// 48 B, one kernel; the padded buffer never leaves it.
// SOL: bytes_unfused = 48 : i64
// SOL-SAME: kernels_unfused = 1 : i64
func.func @padded_sum(%x: tensor<8xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } {solar.framework_op = "aten.avg_pool1d:pool"} : tensor<8xf32> to tensor<10xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill {solar.framework_op = "aten.avg_pool1d:pool"} ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %w = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (2 * i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%p, %w : tensor<10xf32>, tensor<3xf32>) outs(%f : tensor<4xf32>) attrs = {solar.framework_op = "aten.avg_pool1d:pool"} {
  ^bb0(%a: f32, %unused: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
