func.func @merge_mapped_expands(%y: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %m1 = arith.constant dense<[3, 4]> : tensor<2xi64>
  %0 = sonnx.expand %y, %m1 {axes_mapping = array<i64: 0>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  %m2 = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
  %1 = sonnx.expand %0, %m2 {axes_mapping = array<i64: 1, 2>} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
  return %1 : tensor<2x3x4x5xf32>
}
