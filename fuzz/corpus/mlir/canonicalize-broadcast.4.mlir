func.func @single_input(%a: tensor<0x3x!sonnx.string>) -> tensor<0x3x!sonnx.string> {
  %0 = sonnx.broadcast %a : (tensor<0x3x!sonnx.string>) -> tensor<0x3x!sonnx.string>
  return %0 : tensor<0x3x!sonnx.string>
}
