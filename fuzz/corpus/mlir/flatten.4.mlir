func.func @scalar(%x: tensor<i8>) -> tensor<1x1xi8> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<i8>) -> tensor<1x1xi8>
  return %y : tensor<1x1xi8>
}
