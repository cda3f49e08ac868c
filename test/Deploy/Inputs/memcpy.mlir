// Two outputs of 4096 elements: the reshape is a copy (a memcpy call), the
// expand of a row into 64 rows vector row copies (test/Deploy/budget.test).
func.func @main(%x: tensor<64x64xf32>, %r: tensor<64xf32>) -> (tensor<4096xf32>, tensor<64x64xf32>) {
  %shape = arith.constant dense<[4096]> : tensor<1xi64>
  %y = sonnx.reshape %x, %shape : (tensor<64x64xf32>, tensor<1xi64>) -> tensor<4096xf32>
  %s2 = arith.constant dense<[64, 64]> : tensor<2xi64>
  %e = sonnx.expand %r, %s2 : (tensor<64xf32>, tensor<2xi64>) -> tensor<64x64xf32>
  return %y, %e : tensor<4096xf32>, tensor<64x64xf32>
}
