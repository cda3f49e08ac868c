func.func @zero_size(%x: tensor<1x3xf64>) -> tensor<0x3xf64> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x3xf64>, tensor<2xi64>) -> tensor<0x3xf64>
  return %y : tensor<0x3xf64>
}
