func.func @static(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %y : tensor<2x12xf32>
}
