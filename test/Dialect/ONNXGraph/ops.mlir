// RUN: sonnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The graphs of a node are its regions: a body sees the values around it,
// its arguments are the graph's inputs, its yield the graph's outputs.
// CHECK-LABEL: func.func @loop
// CHECK:       onnx_graph.node "Loop"(%{{.*}}, %{{.*}}, %{{.*}}) {bodies = [{attribute = "body", graph = "b", inputs = ["i", "c", "v"], outputs = ["c_out", "v_out"]}]}
// CHECK:       ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<2x3xf32>):
// CHECK:         sonnx.reshape
// CHECK:         onnx_graph.yield %{{.*}}, %{{.*}} : tensor<i1>, tensor<6xf32>
func.func @loop(%trip: tensor<i64>, %cond: tensor<i1>, %x: tensor<2x3xf32>, %shape: tensor<1xi64>) -> tensor<6xf32> {
  %y = onnx_graph.node "Loop"(%trip, %cond, %x) {bodies = [{attribute = "body", graph = "b", inputs = ["i", "c", "v"], outputs = ["c_out", "v_out"]}]} : (tensor<i64>, tensor<i1>, tensor<2x3xf32>) -> tensor<6xf32> ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: tensor<2x3xf32>):
    %r = sonnx.reshape %v, %shape : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    onnx_graph.yield %c, %r : tensor<i1>, tensor<6xf32>
  })
  return %y : tensor<6xf32>
}

// -----

func.func @count(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op has 1 region(s) but 'bodies' describes 0}}
  %y = onnx_graph.node "If"(%c) : (tensor<i1>) -> tensor<f32> ({
    %z = arith.constant dense<1.0> : tensor<f32>
    onnx_graph.yield %z : tensor<f32>
  })
  return
}

// -----

func.func @outputs(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op region #0 yields 1 value(s) but its graph has 2 output(s)}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", graph = "t", inputs = [], outputs = ["a", "b"]}]} : (tensor<i1>) -> tensor<f32> ({
    %z = arith.constant dense<1.0> : tensor<f32>
    onnx_graph.yield %z : tensor<f32>
  })
  return
}

// -----

func.func @inputs(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op region #0 has 0 argument(s) but its graph has 1 input(s)}}
  %y = onnx_graph.node "Scan"(%c) {bodies = [{attribute = "body", graph = "s", inputs = ["x"], outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
    onnx_graph.yield
  })
  return
}

// -----

func.func @names(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op bodies[0] needs 'outputs', an array of strings}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", inputs = [], outputs = [1]}]} : (tensor<i1>) -> tensor<f32> ({
    onnx_graph.yield
  })
  return
}

// -----

func.func @terminator(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op region #0 must end with 'onnx_graph.yield'}}
  %y = onnx_graph.node "If"(%c) {bodies = [{attribute = "then_branch", inputs = [], outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
    %z = arith.constant dense<1.0> : tensor<f32>
  })
  return
}

// -----

func.func @attribute(%c: tensor<i1>) {
  // expected-error @+1 {{'onnx_graph.node' op bodies[0] needs 'attribute', the attribute's name}}
  %y = onnx_graph.node "If"(%c) {bodies = [{inputs = [], outputs = []}]} : (tensor<i1>) -> tensor<f32> ({
    onnx_graph.yield
  })
  return
}

// -----

func.func @parent() {
  // expected-error @+1 {{'onnx_graph.yield' op expects parent op 'onnx_graph.node'}}
  onnx_graph.yield
}
