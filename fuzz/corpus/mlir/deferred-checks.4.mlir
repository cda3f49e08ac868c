func.func @dynamic_input(%x: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %s = arith.constant dense<[-1, 2, 2]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x2x2xf32>
  return %y : tensor<?x2x2xf32>
}
