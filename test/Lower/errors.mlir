// What has no deterministic lowering is named, with its location.
// RUN: not solar-opt %s --split-input-file --solar-sol=H100_SXM 2>&1 | FileCheck %s

// CHECK: errors.mlir:[[@LINE+3]]:8: error: solar-lower-to-affine: 'linalg.softmax' has no deterministic lowering to affine loops
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// A solar analysis pass anchored below the module cannot bufferize.
// RUN: not solar-opt %s --pass-pipeline='builtin.module(func.func(solar-einsum-graph))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: 'linalg.matmul' is not affine: run solar's analysis passes at builtin.module level
func.func @nested(%a: memref<2x2xf32>, %c: memref<2x2xf32>) {
  linalg.matmul ins(%a, %a : memref<2x2xf32>, memref<2x2xf32>) outs(%c : memref<2x2xf32>)
  return
}
