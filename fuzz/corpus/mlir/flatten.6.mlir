func.func @zero_size_dynamic(%x: tensor<?x0x4xf32>) -> tensor<0x4xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x0x4xf32>) -> tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}
