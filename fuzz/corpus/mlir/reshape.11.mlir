func.func @declared_length(%x: tensor<6xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
