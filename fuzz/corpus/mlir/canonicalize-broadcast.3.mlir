func.func @all_identity(%a: tensor<2x3xf32>, %b: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<2x3xf32>, tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi1>
}
