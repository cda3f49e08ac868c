func.func @declared(%x: tensor<1x1xf32>, %s: tensor<2xi64>) -> tensor<?x5xf32> {
  %y = sonnx.expand %x, %s : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}
