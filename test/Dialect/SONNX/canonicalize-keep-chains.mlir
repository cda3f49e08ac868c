// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// Chains of views that canonicalization keeps as they are (composeViews,
// SONNXFolds.cpp): the outer op's shape or axes known only at run time, or
// an inner op whose declared type promises sizes that are checked at run
// time (merging would drop the check).

// A static reshape followed by a reshape to a run-time shape.
// CHECK-LABEL: func @outer_shape_at_run_time
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[T:.*]]: tensor<2xi64>)
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %[[Q:.*]] = sonnx.reshape %[[R]], %[[T]] : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK: return %[[Q]]
func.func @outer_shape_at_run_time(%x: tensor<6xf32>, %t: tensor<2xi64>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %q = sonnx.reshape %r, %t : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %q : tensor<?x?xf32>
}

// -----

// The same with unsqueezes: the outer axes are a run-time value.
// CHECK-LABEL: func @outer_axes_at_run_time
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[A:.*]]: tensor<1xi64>)
// CHECK: %[[U:.*]] = sonnx.unsqueeze %[[X]], %{{.*}} : (tensor<2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
// CHECK: %[[V:.*]] = sonnx.unsqueeze %[[U]], %[[A]] : (tensor<1x2xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
// CHECK: return %[[V]]
func.func @outer_axes_at_run_time(%x: tensor<2xf32>, %a: tensor<1xi64>) -> tensor<?x?x?xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %x, %s : (tensor<2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
  %v = sonnx.unsqueeze %u, %a : (tensor<1x2xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  return %v : tensor<?x?x?xf32>
}

// -----

// The inner flatten declares 4 rows where its input says '?': the merged
// flatten would not check them.
// CHECK-LABEL: func @inner_flatten_promises
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x2xf32>)
// CHECK: %[[F:.*]] = sonnx.flatten %[[X]] {axis = 1 : i64} : (tensor<?x3x2xf32>) -> tensor<4x6xf32>
// CHECK: %[[G:.*]] = sonnx.flatten %[[F]] {axis = 0 : i64} : (tensor<4x6xf32>) -> tensor<1x24xf32>
func.func @inner_flatten_promises(%x: tensor<?x3x2xf32>) -> tensor<?x?xf32> {
  %f = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x3x2xf32>) -> tensor<4x6xf32>
  %g = sonnx.flatten %f {axis = 0 : i64} : (tensor<4x6xf32>) -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}
