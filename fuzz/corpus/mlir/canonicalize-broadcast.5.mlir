func.func @one_used(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<?x?xf32> {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %0#0 : tensor<?x?xf32>
}
