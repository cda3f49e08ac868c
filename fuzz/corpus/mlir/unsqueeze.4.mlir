func.func @declared(%x: tensor<?xf32>) -> tensor<1x3xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<?xf32>, tensor<1xi64>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}
