func.func @infer_exact(%x: tensor<?x6xf32>) -> tensor<?x3x2xf32> {
  %s = arith.constant dense<[-1, 3, 2]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x3x2xf32>
  return %y : tensor<?x3x2xf32>
}
