func.func @static_unsqueezes(%x: tensor<2x3xf32>) -> tensor<2x1x1x3xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
  %1 = sonnx.unsqueeze %0, %a : (tensor<2x1x3xf32>, tensor<1xi64>) -> tensor<2x1x1x3xf32>
  return %1 : tensor<2x1x1x3xf32>
}
