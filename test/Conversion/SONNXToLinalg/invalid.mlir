// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file -verify-diagnostics

// What the lowering rejects: contradictions that the declared result types
// make provable at compile time (the verifier accepts them, as it accepts a
// less static type), ops it cannot lower, and strings it cannot convert.

func.func @reshape_count(%x: tensor<f32>, %s: tensor<2xi64>) -> tensor<5x?xf32> {
  // expected-error @+2 {{'sonnx.reshape' op input of shape [] and result of shape [5, ?] cannot have the same element count [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %y = sonnx.reshape %x, %s : (tensor<f32>, tensor<2xi64>) -> tensor<5x?xf32>
  return %y : tensor<5x?xf32>
}

// -----

func.func @reshape_count_static(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+2 {{'sonnx.reshape' op input of shape [2, 3] and result of shape [4, 2] cannot have the same element count [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

func.func @unsqueeze_count(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<5x?x?xf32> {
  // expected-error @+2 {{'sonnx.unsqueeze' op input of shape [2, 3] and result of shape [5, ?, ?] cannot have the same element count [unsqueeze.Y.C1]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.unsqueeze'}}
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<5x?x?xf32>
  return %y : tensor<5x?x?xf32>
}

// -----

func.func @unsqueeze_rank(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  // expected-error @+2 {{'sonnx.unsqueeze' op result rank 1 is below the input rank 2 [unsqueeze.Y.C1]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.unsqueeze'}}
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @unsqueeze_unranked(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  // expected-error @+2 {{'sonnx.unsqueeze' op cannot be lowered: axes has a dynamic length and the result is unranked; give axes a static length or the result a rank}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.unsqueeze'}}
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// The outer size is 2 times a dynamic size: never 5.
func.func @flatten_count(%x: tensor<2x?xf32>) -> tensor<5x1xf32> {
  // expected-error @+2 {{'sonnx.flatten' op input of shape [2, ?] and result of shape [5, 1] cannot have the same element count [flatten.Y.C1]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.flatten'}}
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<2x?xf32>) -> tensor<5x1xf32>
  return %y : tensor<5x1xf32>
}

// -----

func.func @broadcast_declared(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
  // expected-error @+2 {{'sonnx.broadcast' op results declare different sizes 3 and 4 for dimension 0 [broadcast.Z.shape]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.broadcast'}}
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return %z0, %z1 : tensor<3xf32>, tensor<4xf32>
}

// -----

func.func @expand_unranked(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  // expected-error @+2 {{'sonnx.expand' op cannot be lowered: shape has a dynamic length and the result type does not fix it; give shape a static length or the result a rank above the input rank}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.expand'}}
  %y = sonnx.expand %x, %s : (tensor<3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// With the input rank, shape may have any length up to that rank.
func.func @expand_same_rank(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  // expected-error @+2 {{'sonnx.expand' op cannot be lowered: shape has a dynamic length and the result type does not fix it}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.expand'}}
  %y = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @expand_rank(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<?xf32> {
  // expected-error @+2 {{'sonnx.expand' op result rank 1 is below the input rank 2 [expand.Y.shape]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.expand'}}
  %y = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A string tensor carried by a loop: region ops are not converted.
func.func @strings_in_loop(%x: tensor<2x!sonnx.string>, %n: index) -> tensor<2x!sonnx.string> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{failed to legalize operation 'scf.for'}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<2x!sonnx.string>) {
    scf.yield %t : tensor<2x!sonnx.string>
  }
  return %r : tensor<2x!sonnx.string>
}

// -----

// A cast of strings to anything but their handles cannot be removed.
func.func @strings_to_floats(%x: tensor<2x!sonnx.string>) -> tensor<2xf64> {
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast'}}
  %r = builtin.unrealized_conversion_cast %x : tensor<2x!sonnx.string> to tensor<2xf64>
  return %r : tensor<2xf64>
}
