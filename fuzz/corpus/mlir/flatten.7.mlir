func.func @declared(%x: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
