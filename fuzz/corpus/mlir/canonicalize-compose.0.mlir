func.func @mixed_chain(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
  %1 = sonnx.flatten %0 {axis = 2 : i64} : (tensor<1x2x3x4xf32>) -> tensor<2x12xf32>
  %s = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %2 = sonnx.reshape %1, %s : (tensor<2x12xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  %t = arith.constant dense<[4, -1]> : tensor<2xi64>
  %3 = sonnx.reshape %2, %t : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}
