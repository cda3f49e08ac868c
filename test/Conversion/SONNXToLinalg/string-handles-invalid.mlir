// --convert-sonnx-to-linalg, with either kind of handle, on casts between
// string tensors and handle tensors other than one value into one: a cast
// of two handle tensors into one string tensor, a cast of one string tensor
// into two handle tensors. FoldStringHandleCasts folds only a cast of one
// value into one, and no other pattern takes a cast: each is left illegal,
// an error naming it.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics --convert-sonnx-to-linalg
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics --convert-sonnx-to-linalg=pointer-string-handles

func.func @two_into_one(%x: tensor<2xi64>, %y: tensor<2xi64>) -> tensor<2x!sonnx.string> {
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
  %c = builtin.unrealized_conversion_cast %x, %y : tensor<2xi64>, tensor<2xi64> to tensor<2x!sonnx.string>
  return %c : tensor<2x!sonnx.string>
}

// -----

func.func @one_into_two(%s: tensor<2x!sonnx.string>) -> tensor<2xi64> {
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
  %a, %b = builtin.unrealized_conversion_cast %s : tensor<2x!sonnx.string> to tensor<2xi64>, tensor<2xi64>
  return %a : tensor<2xi64>
}
