// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file -verify-diagnostics
// RUN: sonnx-opt %s --sonnx-to-llvm -split-input-file -verify-diagnostics

// The element count of an input whose type does not say it, known through
// the views it comes from (issue 12): the verification of an op sees only
// its types, but upstream folding sees through the views, and a result that
// cannot have that count is a compile-time error citing the rule, not an
// invalid IR from a later pass. The positive cases at the end are valid
// chains of the same shapes.

// The reproducer of the issue: a run-time shape hides the 4 elements.
func.func @reshape_count(%x: tensor<4xf32>, %s: tensor<5xi64>) -> tensor<2x2x2xf32> {
  %a = sonnx.reshape %x, %s : (tensor<4xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  %c = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 4 elements (its type 'tensor<?x?x?x?x?xf32>' does not say so, but it is a view of 'tensor<4xf32>'), but shape [2, 2, 2] resolves to 'tensor<2x2x2xf32>' with 8 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %c : (tensor<?x?x?x?x?xf32>, tensor<3xi64>) -> tensor<2x2x2xf32>
  return %b : tensor<2x2x2xf32>
}

// -----

// The rank-0 reproducer: unsqueeze with run-time axes keeps the 1 element of
// a scalar.
func.func @reshape_count_scalar(%x: tensor<f32>, %a: tensor<2xi64>) -> tensor<2xf32> {
  %u = sonnx.unsqueeze %x, %a : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 1 element (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<f32>'), but shape [2] resolves to 'tensor<2xf32>' with 2 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %y = sonnx.reshape %u, %c : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// The rank-0 reproducer as the issue gives it, found again by the hunt:
// upstream reported "rank 0 memrefs can only be extended/collapsed with/from
// ones". Two unsqueezes with run-time axes, then a run-time shape.
func.func @reshape_count_scalar_runtime(%x: tensor<f32>, %a: tensor<1xi64>, %b: tensor<2xi64>, %s: tensor<3xi64>) -> tensor<1x3x1xf32> {
  %u = sonnx.unsqueeze %x, %a : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  %v = sonnx.unsqueeze %u, %b : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  // expected-error @+2 {{'sonnx.reshape' op the input has 1 element (its type 'tensor<?x?x?xf32>' does not say so, but it is a view of 'tensor<f32>'), but the result is 'tensor<1x3x1xf32>' with 3 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %y = sonnx.reshape %v, %s : (tensor<?x?x?xf32>, tensor<3xi64>) -> tensor<1x3x1xf32>
  return %y : tensor<1x3x1xf32>
}

// -----

// A scalar result: 12 elements cannot make one (the hunt found it; upstream
// reported "rank 0 memrefs can only be extended/collapsed with/from ones").
func.func @reshape_count_to_scalar(%x: tensor<3x4xf32>, %s: tensor<2xi64>) -> tensor<f32> {
  %a = sonnx.reshape %x, %s : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<> : tensor<0xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 12 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<3x4xf32>'), but shape [] resolves to 'tensor<f32>' with 1 element [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %c : (tensor<?x?xf32>, tensor<0xi64>) -> tensor<f32>
  return %b : tensor<f32>
}

// -----

// A -1 that no size makes right: 6 elements are not a multiple of 48.
func.func @reshape_count_minus_one(%x: tensor<6xf32>, %s: tensor<4xi64>) -> tensor<48x?x1x1xf32> {
  %a = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  %c = arith.constant dense<[48, -1, 1, 1]> : tensor<4xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?x?x?x?xf32>' does not say so, but it is a view of 'tensor<6xf32>'), but shape [48, -1, 1, 1] resolves to 'tensor<48x?x1x1xf32>', which cannot have as many [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %c : (tensor<?x?x?x?xf32>, tensor<4xi64>) -> tensor<48x?x1x1xf32>
  return %b : tensor<48x?x1x1xf32>
}

// -----

// A run-time shape whose declared result cannot hold the 12 elements.
func.func @reshape_count_declared(%x: tensor<3x4xf32>, %s: tensor<4xi64>, %t: tensor<1xi64>) -> tensor<4xf32> {
  %a = sonnx.reshape %x, %s : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  // expected-error @+2 {{'sonnx.reshape' op the input has 12 elements (its type 'tensor<?x?x?x?xf32>' does not say so, but it is a view of 'tensor<3x4xf32>'), but the result is 'tensor<4xf32>' with 4 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %t : (tensor<?x?x?x?xf32>, tensor<1xi64>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// A copied size that no run-time value makes right: 3 * d0 is never 10.
func.func @reshape_count_copy(%x: tensor<10xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  %a = sonnx.reshape %x, %s : (tensor<10xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<[0, 3]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 10 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<10xf32>'), but shape [0, 3] resolves to 'tensor<?x3xf32>', which cannot have as many [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %c : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %b : tensor<?x3xf32>
}

// -----

// unsqueeze keeps the count: 6 elements are not 1x4x2.
func.func @unsqueeze_count(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<1x4x2xf32> {
  %a = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+2 {{'sonnx.unsqueeze' op the input has 6 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<6xf32>'), but the result is 'tensor<1x4x2xf32>' with 8 elements [unsqueeze.Y.C1]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.unsqueeze'}}
  %b = sonnx.unsqueeze %a, %c : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<1x4x2xf32>
  return %b : tensor<1x4x2xf32>
}

// -----

// flatten keeps the count: 6 elements are not 2x4.
func.func @flatten_count(%x: tensor<6xf32>, %a: tensor<1xi64>) -> tensor<2x4xf32> {
  %u = sonnx.unsqueeze %x, %a : (tensor<6xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  // expected-error @+2 {{'sonnx.flatten' op the input has 6 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<6xf32>'), but the result is 'tensor<2x4xf32>' with 8 elements [flatten.Y.C1]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.flatten'}}
  %b = sonnx.flatten %u {axis = 1 : i64} : (tensor<?x?xf32>) -> tensor<2x4xf32>
  return %b : tensor<2x4xf32>
}

// -----

// Three ops: the count goes through the flatten in the middle.
func.func @three_ops(%x: tensor<2x3xf32>, %s: tensor<3xi64>) -> tensor<5xf32> {
  %a = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %f = sonnx.flatten %a {axis = 1 : i64} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %c = arith.constant dense<[-1]> : tensor<1xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<2x3xf32>'), but shape [-1] resolves to 'tensor<5xf32>' with 5 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %f, %c : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<5xf32>
  return %b : tensor<5xf32>
}

// -----

// Strings: the same rule, named with the element type of the op.
func.func @strings(%x: tensor<3x!sonnx.string>, %s: tensor<2xi64>) -> tensor<2x2x!sonnx.string> {
  %a = sonnx.reshape %x, %s : (tensor<3x!sonnx.string>, tensor<2xi64>) -> tensor<?x?x!sonnx.string>
  %c = arith.constant dense<[2, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 3 elements (its type 'tensor<?x?x!sonnx.string>' does not say so, but it is a view of 'tensor<3x!sonnx.string>'), but shape [2, 2] resolves to 'tensor<2x2x!sonnx.string>' with 4 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %b = sonnx.reshape %a, %c : (tensor<?x?x!sonnx.string>, tensor<2xi64>) -> tensor<2x2x!sonnx.string>
  return %b : tensor<2x2x!sonnx.string>
}

// -----

// Positive: valid chains of the same shapes lower without a diagnostic.
func.func @valid_chains(%x: tensor<8xf32>, %s: tensor<5xi64>, %y: tensor<f32>, %a: tensor<2xi64>,
                        %z: tensor<6xf32>, %t: tensor<2xi64>, %w: tensor<12xf32>)
    -> (tensor<2x2x2xf32>, tensor<1xf32>, tensor<1x3x2xf32>, tensor<?x3xf32>, tensor<2x3xf32>) {
  %r = sonnx.reshape %x, %s : (tensor<8xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  %c = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %b = sonnx.reshape %r, %c : (tensor<?x?x?x?x?xf32>, tensor<3xi64>) -> tensor<2x2x2xf32>
  %u = sonnx.unsqueeze %y, %a : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  %one = arith.constant dense<[1]> : tensor<1xi64>
  %v = sonnx.reshape %u, %one : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<1xf32>
  %p = sonnx.reshape %z, %t : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %zero = arith.constant dense<[0]> : tensor<1xi64>
  %q = sonnx.unsqueeze %p, %zero : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<1x3x2xf32>
  %m = sonnx.reshape %w, %t : (tensor<12xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %k = arith.constant dense<[0, 3]> : tensor<2xi64>
  %n = sonnx.reshape %m, %k : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %f = sonnx.flatten %p {axis = 1 : i64} : (tensor<?x?xf32>) -> tensor<2x3xf32>
  return %b, %v, %q, %n, %f : tensor<2x2x2xf32>, tensor<1xf32>, tensor<1x3x2xf32>, tensor<?x3xf32>, tensor<2x3xf32>
}
