func.func @bad_attr_type(%x: tensor<2xf32>, %s: tensor<1xi64>) {
  %0 = sonnx.reshape %x, %s {allowzero = "yes"} : (tensor<2xf32>, tensor<1xi64>) -> tensor<2xf32>
  return
}
