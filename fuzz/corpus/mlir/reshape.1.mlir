func.func @expand(%x: tensor<6x4xf16>) -> tensor<2x3x4xf16> {
  %s = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<6x4xf16>, tensor<3xi64>) -> tensor<2x3x4xf16>
  return %y : tensor<2x3x4xf16>
}
