func.func @identity_flatten_axis0(%x: tensor<1x5xi8>) -> tensor<1x5xi8> {
  %0 = sonnx.flatten %x {axis = -2 : i64} : (tensor<1x5xi8>) -> tensor<1x5xi8>
  return %0 : tensor<1x5xi8>
}
