func.func @dynamic(%x: tensor<?x4xsi8>) -> tensor<?x1x1x4xsi8> {
  %a = arith.constant dense<[2, 1]> : tensor<2xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<?x4xsi8>, tensor<2xi64>) -> tensor<?x1x1x4xsi8>
  return %y : tensor<?x1x1x4xsi8>
}
