func.func @no_fold_runtime_shape(%s: tensor<2xi64>) -> (tensor<?x?xi32>, tensor<2x3xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %0 = sonnx.reshape %c, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  %d = arith.constant dense<7> : tensor<2x3xi32>
  %1 = sonnx.expand %d, %s : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  return %0, %1 : tensor<?x?xi32>, tensor<2x3xi32>
}
