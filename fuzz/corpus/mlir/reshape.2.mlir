func.func @not_reassociative(%x: tensor<2x3xi4>) -> tensor<3x2xi4> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xi4>, tensor<2xi64>) -> tensor<3x2xi4>
  return %y : tensor<3x2xi4>
}
