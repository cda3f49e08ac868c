func.func @mapping(%x: tensor<3xi1>) -> tensor<2x3x4x5xi1> {
  %s = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xi1>, tensor<4xi64>) -> tensor<2x3x4x5xi1>
  return %y : tensor<2x3x4x5xi1>
}
