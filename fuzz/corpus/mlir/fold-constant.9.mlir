func.func @fold_sub_byte_reshape() -> (tensor<3x3xi1>, tensor<1x9xi4>) {
  %c = arith.constant dense<[true, false, true, true, false, false, true, true, true]> : tensor<9xi1>
  %s = arith.constant dense<[3, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %c, %s : (tensor<9xi1>, tensor<2xi64>) -> tensor<3x3xi1>
  %d = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, -8, -1]> : tensor<9xi4>
  %1 = sonnx.flatten %d {axis = 0 : i64} : (tensor<9xi4>) -> tensor<1x9xi4>
  return %0, %1 : tensor<3x3xi1>, tensor<1x9xi4>
}
