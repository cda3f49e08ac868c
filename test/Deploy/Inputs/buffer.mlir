// An expand whose result is reshaped into an output: its buffer is an
// intermediate (test/Deploy/static-storage.test).
func.func @main(%x: tensor<2x3xf32>) -> tensor<6x4xf32> {
  %shape = arith.constant dense<[4, 2, 3]> : tensor<3xi64>
  %b = sonnx.expand %x, %shape : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  %rows = arith.constant dense<[6, 4]> : tensor<2xi64>
  %t = sonnx.reshape %b, %rows : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %t : tensor<6x4xf32>
}
