// Malformed IR gets a diagnostic and exit code 1, never a crash.
// RUN: not sonnx-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: error: 'sonnx.reshape' op expected 2 operands, but found 1
func.func @missing_operand(%x: tensor<2xf32>) {
  %0 = "sonnx.reshape"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// CHECK: error: 'sonnx.unsqueeze' op requires one result
func.func @no_result(%x: tensor<2xf32>, %a: tensor<1xi64>) {
  "sonnx.unsqueeze"(%x, %a) : (tensor<2xf32>, tensor<1xi64>) -> ()
  return
}

// -----

// CHECK: error: custom op 'sonnx.reshape' 'sonnx.reshape' op attribute 'allowzero' failed to satisfy constraint
func.func @bad_attr_type(%x: tensor<2xf32>, %s: tensor<1xi64>) {
  %0 = sonnx.reshape %x, %s {allowzero = "yes"} : (tensor<2xf32>, tensor<1xi64>) -> tensor<2xf32>
  return
}

// -----

// CHECK: error: custom op 'sonnx.expand' 'sonnx.expand' op attribute 'axes_mapping' failed to satisfy constraint
func.func @bad_mapping_type(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  %0 = sonnx.expand %x, %s {axes_mapping = [1]} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}

// -----

// CHECK: error: custom op 'sonnx.flatten' 'sonnx.flatten' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute
func.func @bad_axis_type(%x: tensor<2x3xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// CHECK: error: 'sonnx.expand' op operand #1 must be tensor of any type values, but got 'i64'
func.func @scalar_shape(%x: tensor<3xf32>, %s: i64) {
  %0 = "sonnx.expand"(%x, %s) : (tensor<3xf32>, i64) -> tensor<3xf32>
  return
}

// -----

// CHECK: error: 'sonnx.broadcast' op expects at least one input, got none [broadcast.arity]
func.func @results_without_inputs() {
  %0 = "sonnx.broadcast"() : () -> tensor<3xf32>
  return
}

// -----

// CHECK: error: 'sonnx.unsqueeze' op axis -9223372036854775808 (axes[0]) is out of range [-3, 2] for a result of rank 3 [unsqueeze.A.C1]
func.func @extreme_axis(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3x4x1xf32>
  return
}

// -----

// CHECK: error: 'sonnx.unsqueeze' op axis 9223372036854775807 (axes[0]) is out of range [-3, 2] for a result of rank 3 [unsqueeze.A.C1]
func.func @extreme_axis(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3x4x1xf32>
  return
}

// -----

// CHECK: error: 'sonnx.flatten' op axis -9223372036854775808 is out of range [-2, 2] for an input of rank 2 [flatten.axis.C2]
func.func @extreme_flatten_axis(%x: tensor<3x4xf32>) {
  %0 = sonnx.flatten %x {axis = -9223372036854775808 : i64} : (tensor<3x4xf32>) -> tensor<1x12xf32>
  return
}

// -----

// Huge expand sizes are sizes like any other; the type is what it says.
// CHECK: error: 'sonnx.expand' op result has shape [9223372036854775807, 2] but the inferred shape is [9223372036854775807, 3]
func.func @extreme_expand(%x: tensor<1x3xf32>) {
  %s = arith.constant dense<[9223372036854775807, 1]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<9223372036854775807x2xf32>
  return
}

// -----

// CHECK: error: custom op 'sonnx.squeeze' is unknown
func.func @unknown_op(%x: tensor<3xf32>) {
  %0 = sonnx.squeeze %x : tensor<3xf32>
  return
}

// -----

// CHECK: error: expected ':'
func.func @truncated(%x: tensor<3xf32>) {
  %0 = sonnx.flatten %x {axis = 0 : i64}
}
