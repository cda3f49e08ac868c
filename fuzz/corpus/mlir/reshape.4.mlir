func.func @infer_dynamic(%x: tensor<?x6xf32>) -> tensor<4x?xf32> {
  %s = arith.constant dense<[4, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}
