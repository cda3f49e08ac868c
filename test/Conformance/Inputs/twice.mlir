// One value returned twice, and two ops that CSE merges: each result has a
// destination of its own in the aot mode (test/Conformance/aot.test).
func.func @main(%b: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %s = arith.constant dense<[3, 1]> : tensor<2xi64>
  %t = sonnx.expand %b, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %u = sonnx.expand %b, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %t, %t, %u : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
