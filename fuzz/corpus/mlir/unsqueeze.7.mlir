func.func @declared_length(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
