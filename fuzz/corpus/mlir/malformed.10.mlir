func.func @extreme_expand(%x: tensor<1x3xf32>) {
  %s = arith.constant dense<[9223372036854775807, 1]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<9223372036854775807x2xf32>
  return
}
