func.func @identity_then_expand(%a: tensor<3x4xf32>, %b: tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x4xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi8>
}
