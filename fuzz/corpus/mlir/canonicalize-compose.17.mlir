func.func @no_merge_expand_promise(%x: tensor<?x1xf32>) -> tensor<2x5x4xf32> {
  %s1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s1 : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<5x4xf32>
  %s2 = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %1 = sonnx.expand %0, %s2 : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<2x5x4xf32>
  return %1 : tensor<2x5x4xf32>
}
