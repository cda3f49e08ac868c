func.func @padded_length(%x: tensor<3x1xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
