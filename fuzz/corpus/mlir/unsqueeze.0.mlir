func.func @constant_axes(%x: tensor<3x4xf32>) -> tensor<1x3x4x1xf32> {
  %a = arith.constant dense<[0, -1]> : tensor<2xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
  return %y : tensor<1x3x4x1xf32>
}
