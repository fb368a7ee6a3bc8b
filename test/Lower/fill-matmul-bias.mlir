// The chain torch-mlir emits for nn.Linear: fill (zero init) + matmul +
// bias broadcast add, on tensors.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// The accumulator is the out-parameter itself (hoisted allocation): fill,
// matmul and bias add all write %[[Y]], no temporary and no copy.
// LOWER-LABEL: func.func @linear(
// LOWER-SAME: %[[X:[^:]*]]: memref<4x8xf32>, %[[W:[^:]*]]: memref<8x16xf32>, %[[B:[^:]*]]: memref<16xf32>, %[[Y:[^:]*]]: memref<4x16xf32>) {
// LOWER-NOT: memref.alloc
// LOWER: affine.store %{{.*}}, %[[Y]]
// LOWER: affine.for {{.*}} = 0 to 8 {
// LOWER: affine.store %{{.*}}, %[[Y]]
// LOWER: affine.load %[[Y]][%[[I:.*]], %[[J:.*]]]
// LOWER-NEXT: affine.load %[[B]][%[[J]]]
// LOWER-NEXT: arith.addf
// LOWER-NEXT: affine.store %{{.*}}, %[[Y]][%[[I]], %[[J]]]
// LOWER-NOT: linalg
// LOWER-NOT: memref.copy

// matmul 2*4*16*8 = 1024, bias 4*16 = 64 adds, fill 0: 1088 FLOPs.
// SOL: solar.sol = #solar.sol<{{.*}} flops = 1088 : i64
func.func @linear(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
