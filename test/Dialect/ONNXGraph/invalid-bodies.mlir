// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

// The descriptions of a node's graph bodies (NodeOp::verify, ONNXGraph.cpp)
// that ops.mlir does not have: a missing list of input names, input names
// that are not strings, a region without any op.

func.func @no_inputs(%c: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'onnx_graph.node' op bodies[0] needs 'inputs', an array of strings}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
    onnx_graph.yield
  })
  return %y : tensor<f32>
}

// -----

func.func @inputs_not_strings(%c: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'onnx_graph.node' op bodies[0] needs 'inputs', an array of strings}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", inputs = [1], outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
    onnx_graph.yield
  })
  return %y : tensor<f32>
}

// -----

func.func @empty_region(%c: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'onnx_graph.node' op region #0 must end with 'onnx_graph.yield'}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", inputs = [], outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
  ^bb0:
  })
  return %y : tensor<f32>
}
