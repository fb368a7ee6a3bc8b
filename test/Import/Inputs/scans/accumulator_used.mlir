// A tm_tensor.scan whose accumulator result (the last value) is used.
func.func @forward(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = tensor.empty() : tensor<4xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
  %4:2 = "tm_tensor.scan"(%arg0, %1, %3) <{dimension = 1 : i64, inclusive = false, operandSegmentSizes = array<i32: 1, 2>}> ({
  ^bb0(%a: f32, %b: f32):
    %5 = arith.addf %a, %b : f32
    "tm_tensor.yield"(%5) : (f32) -> ()
  }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>)
  return %4#1 : tensor<4xf32>
}
