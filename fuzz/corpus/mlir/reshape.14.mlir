func.func @zero_size(%x: tensor<0x3xbf16>) -> tensor<3x0xbf16> {
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xbf16>, tensor<2xi64>) -> tensor<3x0xbf16>
  return %y : tensor<3x0xbf16>
}
