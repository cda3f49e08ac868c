func.func @constant(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %s = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}
