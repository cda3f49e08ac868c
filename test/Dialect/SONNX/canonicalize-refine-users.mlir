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

// -----

// The folds and compositions give the result a type without the encoding
// that the declared one has: the user takes a cast back to it.
// CHECK-LABEL: func @fold_to_encoded
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK: %[[B:.*]] = tensor.cast %[[C]] : tensor<2x3xi32> to tensor<2x3xi32, "e">
// CHECK: return %[[B]]
func.func @fold_to_encoded() -> tensor<2x3xi32, "e"> {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<2x3xi32, "e">
  return %r : tensor<2x3xi32, "e">
}

// -----

// CHECK-LABEL: func @compose_to_encoded
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>)
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK: %[[B:.*]] = tensor.cast %[[R]] : tensor<3x2xf32> to tensor<3x2xf32, "e">
// CHECK: return %[[B]]
func.func @compose_to_encoded(%x: tensor<6xf32>) -> tensor<3x2xf32, "e"> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %t = arith.constant dense<[3, 2]> : tensor<2xi64>
  %q = sonnx.reshape %r, %t : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32, "e">
  return %q : tensor<3x2xf32, "e">
}

// -----

// CHECK-LABEL: func @expand_constant_to_encoded
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
// CHECK: %[[B:.*]] = tensor.cast %[[C]] : tensor<2x3xi32> to tensor<2x3xi32, "e">
// CHECK: return %[[B]]
func.func @expand_constant_to_encoded() -> tensor<2x3xi32, "e"> {
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.expand %c, %s : (tensor<3xi32>, tensor<2xi64>) -> tensor<2x3xi32, "e">
  return %r : tensor<2x3xi32, "e">
}

// -----

// A broadcast result whose input is a constant becomes a constant; the
// other result is its input.
// CHECK-LABEL: func @broadcast_constant_to_encoded
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi32>)
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
// CHECK: %[[B:.*]] = tensor.cast %[[C]] : tensor<2x3xi32> to tensor<2x3xi32, "e">
// CHECK: return %[[B]], %[[A]]
func.func @broadcast_constant_to_encoded(%a: tensor<2x3xi32>) -> (tensor<2x3xi32, "e">, tensor<2x3xi32>) {
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r:2 = sonnx.broadcast %c, %a : (tensor<3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32, "e">, tensor<2x3xi32>)
  return %r#0, %r#1 : tensor<2x3xi32, "e">, tensor<2x3xi32>
}

// -----

// The replaced result has only sonnx users, which take the value without
// its encoding: no cast.
// CHECK-LABEL: func @encoded_result_sonnx_user
// CHECK-SAME: (%[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NOT: tensor.cast
// CHECK: %[[R:.*]] = sonnx.reshape %[[A]], %{{.*}} : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<12xf32>
// CHECK: return %[[R]], %{{.*}} : tensor<12xf32>, tensor<3x4xf32>
func.func @encoded_result_sonnx_user(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> (tensor<12xf32>, tensor<3x4xf32>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32, "e">, tensor<3x4xf32>)
  %s = arith.constant dense<[12]> : tensor<1xi64>
  %r = sonnx.reshape %0#0, %s : (tensor<3x4xf32, "e">, tensor<1xi64>) -> tensor<12xf32>
  return %r, %0#1 : tensor<12xf32>, tensor<3x4xf32>
}
