// Two outputs that are views of one constant
// (test/Deploy/functional-shared-constant.test).
func.func @main() -> (tensor<2x2xi32>, tensor<1x4xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<4xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %c, %a : (tensor<4xi32>, tensor<1xi64>) -> tensor<1x4xi32>
  return %r, %u : tensor<2x2xi32>, tensor<1x4xi32>
}
