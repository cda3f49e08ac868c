func.func @flatten_unsqueeze(%x: tensor<?x3x4xf32>) -> tensor<?x4xf32> {
  %a = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<1x?x3x1x4xf32>
  %1 = sonnx.flatten %0 {axis = 3 : i64} : (tensor<1x?x3x1x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
