func.func @merge_unsqueezes(%x: tensor<?x3xf32>) -> tensor<1x1x?x3x1xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<1x?x3xf32>
  %b = arith.constant dense<[-1, 1]> : tensor<2xi64>
  %1 = sonnx.unsqueeze %0, %b : (tensor<1x?x3xf32>, tensor<2xi64>) -> tensor<1x1x?x3x1xf32>
  return %1 : tensor<1x1x?x3x1xf32>
}
