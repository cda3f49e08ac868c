// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// The users of a refined or replaced value (replaceWithRefined,
// needsCastBack, SONNXFolds.cpp): a user that cannot take the more static
// type gets a tensor.cast back to the type it had.

// A broadcast result declared with an encoding is its input, which has
// none: the return takes a cast of the input back to the declared type; the
// other result becomes an expand.
// CHECK-LABEL: func @identity_result_with_encoding
// CHECK-SAME: (%[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[C:.*]] = tensor.cast %[[A]] : tensor<3x4xf32> to tensor<3x4xf32, "e">
// CHECK-DAG: %[[E:.*]] = sonnx.expand %[[B]], %{{.*}} : (tensor<4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: return %[[C]], %[[E]]
func.func @identity_result_with_encoding(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> (tensor<3x4xf32, "e">, tensor<3x4xf32>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32, "e">, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32, "e">, tensor<3x4xf32>
}

// -----

// A tensor.cast user whose type the refined result is not compatible with
// (2x3 against 3x2) keeps its operand type through a cast back; the sonnx
// user takes the refined value (and composes with it into one reshape).
// CHECK-LABEL: func @incompatible_cast_user
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>)
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %[[BACK:.*]] = tensor.cast %[[R]] : tensor<2x3xf32> to tensor<?x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[BACK]] : tensor<?x?xf32> to tensor<3x2xf32>
// CHECK: %[[U:.*]] = sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<3xi64>) -> tensor<1x2x3xf32>
// CHECK: %[[UC:.*]] = tensor.cast %[[U]] : tensor<1x2x3xf32> to tensor<?x?x?xf32>
// CHECK: return %[[C]], %[[UC]]
func.func @incompatible_cast_user(%x: tensor<6xf32>) -> (tensor<3x2xf32>, tensor<?x?x?xf32>) {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = tensor.cast %r : tensor<?x?xf32> to tensor<3x2xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  return %c, %u : tensor<3x2xf32>, tensor<?x?x?xf32>
}
