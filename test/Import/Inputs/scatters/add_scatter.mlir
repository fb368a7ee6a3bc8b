// A scatter-add (torch's index_add_ along dim 0, an embedding's weight
// gradient): out = original; out[idx[b], w] += updates[b, w] for b < 3,
// w < 4.
func.func @forward(%updates: tensor<3x4xf32>, %idx: tensor<3x1xi32>, %original: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %0 = "tm_tensor.scatter"(%updates, %idx, %original) <{dimension_map = array<i64: 0>, unique_indices = false, operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%update: f32, %current: f32):
    %1 = arith.addf %update, %current : f32
    "tm_tensor.yield"(%1) : (f32) -> ()
  }) : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<5x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
