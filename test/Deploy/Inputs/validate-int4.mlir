// int4 and uint4 through the object (test/Deploy/validate.test): an input
// returned as it is, a constant of negative int4 values (the int8_t -3 and
// -8 of the header), a uint4 constant (13 and 15) flattened.
func.func @main(%x: tensor<4xi4>)
    -> (tensor<4xi4>, tensor<2xi4>, tensor<2x1xui4>) {
  %c = arith.constant dense<[-3, -8]> : tensor<2xi4>
  %u = arith.constant dense<[13, 15]> : tensor<2xui4>
  %f = sonnx.flatten %u {axis = 1 : i64} : (tensor<2xui4>) -> tensor<2x1xui4>
  return %x, %c, %f : tensor<4xi4>, tensor<2xi4>, tensor<2x1xui4>
}
