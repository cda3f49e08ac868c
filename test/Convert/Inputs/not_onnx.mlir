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
// -----
// An initializer the module holds no values of, and no external data.
module attributes {sonnx.onnx_opset = 13 : i64} {
  func.func @main(%arg0: tensor<2xf32> {sonnx.name = "x"}) -> (tensor<2xf32> {sonnx.name = "y"}) {
    %0 = onnx_graph.node "Constant"() : () -> tensor<2xf32> loc("initializer 'w'")
    %1 = onnx_graph.node "Add"(%arg0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
