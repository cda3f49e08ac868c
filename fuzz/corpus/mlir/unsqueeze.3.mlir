func.func @zero_size(%x: tensor<0x5xi1>) -> tensor<0x5x1xi1> {
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<0x5xi1>, tensor<1xi64>) -> tensor<0x5x1xi1>
  return %y : tensor<0x5x1xi1>
}
