func.func @dynamic(%x: tensor<2x?x4xf32>) -> tensor<?x4xf32> {
  %y = sonnx.flatten %x {axis = -1 : i64} : (tensor<2x?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
