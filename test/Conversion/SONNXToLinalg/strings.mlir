// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// !sonnx.string elements become i64 handles everywhere: function
// signatures, calls, returns, the lowered ops and the other ops on string
// tensors. A string moves as its handle.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>) -> tensor<3x2xi64>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xi64> into tensor<3x2xi64>
// CHECK: return %[[Y]] : tensor<3x2xi64>
func.func @views(%x: tensor<2x3x!sonnx.string>) -> tensor<3x2x!sonnx.string> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3x!sonnx.string>, tensor<2xi64>) -> tensor<3x2x!sonnx.string>
  return %y : tensor<3x2x!sonnx.string>
}

// CHECK-LABEL: func.func @copies
// CHECK-SAME: (%[[A:.*]]: tensor<2x1xi64>, %[[B:.*]]: tensor<3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>, tensor<i64>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2xi64>) outs(%{{.*}} : tensor<2x3xi64>)
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: linalg.yield %[[IN]] : i64
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<3xi64>) outs(%{{.*}} : tensor<2x3xi64>)
// CHECK: %[[EXT:.*]] = tensor.extract %[[B]][%{{.*}}] : tensor<3xi64>
// CHECK: %[[ONE:.*]] = tensor.from_elements %[[EXT]] : tensor<i64>
// CHECK: return %{{.*}}, %{{.*}}, %[[ONE]] : tensor<2x3xi64>, tensor<2x3xi64>, tensor<i64>
func.func @copies(%a: tensor<2x1x!sonnx.string>, %b: tensor<3x!sonnx.string>)
    -> (tensor<2x3x!sonnx.string>, tensor<2x3x!sonnx.string>, tensor<!sonnx.string>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<2x1x!sonnx.string>, tensor<3x!sonnx.string>)
      -> (tensor<2x3x!sonnx.string>, tensor<2x3x!sonnx.string>)
  %c0 = arith.constant 0 : index
  %e = tensor.extract %b[%c0] : tensor<3x!sonnx.string>
  %t = tensor.from_elements %e : tensor<!sonnx.string>
  return %z0, %z1, %t : tensor<2x3x!sonnx.string>, tensor<2x3x!sonnx.string>, tensor<!sonnx.string>
}

// Calls are converted with their callees.
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>) -> tensor<3x2xi64>
// CHECK: %[[R:.*]] = call @views(%[[X]]) : (tensor<2x3xi64>) -> tensor<3x2xi64>
// CHECK: return %[[R]]
func.func @caller(%x: tensor<2x3x!sonnx.string>) -> tensor<3x2x!sonnx.string> {
  %r = call @views(%x) : (tensor<2x3x!sonnx.string>) -> tensor<3x2x!sonnx.string>
  return %r : tensor<3x2x!sonnx.string>
}

// Casts between string tensors and handle tensors (how other code hands
// strings to sonnx ops) disappear.
// CHECK-LABEL: func.func @handles
// CHECK-SAME: (%[[H:.*]]: tensor<6xi64>) -> tensor<6xi64>
// CHECK-NOT: unrealized_conversion_cast
// CHECK: %[[V:.*]] = tensor.expand_shape %[[H]] {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xi64> into tensor<2x3xi64>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[V]] {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK: %[[F:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64>
// CHECK: %[[G:.*]] = tensor.collapse_shape %[[F]] {{\[}}[0, 1]] : tensor<6x1xi64> into tensor<6xi64>
// CHECK: return %[[G]] : tensor<6xi64>
func.func @handles(%h: tensor<6xi64>) -> tensor<6xi64> {
  %s = builtin.unrealized_conversion_cast %h : tensor<6xi64> to tensor<6x!sonnx.string>
  %shape = arith.constant dense<[2, 3]> : tensor<2xi64>
  %v = sonnx.reshape %s, %shape : (tensor<6x!sonnx.string>, tensor<2xi64>) -> tensor<2x3x!sonnx.string>
  %f = sonnx.flatten %v {axis = 2 : i64} : (tensor<2x3x!sonnx.string>) -> tensor<6x1x!sonnx.string>
  %one = arith.constant dense<[6]> : tensor<1xi64>
  %g = sonnx.reshape %f, %one : (tensor<6x1x!sonnx.string>, tensor<1xi64>) -> tensor<6x!sonnx.string>
  %r = builtin.unrealized_conversion_cast %g : tensor<6x!sonnx.string> to tensor<6xi64>
  return %r : tensor<6xi64>
}

// -----

// Unsqueeze and expand on strings, with dynamic sizes.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xi64>, %[[S:.*]]: tensor<2xi64>) -> tensor<?x?xi64>
// CHECK: tensor.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [1, %{{.*}}] : tensor<?xi64> into tensor<1x?xi64>
// CHECK: expand.E1
// CHECK: linalg.generic
// CHECK: return %{{.*}} : tensor<?x?xi64>
func.func @dynamic(%x: tensor<?x!sonnx.string>, %s: tensor<2xi64>) -> tensor<?x?x!sonnx.string> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %x, %a : (tensor<?x!sonnx.string>, tensor<1xi64>) -> tensor<1x?x!sonnx.string>
  %y = sonnx.expand %u, %s : (tensor<1x?x!sonnx.string>, tensor<2xi64>) -> tensor<?x?x!sonnx.string>
  return %y : tensor<?x?x!sonnx.string>
}

// -----

// A string tensor that is the argument of a block other than the entry
// block (a cf.br operand): the block's argument becomes handles too, as
// the function's. Upstream's function pattern converts the entry block
// only; the function then stayed illegal and the conversion aborted
// ("produced IR that could not be legalized").
// CHECK-LABEL: func.func @block_argument
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>) -> tensor<6xi64>
// CHECK: cf.br ^bb1(%[[X]] : tensor<2x3xi64>)
// CHECK: ^bb1(%[[A:.*]]: tensor<2x3xi64>):
// CHECK: %[[Y:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK: return %[[Y]] : tensor<6xi64>
// CHECK-NOT: !sonnx.string
func.func @block_argument(%x: tensor<2x3x!sonnx.string>) -> tensor<6x!sonnx.string> {
  cf.br ^bb1(%x : tensor<2x3x!sonnx.string>)
^bb1(%a: tensor<2x3x!sonnx.string>):
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %y = sonnx.reshape %a, %s : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<6x!sonnx.string>
  return %y : tensor<6x!sonnx.string>
}

// -----

// The same when only the block takes strings (the handles come from a
// cast of integers, as code outside sonnx hands them over).
// CHECK-LABEL: func.func @block_argument_only
// CHECK-SAME: (%[[X:.*]]: tensor<2xi64>) -> tensor<2xi64>
// CHECK-NEXT: cf.br ^bb1(%[[X]] : tensor<2xi64>)
// CHECK-NEXT: ^bb1(%[[A:.*]]: tensor<2xi64>):
// CHECK-NEXT: return %[[A]] : tensor<2xi64>
func.func @block_argument_only(%x: tensor<2xi64>) -> tensor<2xi64> {
  %s = builtin.unrealized_conversion_cast %x : tensor<2xi64> to tensor<2x!sonnx.string>
  cf.br ^bb1(%s : tensor<2x!sonnx.string>)
^bb1(%a: tensor<2x!sonnx.string>):
  %r = builtin.unrealized_conversion_cast %a : tensor<2x!sonnx.string> to tensor<2xi64>
  return %r : tensor<2xi64>
}
