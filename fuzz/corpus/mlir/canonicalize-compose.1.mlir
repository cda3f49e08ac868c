func.func @zero_resolved_against_own_input(%x: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %s = arith.constant dense<[6, 4]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %t = arith.constant dense<[0, 2, 2]> : tensor<3xi64>
  %1 = sonnx.reshape %0, %t : (tensor<6x4xf32>, tensor<3xi64>) -> tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}
