func.func @axis_rank(%x: tensor<5xi16>) -> tensor<5x1xi16> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<5xi16>) -> tensor<5x1xi16>
  return %y : tensor<5x1xi16>
}
