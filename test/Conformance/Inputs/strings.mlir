// A string tensor through sonnx-run (test/Conformance/aot.test, aot-c.test).
func.func @main(%x: tensor<2x!sonnx.string>) -> tensor<1x2x!sonnx.string> {
  %shape = arith.constant dense<[1, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %shape : (tensor<2x!sonnx.string>, tensor<2xi64>) -> tensor<1x2x!sonnx.string>
  return %y : tensor<1x2x!sonnx.string>
}
