// The prefix of a run-time check message names where the op comes from:
// the file (with line and column when the location has a line: an
// imported model is located at line 0), then what the location names
// (getSourceLabels): the label of each ONNX node, read from its data
// (#sonnx.onnx_node, as the importer locates an op, docs/onnx-import.md),
// and the name of any other NameLoc (a name written in a module); then the
// op.
//
// RUN: sonnx-opt %s --sonnx-to-llvm -o %t
// RUN: not --crash mlir-runner %t -e at_node -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NODE
// RUN: not --crash mlir-runner %t -e at_unnamed_node -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNNAMED
// RUN: not --crash mlir-runner %t -e at_fused_nodes -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: not --crash mlir-runner %t -e at_line -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=LINE

#node_a = loc(fused<#sonnx.onnx_node<index = 1, name = "a", opType = "Reshape", opset = 14>>["node 1 'a' (Reshape)"("model.onnx":0:0)])
#node_b = loc(fused<#sonnx.onnx_node<index = 2, name = "b", opType = "Reshape", opset = 14>>["node 2 'b' (Reshape)"("model.onnx":0:0)])

// NODE: model.onnx: node 3 'reshape_1' (Reshape): 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @reshape_node(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32> loc(fused<#sonnx.onnx_node<index = 3, name = "reshape_1", opType = "Reshape", opset = 14>>["node 3 'reshape_1' (Reshape)"("model.onnx":0:0)])
  return %y : tensor<?x?xf32>
}

// UNNAMED: model.onnx: node 4 (Reshape): 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @reshape_unnamed(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32> loc(fused<#sonnx.onnx_node<index = 4, name = "", opType = "Reshape", opset = 14>>["node 4 (Reshape)"("model.onnx":0:0)])
  return %y : tensor<?x?xf32>
}

// An op that stands for several nodes names them all, once each, and the
// names written in the module too.
// FUSED: model.onnx: node 1 'a' (Reshape), node 2 'b' (Reshape), my_reshape: 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @reshape_fused(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32> loc(fused[#node_a, #node_b, #node_a, "my_reshape"("model.onnx":0:0)])
  return %y : tensor<?x?xf32>
}

// LINE: check-locations.mlir:[[# @LINE + 2]]:8: 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @reshape_line(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @x2x3() -> tensor<?x3xf32> {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %d = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  return %d : tensor<?x3xf32>
}

func.func @at_node() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = call @reshape_node(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

func.func @at_unnamed_node() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = call @reshape_unnamed(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

func.func @at_fused_nodes() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = call @reshape_fused(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

func.func @at_line() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = call @reshape_line(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}
