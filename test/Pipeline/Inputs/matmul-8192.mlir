// 8192^3 matmul on tensors: 2*8192^3 = 2^41 FLOPs would be; 8192^3 = 2^39
// MACs, 2^40 FLOPs.
func.func @big(%a: tensor<8192x8192xf32>, %b: tensor<8192x8192xf32>, %c: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8192x8192xf32>, tensor<8192x8192xf32>) outs(%c : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
