func.func @unranked(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
