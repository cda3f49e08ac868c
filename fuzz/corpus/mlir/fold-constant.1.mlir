func.func @fold_expand_axes_mapping() -> tensor<2x3x2xi64> {
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %s = arith.constant dense<[2, 3, 2]> : tensor<3xi64>
  %0 = sonnx.expand %c, %s {axes_mapping = array<i64: 1>} : (tensor<3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}
