func.func @runtime_axes_ones(%x: tensor<1xi64>, %a: tensor<2xi64>) -> tensor<?x?x?xi64> {
  %y = sonnx.unsqueeze %x, %a : (tensor<1xi64>, tensor<2xi64>) -> tensor<?x?x?xi64>
  return %y : tensor<?x?x?xi64>
}
