func.func @dynamic(%x: tensor<?x!sonnx.string>, %s: tensor<2xi64>) -> tensor<?x?x!sonnx.string> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %x, %a : (tensor<?x!sonnx.string>, tensor<1xi64>) -> tensor<1x?x!sonnx.string>
  %y = sonnx.expand %u, %s : (tensor<1x?x!sonnx.string>, tensor<2xi64>) -> tensor<?x?x!sonnx.string>
  return %y : tensor<?x?x!sonnx.string>
}
