func.func @across_allowzero(%x: tensor<2x0x3xf32>) -> tensor<0x3xf32> {
  %s = arith.constant dense<[0, 3, 0]> : tensor<3xi64>
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<2x0x3xf32>, tensor<3xi64>) -> tensor<0x3x0xf32>
  %t = arith.constant dense<[0, 0]> : tensor<2xi64>
  %1 = sonnx.reshape %0, %t : (tensor<0x3x0xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  return %1 : tensor<0x3xf32>
}
