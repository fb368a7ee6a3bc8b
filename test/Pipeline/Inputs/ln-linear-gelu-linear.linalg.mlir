#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 8.000000e+00 : f64
    %cst_5 = arith.constant 8.000000e+00 : f32
    %cst_6 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() {solar.framework_op = "aten.layer_norm.default:layer_norm"} : tensor<4x8xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %out: f64):
      %34 = arith.extf %in : f32 to f64
      linalg.yield %34 : f64
    } -> tensor<4x8xf64>
    %2 = tensor.empty() {solar.framework_op = "aten.layer_norm.default:layer_norm"} : tensor<4x1xf64>
    %3 = linalg.fill {solar.framework_op = "aten.layer_norm.default:layer_norm"} ins(%cst : f64) outs(%2 : tensor<4x1xf64>) -> tensor<4x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x8xf64>) outs(%3 : tensor<4x1xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %out: f64):
      %34 = arith.addf %in, %out : f64
      linalg.yield %34 : f64
    } -> tensor<4x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x1xf64>) outs(%2 : tensor<4x1xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %out: f64):
      %34 = arith.divf %in, %cst_4 : f64
      linalg.yield %34 : f64
    } -> tensor<4x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<4x8xf64>, tensor<4x1xf64>) outs(%0 : tensor<4x8xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %in_8: f64, %out: f64):
      %34 = arith.subf %in, %in_8 : f64
      linalg.yield %34 : f64
    } -> tensor<4x8xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<4x8xf64>, tensor<4x8xf64>) outs(%0 : tensor<4x8xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %in_8: f64, %out: f64):
      %34 = arith.mulf %in, %in_8 : f64
      linalg.yield %34 : f64
    } -> tensor<4x8xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<4x8xf64>) outs(%3 : tensor<4x1xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %out: f64):
      %34 = arith.addf %in, %out : f64
      linalg.yield %34 : f64
    } -> tensor<4x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x1xf64>) outs(%2 : tensor<4x1xf64>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %out: f64):
      %34 = arith.divf %in, %cst_4 : f64
      linalg.yield %34 : f64
    } -> tensor<4x1xf64>
    %10 = tensor.empty() {solar.framework_op = "aten.layer_norm.default:layer_norm"} : tensor<4x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x1xf64>) outs(%10 : tensor<4x1xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f64, %out: f32):
      %34 = arith.truncf %in : f64 to f32
      linalg.yield %34 : f32
    } -> tensor<4x1xf32>
    %12 = linalg.fill {solar.framework_op = "aten.layer_norm.default:layer_norm"} ins(%cst_0 : f32) outs(%10 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%12 : tensor<4x1xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.addf %in, %out : f32
      linalg.yield %34 : f32
    } -> tensor<4x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x1xf32>) outs(%10 : tensor<4x1xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.divf %in, %cst_5 : f32
      linalg.yield %34 : f32
    } -> tensor<4x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x1xf32>) outs(%10 : tensor<4x1xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.truncf %cst_3 : f64 to f32
      %35 = arith.addf %in, %34 : f32
      linalg.yield %35 : f32
    } -> tensor<4x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<4x1xf32>) outs(%10 : tensor<4x1xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %out: f32):
      %34 = math.rsqrt %in : f32
      linalg.yield %34 : f32
    } -> tensor<4x1xf32>
    %17 = tensor.empty() {solar.framework_op = "aten.layer_norm.default:layer_norm"} : tensor<4x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %14 : tensor<4x8xf32>, tensor<4x1xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.subf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%18, %16 : tensor<4x8xf32>, tensor<4x1xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.mulf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x8xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%19, %arg1 : tensor<4x8xf32>, tensor<8xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.mulf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x8xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%20, %arg2 : tensor<4x8xf32>, tensor<8xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.layer_norm.default:layer_norm"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.addf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x8xf32>
    %22 = tensor.empty() {solar.framework_op = "aten.linear.default:linear"} : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<16x8xf32>) outs(%22 : tensor<8x16xf32>) permutation = [1, 0]  {solar.framework_op = "aten.linear.default:linear"}
    %23 = tensor.empty() {solar.framework_op = "aten.linear.default:linear"} : tensor<4x16xf32>
    %24 = linalg.fill {solar.framework_op = "aten.linear.default:linear"} ins(%cst_0 : f32) outs(%23 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %25 = linalg.matmul {solar.framework_op = "aten.linear.default:linear"} ins(%21, %transposed : tensor<4x8xf32>, tensor<8x16xf32>) outs(%24 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<16xf32>) outs(%23 : tensor<4x16xf32>) attrs =  {solar.framework_op = "aten.linear.default:linear"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%23 : tensor<4x16xf32>) attrs =  {solar.framework_op = "aten.linear.default:linear"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.addf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x16xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<4x16xf32>) outs(%23 : tensor<4x16xf32>) attrs =  {solar.framework_op = "aten.gelu.default:gelu"} {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.divf %in, %cst_6 : f32
      %35 = math.erf %34 : f32
      %36 = arith.addf %35, %cst_1 : f32
      %37 = arith.mulf %36, %cst_2 : f32
      %38 = arith.mulf %in, %37 : f32
      linalg.yield %38 : f32
    } -> tensor<4x16xf32>
    %29 = tensor.empty() {solar.framework_op = "aten.linear.default:linear_1"} : tensor<16x8xf32>
    %transposed_7 = linalg.transpose ins(%arg5 : tensor<8x16xf32>) outs(%29 : tensor<16x8xf32>) permutation = [1, 0]  {solar.framework_op = "aten.linear.default:linear_1"}
    %30 = linalg.fill {solar.framework_op = "aten.linear.default:linear_1"} ins(%cst_0 : f32) outs(%17 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %31 = linalg.matmul {solar.framework_op = "aten.linear.default:linear_1"} ins(%28, %transposed_7 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%30 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %32 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<8xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.linear.default:linear_1"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %33 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%17 : tensor<4x8xf32>) attrs =  {solar.framework_op = "aten.linear.default:linear_1"} {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %34 = arith.addf %in, %in_8 : f32
      linalg.yield %34 : f32
    } -> tensor<4x8xf32>
    return %33 : tensor<4x8xf32>
  }
}
