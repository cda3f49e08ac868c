func.func @zero_size_dynamic(%x: tensor<?x0xf64>) -> tensor<?x0xf64> {
  %s = arith.constant dense<[0, 0]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x0xf64>, tensor<2xi64>) -> tensor<?x0xf64>
  return %y : tensor<?x0xf64>
}
