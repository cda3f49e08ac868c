func.func @runtime(%x: tensor<3x1xf16>, %s: tensor<3xi64>) -> tensor<?x3x?xf16> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf16>, tensor<3xi64>) -> tensor<?x3x?xf16>
  return %y : tensor<?x3x?xf16>
}
