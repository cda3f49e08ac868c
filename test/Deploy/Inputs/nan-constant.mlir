// A complex constant with a NaN part: the C output writes its bits
// (test/Deploy/emit-c.test).
func.func @main() -> (tensor<2xcomplex<f32>> {sonnx.name = "y"}) {
  %c = arith.constant dense<[(1.0, 2.0), (3.0, 0x7FC00000)]> : tensor<2xcomplex<f32>> loc("initializer 'z'")
  return %c : tensor<2xcomplex<f32>>
}
