func.func @shared_producer(%x: tensor<2x3xf32>) -> (tensor<1x2x3xf32>, tensor<6xf32>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  %1 = sonnx.reshape %0, %s : (tensor<1x2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %0, %1 : tensor<1x2x3xf32>, tensor<6xf32>
}
