func.func @unknown_op(%x: tensor<3xf32>) {
  %0 = sonnx.squeeze %x : tensor<3xf32>
  return
}
