func.func @no_merge_mapped_dynamic(%y: tensor<?xf32>) -> tensor<3x4xf32> {
  %m1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %y, %m1 {axes_mapping = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<1x4xf32>
  %m2 = arith.constant dense<[3, 4]> : tensor<2xi64>
  %1 = sonnx.expand %0, %m2 {axes_mapping = array<i64: 0, 1>} : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}
