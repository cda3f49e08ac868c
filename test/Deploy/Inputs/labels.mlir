// A hand-written module whose ops are named by location labels, not by
// ONNX nodes (test/Deploy/emit-c-labels.test): one label with a control
// character and a "*/", which no C comment may hold.
func.func @main(%x: tensor<4xf32>) -> (tensor<2x2xf32>, tensor<3x4xf32>) {
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<2x2xf32> loc("shape it")
  %t = arith.constant dense<[3, 4]> : tensor<2xi64>
  %z = sonnx.expand %x, %t : (tensor<4xf32>, tensor<2xi64>) -> tensor<3x4xf32> loc("*/grow\01")
  return %y, %z : tensor<2x2xf32>, tensor<3x4xf32>
}
