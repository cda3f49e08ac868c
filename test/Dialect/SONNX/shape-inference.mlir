// --sonnx-shape-inference: result types become as static as the operand
// types and constant shape/axes allow, in one walk. sonnx users take the
// refined values; other users (return, yield, other ops) see a tensor.cast
// back to the type they had. Nothing is folded or removed.
// RUN: sonnx-opt %s -sonnx-shape-inference -split-input-file | FileCheck %s

// A static input flows through a chain declared fully dynamic.
// CHECK-LABEL: func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>) -> tensor<*xf32>
// CHECK: %[[U:.*]] = sonnx.unsqueeze %[[X]], %{{.*}} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
// CHECK: %[[F:.*]] = sonnx.flatten %[[U]] {axis = 2 : i64} : (tensor<1x2x3x4xf32>) -> tensor<2x12xf32>
// CHECK: %[[R:.*]] = sonnx.reshape %[[F]], %{{.*}} : (tensor<2x12xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
// CHECK: %[[E:.*]] = sonnx.expand %[[R]], %{{.*}} : (tensor<2x3x4xf32>, tensor<4xi64>) -> tensor<5x2x3x4xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<5x2x3x4xf32> to tensor<*xf32>
// CHECK: return %[[C]]
func.func @chain(%x: tensor<2x3x4xf32>) -> tensor<*xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
  %1 = sonnx.flatten %0 {axis = 2 : i64} : (tensor<?x?x?x?xf32>) -> tensor<?x?xf32>
  %s = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %2 = sonnx.reshape %1, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %t = arith.constant dense<[5, 1, 1, 1]> : tensor<4xi64>
  %3 = sonnx.expand %2, %t : (tensor<?x?x?xf32>, tensor<4xi64>) -> tensor<*xf32>
  return %3 : tensor<*xf32>
}

// -----

// Dynamic sizes stay dynamic; the rank and the other sizes become known.
// CHECK-LABEL: func @dynamic
// CHECK: sonnx.reshape %{{.*}} : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
// CHECK: sonnx.unsqueeze %{{.*}} : (tensor<?x12xf32>, tensor<1xi64>) -> tensor<?x12x1xf32>
func.func @dynamic(%x: tensor<?x3x4xf32>) -> tensor<*xf32> {
  %s = arith.constant dense<[0, 12]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %a = arith.constant dense<[-1]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %0, %a : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// Each result of a broadcast is refined; a tensor.cast that hid the static
// sizes of an input is looked through (and erased once unused).
// CHECK-LABEL: func @broadcast_and_cast
// CHECK-SAME: (%[[A:.*]]: tensor<3x1xf32>, %[[B:.*]]: tensor<4xi8>)
// CHECK-NOT: tensor.cast %[[A]]
// CHECK: %[[R:.*]]:2 = sonnx.broadcast %[[A]], %[[B]] : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
// CHECK-DAG: %[[C0:.*]] = tensor.cast %[[R]]#0 : tensor<3x4xf32> to tensor<?x?xf32>
// CHECK-DAG: %[[C1:.*]] = tensor.cast %[[R]]#1 : tensor<3x4xi8> to tensor<?x4xi8>
// CHECK: return %[[C0]], %[[C1]]
func.func @broadcast_and_cast(%a: tensor<3x1xf32>, %b: tensor<4xi8>) -> (tensor<?x?xf32>, tensor<?x4xi8>) {
  %c = tensor.cast %a : tensor<3x1xf32> to tensor<?x?xf32>
  %0:2 = sonnx.broadcast %c, %b : (tensor<?x?xf32>, tensor<4xi8>) -> (tensor<?x?xf32>, tensor<?x4xi8>)
  return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x4xi8>
}

// -----

// Users of other dialects keep their operand types through a cast; a
// tensor.cast user compatible with the refined type uses it directly.
// CHECK-LABEL: func @other_users
// CHECK: %[[R:.*]] = sonnx.reshape %{{.*}} -> tensor<2x3xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<2x3xf32> to tensor<?x?xf32>
// CHECK: tensor.dim %[[C]]
// CHECK: tensor.cast %[[R]] : tensor<2x3xf32> to tensor<2x?xf32>
func.func @other_users(%x: tensor<6xf32>) -> (index, tensor<2x?xf32>) {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<2x?xf32>
  return %d, %1 : index, tensor<2x?xf32>
}

// -----

// Inside a region: the yield sees a cast.
// CHECK-LABEL: func @in_loop
// CHECK: scf.for
// CHECK: %[[U:.*]] = sonnx.unsqueeze %{{.*}} -> tensor<1x6xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[U]] : tensor<1x6xf32> to tensor<?x?xf32>
// CHECK: scf.yield %[[C]]
func.func @in_loop(%x: tensor<6xf32>, %init: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x?xf32>) {
    %0 = sonnx.unsqueeze %x, %a : (tensor<6xf32>, tensor<1xi64>) -> tensor<?x?xf32>
    scf.yield %0 : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// No folding: identities and constants stay; run-time shapes give no sizes.
// CHECK-LABEL: func @no_folding
// CHECK: sonnx.flatten %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: sonnx.expand %{{.*}} : (tensor<3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
// CHECK: sonnx.reshape %{{.*}} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
func.func @no_folding(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<?x?xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %t = arith.constant dense<[2, 3]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  %2 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<?x?xf32>
}
