func.func @zero_size(%x: tensor<0x3x4xf32>) -> tensor<0x4xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<0x3x4xf32>) -> tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}
