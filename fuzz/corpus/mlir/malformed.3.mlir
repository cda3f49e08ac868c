func.func @bad_mapping_type(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  %0 = sonnx.expand %x, %s {axes_mapping = [1]} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}
