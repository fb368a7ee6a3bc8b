// linalg.generic: an elementwise op (x * y + x) and a row reduction (sum
// over j), on tensors.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s --check-prefix=LOWER
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// LOWER-LABEL: func.func @elementwise_then_rowsum(
// LOWER-SAME: %[[X:[^:]*]]: memref<6x10xf32>, %[[Y:[^:]*]]: memref<6x10xf32>, %[[S:[^:]*]]: memref<6xf32>) {
// LOWER: %[[T:.*]] = memref.alloc() {{.*}} : memref<6x10xf32>
// LOWER: affine.for %[[I:.*]] = 0 to 6 {
// LOWER-NEXT: affine.for %[[J:.*]] = 0 to 10 {
// LOWER-NEXT: %[[A:.*]] = affine.load %[[X]][%[[I]], %[[J]]]
// LOWER-NEXT: %[[B:.*]] = affine.load %[[Y]][%[[I]], %[[J]]]
// LOWER-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]]
// LOWER-NEXT: %[[P:.*]] = arith.addf %[[M]], %[[A]]
// LOWER-NEXT: affine.store %[[P]], %[[T]][%[[I]], %[[J]]]
// The zero fill of the accumulator, then the reduction into the out-param.
// LOWER: affine.for %[[I2:.*]] = 0 to 6 {
// LOWER-NEXT: affine.store %{{.*}}, %[[S]][%[[I2]]]
// LOWER: affine.for %[[I3:.*]] = 0 to 6 {
// LOWER-NEXT: affine.for %[[J3:.*]] = 0 to 10 {
// LOWER-NEXT: affine.load %[[T]][%[[I3]], %[[J3]]]
// LOWER-NEXT: affine.load %[[S]][%[[I3]]]
// LOWER-NEXT: arith.addf
// LOWER-NEXT: affine.store %{{.*}}, %[[S]][%[[I3]]]
// LOWER-NOT: linalg

// elementwise: 2 FLOPs (mul, add) x 6*10 = 120; reduction: 1 add x 60 = 60;
// the fill computes nothing: 180 FLOPs.
// SOL: solar.sol = #solar.sol<{{.*}} flops = 180 : i64
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @elementwise_then_rowsum(%x: tensor<6x10xf32>, %y: tensor<6x10xf32>) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<6x10xf32>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<6x10xf32>, tensor<6x10xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %p = arith.addf %m, %a : f32
    linalg.yield %p : f32
  } -> tensor<6x10xf32>
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%se : tensor<6xf32>) -> tensor<6xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<6x10xf32>) outs(%init : tensor<6xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  return %s : tensor<6xf32>
}
