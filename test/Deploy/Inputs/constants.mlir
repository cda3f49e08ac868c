// Constants of complex numbers and strings in the C output
// (test/Deploy/emit-c.test): every bit of the complex constants (-0, the
// smallest subnormal, the largest finite values, a value that needs all 17
// digits), strings whose bytes need escapes in a C string literal.
func.func @main(%x: tensor<2x!sonnx.string> {sonnx.name = "x"})
    -> (tensor<2x3xcomplex<f32>> {sonnx.name = "z"},
        tensor<4xcomplex<f64>> {sonnx.name = "w"},
        tensor<3x2x!sonnx.string> {sonnx.name = "s"},
        tensor<2x2x!sonnx.string> {sonnx.name = "t"}) {
  %c = arith.constant dense<[(1.5, -0.0), (1.0e-45, 3.40282347e+38), (0.1, -2.0)]> : tensor<3xcomplex<f32>>
  %shape23 = arith.constant dense<[2, 3]> : tensor<2xi64>
  %z = sonnx.expand %c, %shape23 : (tensor<3xcomplex<f32>>, tensor<2xi64>) -> tensor<2x3xcomplex<f32>>
  %d = arith.constant dense<[[(4.9406564584124654e-324, -1.7976931348623157e+308)], [(0.1, 0.30000000000000004)]]> : tensor<2x1xcomplex<f64>>
  %shape22 = arith.constant dense<[2, 2]> : tensor<2xi64>
  %e = sonnx.expand %d, %shape22 : (tensor<2x1xcomplex<f64>>, tensor<2xi64>) -> tensor<2x2xcomplex<f64>>
  %shape4 = arith.constant dense<[4]> : tensor<1xi64>
  %w = sonnx.reshape %e, %shape4 : (tensor<2x2xcomplex<f64>>, tensor<1xi64>) -> tensor<4xcomplex<f64>>
  %strings = arith.constant dense<[["say \22hi\22", "back\\slash", "??="], ["line\0Aend", "\C3\A9t\C3\A9", ""]]> : tensor<2x3x!sonnx.string>
  %shape32 = arith.constant dense<[3, 2]> : tensor<2xi64>
  %s = sonnx.reshape %strings, %shape32 : (tensor<2x3x!sonnx.string>, tensor<2xi64>) -> tensor<3x2x!sonnx.string>
  %shape21 = arith.constant dense<[2, 1]> : tensor<2xi64>
  %col = sonnx.reshape %x, %shape21 : (tensor<2x!sonnx.string>, tensor<2xi64>) -> tensor<2x1x!sonnx.string>
  %t = sonnx.expand %col, %shape22 : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<2x2x!sonnx.string>
  return %z, %w, %s, %t : tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<3x2x!sonnx.string>, tensor<2x2x!sonnx.string>
}
