func.func @no_merge_dynamic_reshapes(%x: tensor<?x3x4xf32>) -> (tensor<?x3x4xf32>, tensor<?x12xf32>) {
  %s = arith.constant dense<[0, 12]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  %t = arith.constant dense<[0, 3, 4]> : tensor<3xi64>
  %1 = sonnx.reshape %0, %t : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %2 = sonnx.unsqueeze %x, %a : (tensor<?x3x4xf32>, tensor<1xi64>) -> tensor<1x?x3x4xf32>
  %u = arith.constant dense<[-1, 12]> : tensor<2xi64>
  %3 = sonnx.reshape %2, %u : (tensor<1x?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  return %1, %3 : tensor<?x3x4xf32>, tensor<?x12xf32>
}
