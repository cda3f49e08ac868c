func.func @no_folding(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<?x?xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %t = arith.constant dense<[2, 3]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  %2 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<?x?xf32>
}
