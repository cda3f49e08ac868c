func.func @extreme_flatten_axis(%x: tensor<3x4xf32>) {
  %0 = sonnx.flatten %x {axis = -9223372036854775808 : i64} : (tensor<3x4xf32>) -> tensor<1x12xf32>
  return
}
