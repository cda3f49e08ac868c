// Broadcast simplification, when every input is static (every rule is
// decided at compile time): a result with the shape of its input is that
// input; an unused result is dropped with its input as long as the other
// inputs still give the broadcast shape; a broadcast left with one used
// result becomes an expand to the broadcast shape. With a dynamic input the
// op may check sizes at run time (broadcast.E1) and stays whole.
// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func @drop_unused
// CHECK-SAME: (%[[A:.*]]: tensor<3x1xf32>, %[[B:.*]]: tensor<1x4xi8>, %[[C:.*]]: tensor<4xf32>
// CHECK: %[[R:.*]]:2 = sonnx.broadcast %[[A]], %[[B]] : (tensor<3x1xf32>, tensor<1x4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @drop_unused(%a: tensor<3x1xf32>, %b: tensor<1x4xi8>, %c: tensor<4xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xi8>) {
  %0:3 = sonnx.broadcast %a, %b, %c : (tensor<3x1xf32>, tensor<1x4xi8>, tensor<4xf32>)
      -> (tensor<3x4xf32>, tensor<3x4xi8>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi8>
}

// -----

// The unused result #1 stays: without %b the shape would be [3, 1].
// CHECK-LABEL: func @keep_unused_that_gives_the_shape
// CHECK-SAME: (%[[A:.*]]: tensor<3x1xf32>, %[[B:.*]]: tensor<1x4xi8>, %[[C:.*]]: tensor<3x1xf32>
// CHECK: %[[R:.*]]:3 = sonnx.broadcast %[[A]], %[[B]], %[[C]]
// CHECK: return %[[R]]#0, %[[R]]#2
func.func @keep_unused_that_gives_the_shape(%a: tensor<3x1xf32>, %b: tensor<1x4xi8>, %c: tensor<3x1xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0:3 = sonnx.broadcast %a, %b, %c : (tensor<3x1xf32>, tensor<1x4xi8>, tensor<3x1xf32>)
      -> (tensor<3x4xf32>, tensor<3x4xi8>, tensor<3x4xf32>)
  return %0#0, %0#2 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Result #0 is its input; result #1 is then the only one used: an expand.
// CHECK-LABEL: func @identity_then_expand
// CHECK-SAME: (%[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4xi8>
// CHECK: %[[S:.*]] = arith.constant dense<[3, 4]> : tensor<2xi64>
// CHECK: %[[E:.*]] = sonnx.expand %[[B]], %[[S]] : (tensor<4xi8>, tensor<2xi64>) -> tensor<3x4xi8>
// CHECK-NOT: sonnx.broadcast
// CHECK: return %[[A]], %[[E]]
func.func @identity_then_expand(%a: tensor<3x4xf32>, %b: tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x4xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi8>
}

// -----

// Every result is its input: the broadcast goes.
// CHECK-LABEL: func @all_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xi1>
// CHECK-NOT: sonnx.
// CHECK: return %[[A]], %[[B]]
func.func @all_identity(%a: tensor<2x3xf32>, %b: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %0:2 = sonnx.broadcast %a, %b : (tensor<2x3xf32>, tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi1>
}

// -----

// A single-input broadcast is an identity.
// CHECK-LABEL: func @single_input
// CHECK-SAME: (%[[A:.*]]: tensor<0x3x!sonnx.string>
// CHECK-NOT: sonnx.broadcast
// CHECK: return %[[A]]
func.func @single_input(%a: tensor<0x3x!sonnx.string>) -> tensor<0x3x!sonnx.string> {
  %0 = sonnx.broadcast %a : (tensor<0x3x!sonnx.string>) -> tensor<0x3x!sonnx.string>
  return %0 : tensor<0x3x!sonnx.string>
}

// -----

// Only one result used, with a less static declared type: the expand keeps
// that type.
// CHECK-LABEL: func @one_used
// CHECK-SAME: (%[[A:.*]]: tensor<3x1xf32>
// CHECK: %[[E:.*]] = sonnx.expand %[[A]], %{{.*}} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<3x4xf32> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @one_used(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<?x?xf32> {
  %0:2 = sonnx.broadcast %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %0#0 : tensor<?x?xf32>
}

// -----

// A dynamic input: its size must be 1 or 3 at run time (broadcast.E1), so
// the op is not reduced even though result #1 has the shape of %b; only the
// type of result #0 gets refined.
// CHECK-LABEL: func @dynamic_input
// CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<3x4xf32>
// CHECK: %[[R:.*]]:2 = sonnx.broadcast %[[A]], %[[B]] : (tensor<?x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
// CHECK: return %[[R]]#1
func.func @dynamic_input(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0:2 = sonnx.broadcast %a, %b : (tensor<?x4xf32>, tensor<3x4xf32>) -> (tensor<?x4xf32>, tensor<3x4xf32>)
  return %0#1 : tensor<3x4xf32>
}
