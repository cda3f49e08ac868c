func.func @all_decided(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %s = arith.constant dense<[6, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}
