// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file -verify-diagnostics

// What the lowering rejects: ops it cannot lower and strings it cannot
// convert. Declared result types that contradict the operands are verifier
// errors (test/Dialect/SONNX/invalid-*.mlir); the lowering runs the same
// verification (SONNXVerification.h) before building anything.

func.func @expand_unranked(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  // expected-error @+2 {{'sonnx.expand' op cannot be lowered: shape has a dynamic length and the result type does not fix it; give shape a static length or the result a rank}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.expand'}}
  %y = sonnx.expand %x, %s : (tensor<3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
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
