// The linalg-on-tensors form torch-mlir exports for test/Import/Inputs/conv_bn_relu.py
// (Conv2d 3->4 3x3 pad 1 + BatchNorm2d eval + ReLU on 1x3x6x6), kept as
// text so that test/Pipeline/entry-points.test derives its other forms with
// upstream mlir-opt alone.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @forward(%arg0: tensor<1x3x6x6xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<i64>) -> tensor<1x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e-05 : f64
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst : f32
    } {solar.framework_op = "aten.conv2d.default:conv2d"} : tensor<1x3x6x6xf32> to tensor<1x3x8x8xf32>
    %0 = tensor.empty() {solar.framework_op = "aten.conv2d.default:conv2d"} : tensor<1x4x6x6xf32>
    %1 = linalg.fill {solar.framework_op = "aten.conv2d.default:conv2d"} ins(%cst : f32) outs(%0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, solar.framework_op = "aten.conv2d.default:conv2d", strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %3 = tensor.empty() {solar.framework_op = "aten.batch_norm.default:batch_norm"} : tensor<4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg5 : tensor<4xf32>) outs(%3 : tensor<4xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.truncf %cst_0 : f64 to f32
      %12 = arith.addf %in, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<4xf32>) outs(%3 : tensor<4xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %out: f32):
      %11 = math.rsqrt %in : f32
      linalg.yield %11 : f32
    } -> tensor<4xf32>
    %expanded = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [4, 1, 1] {solar.framework_op = "aten.batch_norm.default:batch_norm"} : tensor<4xf32> into tensor<4x1x1xf32>
    %expanded_1 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [4, 1, 1] {solar.framework_op = "aten.batch_norm.default:batch_norm"} : tensor<4xf32> into tensor<4x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) outs(%0 : tensor<1x4x6x6xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.subf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<1x4x6x6xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_1 : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) outs(%0 : tensor<1x4x6x6xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.mulf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<1x4x6x6xf32>
    %expanded_2 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [4, 1, 1] {solar.framework_op = "aten.batch_norm.default:batch_norm"} : tensor<4xf32> into tensor<4x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_2 : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) outs(%0 : tensor<1x4x6x6xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.mulf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<1x4x6x6xf32>
    %expanded_3 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [4, 1, 1] {solar.framework_op = "aten.batch_norm.default:batch_norm"} : tensor<4xf32> into tensor<4x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_3 : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) outs(%0 : tensor<1x4x6x6xf32>) attrs =  {solar.framework_op = "aten.batch_norm.default:batch_norm"} {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.addf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<1x4x6x6xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x4x6x6xf32>) outs(%0 : tensor<1x4x6x6xf32>) attrs =  {solar.framework_op = "aten.relu.default:relu"} {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.cmpf ugt, %in, %cst : f32
      %12 = arith.select %11, %in, %cst : f32
      linalg.yield %12 : f32
    } -> tensor<1x4x6x6xf32>
    return %10 : tensor<1x4x6x6xf32>
  }
}
