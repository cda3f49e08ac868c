// A bfloat16 size-1 dimension and a double vector broadcast, for the C
// output of bit-moves.test: moved as uint16_t and uint64_t.
func.func @main(%x: tensor<3x1xbf16>, %y: tensor<2xf64>) -> (tensor<2x3x5xbf16>, tensor<4x2xf64>) {
  %s = arith.constant dense<[2, 3, 5]> : tensor<3xi64>
  %a = sonnx.expand %x, %s : (tensor<3x1xbf16>, tensor<3xi64>) -> tensor<2x3x5xbf16>
  %t = arith.constant dense<[4, 2]> : tensor<2xi64>
  %b = sonnx.expand %y, %t : (tensor<2xf64>, tensor<2xi64>) -> tensor<4x2xf64>
  return %a, %b : tensor<2x3x5xbf16>, tensor<4x2xf64>
}
