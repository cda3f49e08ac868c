// An op is speculatable, and so hoisted out of a loop, only when every rule
// was decided at compile time; otherwise its run-time checks could abort a
// program that never executes it.
// RUN: sonnx-opt %s -allow-unregistered-dialect -loop-invariant-code-motion | FileCheck %s

// CHECK-LABEL: func @hoist_static
// CHECK: sonnx.reshape
// CHECK: sonnx.unsqueeze
// CHECK: sonnx.flatten
// CHECK: sonnx.broadcast
// CHECK: sonnx.expand
// CHECK: scf.for
// CHECK-NOT: sonnx.
// CHECK: return
func.func @hoist_static(%x: tensor<2x3xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  scf.for %i = %c0 to %n step %c1 {
    %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = sonnx.broadcast %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = sonnx.expand %x, %e : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
    "test.use"(%0, %1, %2, %3, %4) : (tensor<6xf32>, tensor<1x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4x2x3xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func @keep_checked
// CHECK: scf.for
// CHECK: sonnx.reshape
// CHECK: sonnx.unsqueeze
// CHECK: sonnx.flatten
// CHECK: sonnx.broadcast
// CHECK: sonnx.expand
func.func @keep_checked(%x: tensor<?x3xf32>, %y: tensor<2x3xf32>, %s: tensor<1xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[0]> : tensor<1xi64>
  scf.for %i = %c0 to %n step %c1 {
    // Run-time shape values.
    %0 = sonnx.reshape %y, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    // Dynamic input size.
    %1 = sonnx.unsqueeze %x, %a : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<1x?x3xf32>
    %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x3xf32>) -> tensor<?x3xf32>
    // A dynamic size that must be 1 or 2 at run time.
    %3:2 = sonnx.broadcast %x, %y : (tensor<?x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    %4 = sonnx.expand %y, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3xf32>
    "test.use"(%0, %1, %2, %3#0, %4) : (tensor<6xf32>, tensor<1x?x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }
  return
}

// Every rule decided, yet not hoisted (the conditions of the earlier
// definition, kept): a declared result less static than the input, and a
// shape operand of length 0 that is not a constant.
// CHECK-LABEL: func @keep_decided
// CHECK: scf.for
// CHECK: sonnx.reshape %{{.*}} -> tensor<?xf32>
// CHECK: sonnx.reshape %{{.*}} -> tensor<f32>
func.func @keep_decided(%x: tensor<2x3xf32>, %z: tensor<1x1xf32>, %e: tensor<0xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant dense<[6]> : tensor<1xi64>
  scf.for %i = %c0 to %n step %c1 {
    %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?xf32>
    %1 = sonnx.reshape %z, %e : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
    "test.use"(%0, %1) : (tensor<?xf32>, tensor<f32>) -> ()
  }
  return
}
