func.func @bad_axis_type(%x: tensor<2x3xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
