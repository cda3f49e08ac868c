func.func @scalar(%x: tensor<ui8>) -> tensor<2x2xui8> {
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<ui8>, tensor<2xi64>) -> tensor<2x2xui8>
  return %y : tensor<2x2xui8>
}
