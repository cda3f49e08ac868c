func.func @dynamic_input(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0:2 = sonnx.broadcast %a, %b : (tensor<?x4xf32>, tensor<3x4xf32>) -> (tensor<?x4xf32>, tensor<3x4xf32>)
  return %0#1 : tensor<3x4xf32>
}
