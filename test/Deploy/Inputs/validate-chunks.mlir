// 300 int8 elements, whose indices take two 8-bit chunks
// (test/Deploy/validate.test): the input broadcast to 4 rows.
func.func @main(%x: tensor<300xi8>) -> tensor<4x300xi8> {
  %s = arith.constant dense<[4, 300]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<300xi8>, tensor<2xi64>) -> tensor<4x300xi8>
  return %y : tensor<4x300xi8>
}
