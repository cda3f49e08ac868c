// Modules that sonnx-compile refuses (test/Deploy/errors.test), one per
// function, compiled with --function.
func.func @dynamic_input(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}
func.func @dynamic_value(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<6xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %f = arith.constant dense<[6]> : tensor<1xi64>
  %z = sonnx.reshape %y, %f : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %z : tensor<6xf32>
}
func.func @shape_argument(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
func.func @strings(%x: tensor<2x!sonnx.string>) -> tensor<2x!sonnx.string> {
  return %x : tensor<2x!sonnx.string>
}
func.func @complex(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  return %x : tensor<2xcomplex<f32>>
}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}
func.func @nothing() {
  return
}
