func.func @reshape_complex(%x: tensor<2x2xcomplex<f32>>, %y: tensor<4xcomplex<f64>>) {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x2xcomplex<f32>>, tensor<1xi64>) -> tensor<4xcomplex<f32>>
  %t = arith.constant dense<2> : tensor<2xi64>
  %1 = sonnx.reshape %y, %t : (tensor<4xcomplex<f64>>, tensor<2xi64>) -> tensor<2x2xcomplex<f64>>
  return
}
