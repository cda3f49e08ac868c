// calls.mlir with a public callee (test/Deploy/calls.test): --function
// names the entry; once inlined, the callee is no longer reached and is
// erased (it used to stay and fail with "returns a buffer").
func.func @repeat(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %0 = func.call @repeat(%a) : (tensor<2xf32>) -> tensor<3x2xf32>
  %1 = func.call @repeat(%b) : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}
