func.func @identity_allowzero(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %s = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}
