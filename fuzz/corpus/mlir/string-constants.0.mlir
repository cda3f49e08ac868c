func.func @constant() -> tensor<3x!sonnx.string> {
  %c = arith.constant dense<["a", "bc", "a"]> : tensor<3x!sonnx.string>
  return %c : tensor<3x!sonnx.string>
}
