func.func @axis_zero(%x: tensor<2x3xbf16>) -> tensor<1x6xbf16> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3xbf16>) -> tensor<1x6xbf16>
  return %y : tensor<1x6xbf16>
}
