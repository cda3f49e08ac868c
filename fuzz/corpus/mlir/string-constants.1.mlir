func.func @splat() -> tensor<2x2x!sonnx.string> {
  %c = arith.constant dense<"xyz"> : tensor<2x2x!sonnx.string>
  return %c : tensor<2x2x!sonnx.string>
}
