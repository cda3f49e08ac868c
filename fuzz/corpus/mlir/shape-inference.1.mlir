func.func @dynamic(%x: tensor<?x3x4xf32>) -> tensor<*xf32> {
  %s = arith.constant dense<[0, 12]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %a = arith.constant dense<[-1]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %0, %a : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
