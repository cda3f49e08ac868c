func.func @runtime_shape_declared(%x: tensor<2x3xf32>, %s: tensor<3xi64>) -> tensor<?x3x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  return %y : tensor<?x3x?xf32>
}
