// A scatter whose indices and window leave dimension 1 of the 5x6x4
// original unaddressed (TMTensor's scalar implementation would leave that
// subscript undefined).
func.func @forward(%updates: tensor<3x4xf32>, %idx: tensor<3x1xi64>, %original: tensor<5x6x4xf32>) -> tensor<5x6x4xf32> {
  %0 = "tm_tensor.scatter"(%updates, %idx, %original) <{dimension_map = array<i64: 0>, unique_indices = false, operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%update: f32, %current: f32):
    "tm_tensor.yield"(%update) : (f32) -> ()
  }) : (tensor<3x4xf32>, tensor<3x1xi64>, tensor<5x6x4xf32>) -> tensor<5x6x4xf32>
  return %0 : tensor<5x6x4xf32>
}
