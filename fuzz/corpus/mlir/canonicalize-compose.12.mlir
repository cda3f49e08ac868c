func.func @no_merge_runtime_axes(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<1x1x2x3xf32> {
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  %b = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %0, %b : (tensor<?x?x?xf32>, tensor<1xi64>) -> tensor<1x1x2x3xf32>
  return %1 : tensor<1x1x2x3xf32>
}
