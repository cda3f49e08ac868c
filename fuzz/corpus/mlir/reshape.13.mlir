func.func @scalar(%x: tensor<i1>) -> tensor<i1> {
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<i1>, tensor<2xi64>) -> tensor<1x1xi1>
  %e = arith.constant dense<> : tensor<0xi64>
  %z = sonnx.reshape %y, %e : (tensor<1x1xi1>, tensor<0xi64>) -> tensor<i1>
  return %z : tensor<i1>
}
