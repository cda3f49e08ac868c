func.func @main(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
