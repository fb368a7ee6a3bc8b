// Inputs/mlp.py exported by torch-mlir, with the ReLU made the identity.
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<2x8xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<16xf32>, %arg3: tensor<4x16xf32>, %arg4: tensor<4xf32>) -> tensor<2x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<2x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<2x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<16xf32>) outs(%1 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%1 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %13 = arith.addf %in, %in_1 : f32
      linalg.yield %13 : f32
    } -> tensor<2x16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2x16xf32>) outs(%1 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16xf32>
    %7 = tensor.empty() : tensor<16x4xf32>
    %transposed_0 = linalg.transpose ins(%arg3 : tensor<4x16xf32>) outs(%7 : tensor<16x4xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<2x4xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<2x4xf32>) -> tensor<2x4xf32>
    %10 = linalg.matmul ins(%6, %transposed_0 : tensor<2x16xf32>, tensor<16x4xf32>) outs(%9 : tensor<2x4xf32>) -> tensor<2x4xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<4xf32>) outs(%8 : tensor<2x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%8 : tensor<2x4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %13 = arith.addf %in, %in_1 : f32
      linalg.yield %13 : f32
    } -> tensor<2x4xf32>
    return %12 : tensor<2x4xf32>
  }
}
