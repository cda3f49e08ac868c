func.func @unsqueeze_runtime_axes(%x: tensor<2x3xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}
