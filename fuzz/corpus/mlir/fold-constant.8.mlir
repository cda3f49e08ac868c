func.func @no_fold_dynamic_broadcast(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0:2 = sonnx.broadcast %x, %c : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<2x3xf32>)
  return %0#1 : tensor<2x3xf32>
}
