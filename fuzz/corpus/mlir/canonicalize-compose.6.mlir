func.func @no_merge_dynamic_allowzero(%x: tensor<?x4xf32>) -> tensor<0x4xf32> {
  %s = arith.constant dense<[0, 2, 2]> : tensor<3xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x2x2xf32>
  %t = arith.constant dense<[0, 4]> : tensor<2xi64>
  %1 = sonnx.reshape %0, %t {allowzero = 1 : i64} : (tensor<?x2x2xf32>, tensor<2xi64>) -> tensor<0x4xf32>
  return %1 : tensor<0x4xf32>
}
