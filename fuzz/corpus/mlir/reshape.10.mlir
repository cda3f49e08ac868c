func.func @declared(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
