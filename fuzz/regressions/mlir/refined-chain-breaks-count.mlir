func.func @chain(%x: tensor<2x3x4xf32>) -> tensor<*xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
  %1 = sonnx.flatten %0 {axis = 4 : i64} : (tensor<?x?x?x?xf32>) -> tensor<?x?xf32>
  %s = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %2 = sonnx.reshape %1, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %t = arith.constant dense<[5, 1, 1, 1]> : tensor<4xi64>
  %3 = sonnx.expand %2, %t : (tensor<?x?x?xf32>, tensor<4xi64>) -> tensor<*xf32>
  return %3 : tensor<*xf32>
}
