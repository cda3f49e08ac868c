func.func @truncated(%x: tensor<3xf32>) {
  %0 = sonnx.flatten %x {axis = 0 : i64}
}
