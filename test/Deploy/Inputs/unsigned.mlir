// Constants of unsigned and 16-bit float element types in the C output
// (test/Deploy/emit-c.test): the arrays and initializers keep the header's
// element types, with the suffix U on every unsigned constant; the element
// that a row repeats (output copy) is loaded once per row.
func.func @main(%x: tensor<2x1xui64> {sonnx.name = "x"})
    -> (tensor<2x2xui64> {sonnx.name = "big"},
        tensor<2x2xf16> {sonnx.name = "half"},
        tensor<2x2xui64> {sonnx.name = "copy"}) {
  %big = arith.constant dense<[18446744073709551615, 1]> : tensor<2xui64>
  %half = arith.constant dense<[-1.0, 65504.0]> : tensor<2xf16>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %b = sonnx.expand %big, %s : (tensor<2xui64>, tensor<2xi64>) -> tensor<2x2xui64>
  %h = sonnx.expand %half, %s : (tensor<2xf16>, tensor<2xi64>) -> tensor<2x2xf16>
  %c = sonnx.expand %x, %s : (tensor<2x1xui64>, tensor<2xi64>) -> tensor<2x2xui64>
  return %b, %h, %c : tensor<2x2xui64>, tensor<2x2xf16>, tensor<2x2xui64>
}
