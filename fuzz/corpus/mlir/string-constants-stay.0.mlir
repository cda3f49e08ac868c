func.func @constant() -> tensor<2x2x!sonnx.string> {
  %c = arith.constant dense<["a", "bc", "a", "d"]> : tensor<4x!sonnx.string>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %y = sonnx.reshape %c, %s : (tensor<4x!sonnx.string>, tensor<2xi64>) -> tensor<2x2x!sonnx.string>
  return %y : tensor<2x2x!sonnx.string>
}
