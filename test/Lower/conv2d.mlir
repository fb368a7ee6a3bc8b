// linalg.conv_2d_nchw_fchw on tensors: N=1, C=3, H=W=6 input, F=2 filters
// of 3x3, stride 1, no padding -> 1x2x4x4 output.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// LOWER-LABEL: func.func @conv(
// LOWER-SAME: %[[IN:[^:]*]]: memref<1x3x6x6xf32>, %[[W:[^:]*]]: memref<2x3x3x3xf32>, %[[OUT:[^:]*]]: memref<1x2x4x4xf32>) {
// The zero fill first, then the convolution nest.
// LOWER: affine.store %{{.*}}, %[[OUT]]
// LOWER: affine.for %[[N:.*]] = 0 to 1 {
// LOWER-NEXT: affine.for %[[F:.*]] = 0 to 2 {
// LOWER-NEXT: affine.for %[[OH:.*]] = 0 to 4 {
// LOWER-NEXT: affine.for %[[OW:.*]] = 0 to 4 {
// LOWER-NEXT: affine.for %[[C:.*]] = 0 to 3 {
// LOWER-NEXT: affine.for %[[KH:.*]] = 0 to 3 {
// LOWER-NEXT: affine.for %[[KW:.*]] = 0 to 3 {
// LOWER-NEXT: affine.load %[[IN]][%[[N]], %[[C]], %[[OH]] + %[[KH]], %[[OW]] + %[[KW]]]
// LOWER-NEXT: affine.load %[[W]][%[[F]], %[[C]], %[[KH]], %[[KW]]]
// LOWER-NEXT: affine.load %[[OUT]][%[[N]], %[[F]], %[[OH]], %[[OW]]]
// LOWER-NEXT: arith.mulf
// LOWER-NEXT: arith.addf
// LOWER-NEXT: affine.store %{{.*}}, %[[OUT]][%[[N]], %[[F]], %[[OH]], %[[OW]]]
// LOWER-NOT: linalg

// 2 * (N*F*OH*OW) * (C*KH*KW) = 2 * 32 * 27 = 1728 FLOPs.
// SOL: solar.sol = #solar.sol<{{.*}} flops = 1728 : i64
func.func @conv(%in: tensor<1x3x6x6xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x3x6x6xf32>, tensor<2x3x3x3xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
