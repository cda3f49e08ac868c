func.func @declared_length(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<?x3xf32> {
  %y = sonnx.expand %x, %s : (tensor<3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
