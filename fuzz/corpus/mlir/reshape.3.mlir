func.func @copy_dynamic(%x: tensor<?x4xui8>) -> tensor<?x2x2xui8> {
  %s = arith.constant dense<[0, 2, -1]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x4xui8>, tensor<3xi64>) -> tensor<?x2x2xui8>
  return %y : tensor<?x2x2xui8>
}
