// linalg.matmul on memrefs needs no bufferization: only the linalg ->
// affine step changes it.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// LOWER-LABEL: func.func @matmul(
// LOWER-SAME: %[[A:[^:]*]]: memref<3x5xf32>, %[[B:[^:]*]]: memref<5x7xf32>, %[[C:[^:]*]]: memref<3x7xf32>) {
// LOWER-NEXT: affine.for %[[I:.*]] = 0 to 3 {
// LOWER-NEXT: affine.for %[[J:.*]] = 0 to 7 {
// LOWER-NEXT: affine.for %[[K:.*]] = 0 to 5 {
// LOWER-NEXT: affine.load %[[A]][%[[I]], %[[K]]]
// LOWER-NEXT: affine.load %[[B]][%[[K]], %[[J]]]
// LOWER-NEXT: affine.load %[[C]][%[[I]], %[[J]]]
// LOWER-NEXT: arith.mulf
// LOWER-NEXT: arith.addf
// LOWER-NEXT: affine.store %{{.*}}, %[[C]][%[[I]], %[[J]]]
// LOWER-NOT: linalg

// 2*M*N*K = 2*3*7*5 = 210 FLOPs.
// SOL: solar.sol = #solar.sol<{{.*}} flops = 210 : i64
func.func @matmul(%a: memref<3x5xf32>, %b: memref<5x7xf32>, %c: memref<3x7xf32>) {
  linalg.matmul ins(%a, %b : memref<3x5xf32>, memref<5x7xf32>) outs(%c : memref<3x7xf32>)
  return
}
