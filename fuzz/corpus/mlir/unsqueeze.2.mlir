func.func @scalar(%x: tensor<f64>) -> tensor<1xf64> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<f64>, tensor<1xi64>) -> tensor<1xf64>
  return %y : tensor<1xf64>
}
