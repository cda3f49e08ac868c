// The element types of the C interface and the C names made of sonnx.name
// attributes (test/Deploy/types.test).
func.func @main(%a: tensor<2x3xi1> {sonnx.name = "in.put"},
                %b: tensor<4xi4> {sonnx.name = "in-put"},
                %c: tensor<4xui4> {sonnx.name = "int"},
                %d: tensor<2x2xf16> {sonnx.name = "1x"},
                %e: tensor<2x2xbf16> {sonnx.name = ""},
                %f: tensor<3xf64> {sonnx.name = "f"},
                %g: tensor<3xui64> {sonnx.name = "g"},
                %h: tensor<3xi8> {sonnx.name = "h"})
    -> (tensor<6xi1> {sonnx.name = "in.put"}, tensor<4xi4>, tensor<4xui4>,
        tensor<4xf16>, tensor<4xbf16>, tensor<3xf64>, tensor<3xui64>,
        tensor<3xi8>) {
  %s6 = arith.constant dense<[6]> : tensor<1xi64>
  %s4 = arith.constant dense<[4]> : tensor<1xi64>
  %a2 = sonnx.reshape %a, %s6 : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<6xi1>
  %d2 = sonnx.reshape %d, %s4 : (tensor<2x2xf16>, tensor<1xi64>) -> tensor<4xf16>
  %e2 = sonnx.reshape %e, %s4 : (tensor<2x2xbf16>, tensor<1xi64>) -> tensor<4xbf16>
  return %a2, %b, %c, %d2, %e2, %f, %g, %h
      : tensor<6xi1>, tensor<4xi4>, tensor<4xui4>, tensor<4xf16>,
        tensor<4xbf16>, tensor<3xf64>, tensor<3xui64>, tensor<3xi8>
}
