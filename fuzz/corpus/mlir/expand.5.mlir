func.func @mapping_runtime(%x: tensor<3x?xf32>, %s: tensor<3xi64>) -> tensor<3x?x?xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 0, 2>} : (tensor<3x?xf32>, tensor<3xi64>) -> tensor<3x?x?xf32>
  return %y : tensor<3x?x?xf32>
}
