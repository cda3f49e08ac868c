func.func @runtime_zero_index(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
