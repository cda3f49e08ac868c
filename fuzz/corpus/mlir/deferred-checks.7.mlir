func.func @broadcast_deferred(%a: tensor<2x?xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %y:2 = sonnx.broadcast %a, %b : (tensor<2x?xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %y#0, %y#1 : tensor<2x3xf32>, tensor<2x3xf32>
}
