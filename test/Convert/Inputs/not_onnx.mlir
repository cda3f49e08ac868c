module attributes {sonnx.onnx_opset = 13 : i64} {
  func.func @main(%arg0: tensor<2xf32> {sonnx.name = "x"}) -> (tensor<2xf32> {sonnx.name = "y"}) {
    %0 = arith.addf %arg0, %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
// -----
module {
  func.func @main(%arg0: tensor<2xf32> {sonnx.name = "x"}) -> (tensor<2xf32> {sonnx.name = "y"}) {
    return %arg0 : tensor<2xf32>
  }
}
