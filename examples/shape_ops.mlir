// A small function that uses the five sonnx shape ops the way an imported
// ONNX graph does: shapes and axes are constant tensors.
func.func @main(%image: tensor<2x3x4xf32>, %bias: tensor<4xf32>)
    -> (tensor<2x12xf32>, tensor<1x2x3x4xf32>, tensor<6x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %flat = sonnx.flatten %image {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %batched = sonnx.unsqueeze %image, %axes : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
  %rows = arith.constant dense<[-1, 4]> : tensor<2xi64>
  %matrix = sonnx.reshape %image, %rows : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %shape = arith.constant dense<[2, 3, 1]> : tensor<3xi64>
  %tiled = sonnx.expand %bias, %shape : (tensor<4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  %z:2 = sonnx.broadcast %image, %bias : (tensor<2x3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>)
  return %flat, %batched, %matrix, %tiled, %z#1
      : tensor<2x12xf32>, tensor<1x2x3x4xf32>, tensor<6x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
