// Strings and complex numbers through the C interface
// (test/Deploy/strings-complex.test): a string input reshaped, a constant
// string tensor expanded (its strings are constants of the object), complex
// numbers of both widths reshaped.
func.func @main(%s: tensor<2x2x!sonnx.string> {sonnx.name = "words"},
                %c: tensor<2x3xcomplex<f32>> {sonnx.name = "z"},
                %d: tensor<3xcomplex<f64>> {sonnx.name = "w"})
    -> (tensor<4x!sonnx.string> {sonnx.name = "flat"},
        tensor<2x3x!sonnx.string> {sonnx.name = "labels"},
        tensor<3x2xcomplex<f32>> {sonnx.name = "z2"},
        tensor<1x3xcomplex<f64>> {sonnx.name = "w2"}) {
  %shape4 = arith.constant dense<[4]> : tensor<1xi64>
  %flat = sonnx.reshape %s, %shape4 : (tensor<2x2x!sonnx.string>, tensor<1xi64>) -> tensor<4x!sonnx.string>
  %labels = arith.constant dense<["cat", "dog", ""]> : tensor<3x!sonnx.string>
  %shape23 = arith.constant dense<[2, 3]> : tensor<2xi64>
  %expanded = sonnx.expand %labels, %shape23 : (tensor<3x!sonnx.string>, tensor<2xi64>) -> tensor<2x3x!sonnx.string>
  %shape32 = arith.constant dense<[3, 2]> : tensor<2xi64>
  %z2 = sonnx.reshape %c, %shape32 : (tensor<2x3xcomplex<f32>>, tensor<2xi64>) -> tensor<3x2xcomplex<f32>>
  %shape13 = arith.constant dense<[1, 3]> : tensor<2xi64>
  %w2 = sonnx.reshape %d, %shape13 : (tensor<3xcomplex<f64>>, tensor<2xi64>) -> tensor<1x3xcomplex<f64>>
  return %flat, %expanded, %z2, %w2 : tensor<4x!sonnx.string>, tensor<2x3x!sonnx.string>, tensor<3x2xcomplex<f32>>, tensor<1x3xcomplex<f64>>
}
