func.func @runtime_shape_allowzero(%x: tensor<2x3xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
