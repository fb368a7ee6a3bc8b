// linalg.matmul on tensors: bufferized across the function boundary, the
// result becomes an out-parameter (destination-passing style) and the
// matmul an affine loop nest. Bufferization writes the matmul into its init
// operand %c in place (function arguments are writable), so returning it is
// a copy into the out-parameter: memref.copy becomes a loop nest too.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-lower-to-affine)' | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// LOWER-LABEL: func.func @matmul(
// LOWER-SAME: %[[A:[^:]*]]: memref<4x8xf32>, %[[B:[^:]*]]: memref<8x16xf32>, %[[C:[^:]*]]: memref<4x16xf32>, %[[OUT:[^:]*]]: memref<4x16xf32>) {
// LOWER-NOT: tensor
// LOWER: affine.for %[[I:.*]] = 0 to 4 {
// LOWER-NEXT: affine.for %[[J:.*]] = 0 to 16 {
// LOWER-NEXT: affine.for %[[K:.*]] = 0 to 8 {
// LOWER-NEXT: affine.load %[[A]][%[[I]], %[[K]]] : memref<4x8xf32>
// LOWER-NEXT: affine.load %[[B]][%[[K]], %[[J]]] : memref<8x16xf32>
// LOWER-NEXT: affine.load %[[C]][%[[I]], %[[J]]] : memref<4x16xf32>
// LOWER-NEXT: arith.mulf
// LOWER-NEXT: arith.addf
// LOWER-NEXT: affine.store %{{.*}}, %[[C]][%[[I]], %[[J]]] : memref<4x16xf32>
// LOWER: affine.for %[[I2:.*]] = 0 to 4 {
// LOWER-NEXT: affine.for %[[J2:.*]] = 0 to 16 {
// LOWER-NEXT: %[[V:.*]] = affine.load %[[C]][%[[I2]], %[[J2]]]
// LOWER-NEXT: affine.store %[[V]], %[[OUT]][%[[I2]], %[[J2]]]
// LOWER: return
// LOWER-NOT: linalg

// 2*M*N*K = 2*4*16*8 = 1024 FLOPs (a multiply and an add per MAC); the
// copy computes nothing.
// SOL: solar.sol = #solar.sol<{{.*}} flops = 1024 : i64
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
