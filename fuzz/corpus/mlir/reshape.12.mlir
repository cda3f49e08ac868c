func.func @unranked(%x: tensor<2x3xcomplex<f64>>, %s: tensor<?xi64>) -> tensor<*xcomplex<f64>> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xcomplex<f64>>, tensor<?xi64>) -> tensor<*xcomplex<f64>>
  return %y : tensor<*xcomplex<f64>>
}
