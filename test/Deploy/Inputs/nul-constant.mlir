// A constant string with a NUL byte inside, which no C string literal
// holds: the C output refuses it (test/Deploy/emit-c.test).
func.func @main() -> (tensor<2x!sonnx.string> {sonnx.name = "y"}) {
  %c = arith.constant dense<["ok", "x\00y"]> : tensor<2x!sonnx.string> loc("initializer 'words'")
  return %c : tensor<2x!sonnx.string>
}
