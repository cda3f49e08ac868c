func.func @default_limit() -> (tensor<32768x2xf32>, tensor<32769x2xf32>) {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = arith.constant dense<[32768, 2]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<32768x2xf32>
  %t = arith.constant dense<[32769, 2]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<2xf32>, tensor<2xi64>) -> tensor<32769x2xf32>
  return %0, %1 : tensor<32768x2xf32>, tensor<32769x2xf32>
}
