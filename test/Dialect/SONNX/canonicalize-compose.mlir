// Composition of shape ops (docs/canonicalization.md):
//  - a chain of reshape/unsqueeze/flatten whose rules are all decided (static
//    input, constant shapes/axes) becomes one `sonnx.reshape X, C`, C the
//    literal static result shape, with allowzero = 1 exactly when C holds a
//    0; each 0 and -1 of the original shapes is resolved against the input
//    of its own op, never against X;
//  - unsqueeze(unsqueeze) merges its axes and flatten(flatten) its axis, for
//    dynamic sizes too (neither has a run-time check);
//  - expand(expand) merges its shapes.
// Chains that may carry a run-time check are left alone.
// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func @mixed_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[C:.*]] = arith.constant dense<[4, 6]> : tensor<2xi64>
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %[[C]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[R]]
func.func @mixed_chain(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
  %1 = sonnx.flatten %0 {axis = 2 : i64} : (tensor<1x2x3x4xf32>) -> tensor<2x12xf32>
  %s = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %2 = sonnx.reshape %1, %s : (tensor<2x12xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  %t = arith.constant dense<[4, -1]> : tensor<2xi64>
  %3 = sonnx.reshape %2, %t : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}

// -----

// The 0 of the second shape copies the size 6 of its own input, not the
// size 2 of %x: the merged shape is [6, 2, 2], not [0, 2, 2].
// CHECK-LABEL: func @zero_resolved_against_own_input
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[C:.*]] = arith.constant dense<[6, 2, 2]> : tensor<3xi64>
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %[[C]] : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<6x2x2xf32>
// CHECK: return %[[R]]
func.func @zero_resolved_against_own_input(%x: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %s = arith.constant dense<[6, 4]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %t = arith.constant dense<[0, 2, 2]> : tensor<3xi64>
  %1 = sonnx.reshape %0, %t : (tensor<6x4xf32>, tensor<3xi64>) -> tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

// -----

// Across allowzero = 1: the first 0s are sizes 0, the 0s of the second
// shape (allowzero = 0) copy the intermediate [0, 3, 0]. The merged reshape
// gets the literal [0, 3] with allowzero = 1. Keeping [0, 0] with
// allowzero = 0 would copy [2, 0] from %x, which is wrong.
// CHECK-LABEL: func @across_allowzero
// CHECK-SAME: (%[[X:.*]]: tensor<2x0x3xf32>
// CHECK: %[[C:.*]] = arith.constant dense<[0, 3]> : tensor<2xi64>
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]], %[[C]] {allowzero = 1 : i64} : (tensor<2x0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
// CHECK: return %[[R]]
func.func @across_allowzero(%x: tensor<2x0x3xf32>) -> tensor<0x3xf32> {
  %s = arith.constant dense<[0, 3, 0]> : tensor<3xi64>
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<2x0x3xf32>, tensor<3xi64>) -> tensor<0x3x0xf32>
  %t = arith.constant dense<[0, 0]> : tensor<2xi64>
  %1 = sonnx.reshape %0, %t : (tensor<0x3x0xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  return %1 : tensor<0x3xf32>
}

// -----

// A single reshape whose rules are decided gets the same canonical shape:
// the literal sizes, allowzero = 1 only when a size is 0.
// CHECK-LABEL: func @canonical_single_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[Z:.*]]: tensor<0x4xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant dense<[2, 12]> : tensor<2xi64>
// CHECK-DAG: %[[C1:.*]] = arith.constant dense<[4, 6]> : tensor<2xi64>
// CHECK-DAG: %[[C2:.*]] = arith.constant dense<[2, 0, 2]> : tensor<3xi64>
// CHECK: sonnx.reshape %[[X]], %[[C0]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x12xf32>
// CHECK: sonnx.reshape %[[X]], %[[C1]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
// CHECK: sonnx.reshape %[[Z]], %[[C2]] {allowzero = 1 : i64} : (tensor<0x4xf32>, tensor<3xi64>) -> tensor<2x0x2xf32>
func.func @canonical_single_reshape(%x: tensor<2x3x4xf32>, %z: tensor<0x4xf32>)
    -> (tensor<2x12xf32>, tensor<4x6xf32>, tensor<2x0x2xf32>) {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x12xf32>
  // allowzero = 1 without a 0 in the shape is moot: it goes.
  %t = arith.constant dense<[4, 6]> : tensor<2xi64>
  %1 = sonnx.reshape %x, %t {allowzero = 1 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
  %u = arith.constant dense<[2, 0, 2]> : tensor<3xi64>
  %2 = sonnx.reshape %z, %u {allowzero = 1 : i64} : (tensor<0x4xf32>, tensor<3xi64>) -> tensor<2x0x2xf32>
  return %0, %1, %2 : tensor<2x12xf32>, tensor<4x6xf32>, tensor<2x0x2xf32>
}

// -----

// A producer with other uses stays for them.
// CHECK-LABEL: func @shared_producer
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
// CHECK-DAG: %[[A:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<6> : tensor<1xi64>
// CHECK-DAG: %[[U:.*]] = sonnx.unsqueeze %[[X]], %[[A]]
// CHECK-DAG: %[[R:.*]] = sonnx.reshape %[[X]], %[[C]] : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
// CHECK: return %[[U]], %[[R]]
func.func @shared_producer(%x: tensor<2x3xf32>) -> (tensor<1x2x3xf32>, tensor<6xf32>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  %1 = sonnx.reshape %0, %s : (tensor<1x2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %0, %1 : tensor<1x2x3xf32>, tensor<6xf32>
}

// -----

// Reshapes with dynamic sizes are not merged: a reshape of a dynamic input
// may check reshape.count (or infer a -1) at run time, and a merge could
// change which inputs pass. Telling that a check can never fail needs
// reasoning on symbolic sizes that the folds do not do: the first pair below
// holds for every ?, and is kept all the same (a known, safe miss).
// CHECK-LABEL: func @no_merge_dynamic_reshapes
// CHECK: %[[R0:.*]] = sonnx.reshape %{{.*}} : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
// CHECK: %[[R1:.*]] = sonnx.reshape %[[R0]], %{{.*}} : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
// CHECK: %[[U:.*]] = sonnx.unsqueeze %{{.*}} : (tensor<?x3x4xf32>, tensor<1xi64>) -> tensor<1x?x3x4xf32>
// An unresolved -1 stays an unknown size when the type is refined.
// CHECK: sonnx.reshape %[[U]], %{{.*}} : (tensor<1x?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
func.func @no_merge_dynamic_reshapes(%x: tensor<?x3x4xf32>) -> (tensor<?x3x4xf32>, tensor<?x12xf32>) {
  %s = arith.constant dense<[0, 12]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  %t = arith.constant dense<[0, 3, 4]> : tensor<3xi64>
  %1 = sonnx.reshape %0, %t : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %2 = sonnx.unsqueeze %x, %a : (tensor<?x3x4xf32>, tensor<1xi64>) -> tensor<1x?x3x4xf32>
  %u = arith.constant dense<[-1, 12]> : tensor<2xi64>
  %3 = sonnx.reshape %2, %u : (tensor<1x?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  return %1, %3 : tensor<?x3x4xf32>, tensor<?x12xf32>
}

// -----

// A dynamic reshape followed by one with allowzero = 1 is not merged either.
// CHECK-LABEL: func @no_merge_dynamic_allowzero
// CHECK: sonnx.reshape %{{.*}} : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x2x2xf32>
// CHECK: sonnx.reshape %{{.*}} {allowzero = 1 : i64} : (tensor<?x2x2xf32>, tensor<2xi64>) -> tensor<0x4xf32>
func.func @no_merge_dynamic_allowzero(%x: tensor<?x4xf32>) -> tensor<0x4xf32> {
  %s = arith.constant dense<[0, 2, 2]> : tensor<3xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x2x2xf32>
  %t = arith.constant dense<[0, 4]> : tensor<2xi64>
  %1 = sonnx.reshape %0, %t {allowzero = 1 : i64} : (tensor<?x2x2xf32>, tensor<2xi64>) -> tensor<0x4xf32>
  return %1 : tensor<0x4xf32>
}

// -----

// unsqueeze(unsqueeze) merges its axes, dynamic sizes included: [0] then
// [-1, 1] on a rank-4 result give the axes [0, 1, 4].
// CHECK-LABEL: func @merge_unsqueezes
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>
// CHECK: %[[A:.*]] = arith.constant dense<[0, 1, 4]> : tensor<3xi64>
// CHECK: %[[U:.*]] = sonnx.unsqueeze %[[X]], %[[A]] : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<1x1x?x3x1xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[U]]
func.func @merge_unsqueezes(%x: tensor<?x3xf32>) -> tensor<1x1x?x3x1xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<1x?x3xf32>
  %b = arith.constant dense<[-1, 1]> : tensor<2xi64>
  %1 = sonnx.unsqueeze %0, %b : (tensor<1x?x3xf32>, tensor<2xi64>) -> tensor<1x1x?x3x1xf32>
  return %1 : tensor<1x1x?x3x1xf32>
}

// -----

// Static unsqueezes are a decided chain like any other: one reshape.
// CHECK-LABEL: func @static_unsqueezes
// CHECK: %[[C:.*]] = arith.constant dense<[2, 1, 1, 3]> : tensor<4xi64>
// CHECK: sonnx.reshape %{{.*}}, %[[C]] : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x1x1x3xf32>
// CHECK-NOT: sonnx.
func.func @static_unsqueezes(%x: tensor<2x3xf32>) -> tensor<2x1x1x3xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
  %1 = sonnx.unsqueeze %0, %a : (tensor<2x1x3xf32>, tensor<1xi64>) -> tensor<2x1x1x3xf32>
  return %1 : tensor<2x1x1x3xf32>
}

// -----

// flatten(unsqueeze(X, A), a) is flatten(X, a - c), c the 1s inserted
// before a, for dynamic sizes too.
// CHECK-LABEL: func @flatten_unsqueeze
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>
// CHECK: %[[F:.*]] = sonnx.flatten %[[X]] {axis = 2 : i64} : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[F]]
func.func @flatten_unsqueeze(%x: tensor<?x3x4xf32>) -> tensor<?x4xf32> {
  %a = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<1x?x3x1x4xf32>
  // [1, ?, 3] | [1, 4]: one 1 inserted before axis 3.
  %1 = sonnx.flatten %0 {axis = 3 : i64} : (tensor<1x?x3x1x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// flatten(unsqueeze(flatten(X))) ends as one flatten on a dynamic input,
// and as one reshape on a static input (a decided chain), whichever pair is
// rewritten first.
// CHECK-LABEL: func @flatten_unsqueeze_flatten
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>, %[[Y:.*]]: tensor<2x3x4xf32>
// CHECK-DAG: %[[F:.*]] = sonnx.flatten %[[X]] {axis = 2 : i64} : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<[6, 4]> : tensor<2xi64>
// CHECK-DAG: %[[R:.*]] = sonnx.reshape %[[Y]], %[[C]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[F]], %[[R]]
func.func @flatten_unsqueeze_flatten(%x: tensor<?x3x4xf32>, %y: tensor<2x3x4xf32>)
    -> (tensor<?x4xf32>, tensor<6x4xf32>) {
  %b = arith.constant dense<[1]> : tensor<1xi64>
  %0 = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
  %1 = sonnx.unsqueeze %0, %b : (tensor<?x4xf32>, tensor<1xi64>) -> tensor<?x1x4xf32>
  %2 = sonnx.flatten %1 {axis = 1 : i64} : (tensor<?x1x4xf32>) -> tensor<?x4xf32>
  %3 = sonnx.flatten %y {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %4 = sonnx.unsqueeze %3, %b : (tensor<6x4xf32>, tensor<1xi64>) -> tensor<6x1x4xf32>
  %5 = sonnx.flatten %4 {axis = 1 : i64} : (tensor<6x1x4xf32>) -> tensor<6x4xf32>
  return %2, %5 : tensor<?x4xf32>, tensor<6x4xf32>
}

// -----

// The intermediate type promises a size 5 that only a run-time check of the
// first unsqueeze can guarantee (unsqueeze.Y.C1): no merge.
// CHECK-LABEL: func @no_merge_unsqueeze_promise
// CHECK: %[[U0:.*]] = sonnx.unsqueeze %{{.*}} : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<1x5x3xf32>
// CHECK: sonnx.unsqueeze %[[U0]]
func.func @no_merge_unsqueeze_promise(%x: tensor<?x3xf32>) -> tensor<1x5x3x1xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<1x5x3xf32>
  %b = arith.constant dense<[3]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %0, %b : (tensor<1x5x3xf32>, tensor<1xi64>) -> tensor<1x5x3x1xf32>
  return %1 : tensor<1x5x3x1xf32>
}

// -----

// Run-time axes: no merge.
// CHECK-LABEL: func @no_merge_runtime_axes
// CHECK: %[[U0:.*]] = sonnx.unsqueeze
// CHECK: sonnx.unsqueeze %[[U0]]
func.func @no_merge_runtime_axes(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<1x1x2x3xf32> {
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  %b = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %0, %b : (tensor<?x?x?xf32>, tensor<1xi64>) -> tensor<1x1x2x3xf32>
  return %1 : tensor<1x1x2x3xf32>
}

// -----

// flatten(flatten(X, 1), a2) on a dynamic X: a2 = 0 is flatten(X, 0),
// a2 = 1 (here -1) keeps flatten(X, 1), a2 = 2 is flatten(X, 3).
// CHECK-LABEL: func @merge_flattens
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>
// CHECK-DAG: %[[F0:.*]] = sonnx.flatten %[[X]] {axis = 0 : i64} : (tensor<?x3x4xf32>) -> tensor<1x?xf32>
// CHECK-DAG: %[[F1:.*]] = sonnx.flatten %[[X]] {axis = 1 : i64} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
// CHECK-DAG: %[[F2:.*]] = sonnx.flatten %[[X]] {axis = 3 : i64} : (tensor<?x3x4xf32>) -> tensor<?x1xf32>
// CHECK: return %[[F0]], %[[F1]], %[[F2]]
func.func @merge_flattens(%x: tensor<?x3x4xf32>) -> (tensor<1x?xf32>, tensor<?x12xf32>, tensor<?x1xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
  %1 = sonnx.flatten %0 {axis = 0 : i64} : (tensor<?x12xf32>) -> tensor<1x?xf32>
  %2 = sonnx.flatten %0 {axis = -1 : i64} : (tensor<?x12xf32>) -> tensor<?x12xf32>
  %3 = sonnx.flatten %0 {axis = 2 : i64} : (tensor<?x12xf32>) -> tensor<?x1xf32>
  return %1, %2, %3 : tensor<1x?xf32>, tensor<?x12xf32>, tensor<?x1xf32>
}

// -----

// expand(expand) without axes_mapping: the shapes broadcast to [2, 1, 4],
// and the ? of %x meets the same sizes as before (1, so it is kept).
// CHECK-LABEL: func @merge_expands
// CHECK-SAME: (%[[X:.*]]: tensor<?x1xf32>
// CHECK: %[[S:.*]] = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
// CHECK: %[[E:.*]] = sonnx.expand %[[X]], %[[S]] : (tensor<?x1xf32>, tensor<3xi64>) -> tensor<2x?x4xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[E]]
func.func @merge_expands(%x: tensor<?x1xf32>) -> tensor<2x?x4xf32> {
  %s1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s1 : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  %s2 = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %1 = sonnx.expand %0, %s2 : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<2x?x4xf32>
  return %1 : tensor<2x?x4xf32>
}

// -----

// With axes_mapping on a static input, the mappings compose: dimension 0 of
// %y goes to 0 then to 1.
// CHECK-LABEL: func @merge_mapped_expands
// CHECK-SAME: (%[[Y:.*]]: tensor<3xf32>
// CHECK: %[[S:.*]] = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
// CHECK: %[[E:.*]] = sonnx.expand %[[Y]], %[[S]] {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[E]]
func.func @merge_mapped_expands(%y: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %m1 = arith.constant dense<[3, 4]> : tensor<2xi64>
  %0 = sonnx.expand %y, %m1 {axes_mapping = array<i64: 0>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  %m2 = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
  %1 = sonnx.expand %0, %m2 {axes_mapping = array<i64: 1, 2>} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
  return %1 : tensor<2x3x4x5xf32>
}

// -----

// With axes_mapping, a dynamic input is not merged: its ? must be 1 or 3 for
// the first expand; after a merge it would meet another size.
// CHECK-LABEL: func @no_merge_mapped_dynamic
// CHECK: %[[E0:.*]] = sonnx.expand %{{.*}} {axes_mapping = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<1x4xf32>
// CHECK: sonnx.expand %[[E0]]
func.func @no_merge_mapped_dynamic(%y: tensor<?xf32>) -> tensor<3x4xf32> {
  %m1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %y, %m1 {axes_mapping = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<1x4xf32>
  %m2 = arith.constant dense<[3, 4]> : tensor<2xi64>
  %1 = sonnx.expand %0, %m2 {axes_mapping = array<i64: 0, 1>} : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// The intermediate type promises a size 5 for the ? of %x: no merge.
// CHECK-LABEL: func @no_merge_expand_promise
// CHECK: %[[E0:.*]] = sonnx.expand %{{.*}} : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<5x4xf32>
// CHECK: sonnx.expand %[[E0]]
func.func @no_merge_expand_promise(%x: tensor<?x1xf32>) -> tensor<2x5x4xf32> {
  %s1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s1 : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<5x4xf32>
  %s2 = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %1 = sonnx.expand %0, %s2 : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<2x5x4xf32>
  return %1 : tensor<2x5x4xf32>
}
