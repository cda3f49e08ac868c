// RUN: sonnx-opt %s -split-input-file --sonnx-fuse-elementwise | FileCheck %s

// --sonnx-fuse-elementwise is upstream's elementwise fusion, except that a
// reshape is not moved through a generic that only copies an input.

#id1 = affine_map<(d0) -> (d0)>

// A copy of a collapsed input: the collapse stays where it is (the copy
// folds away with the canonicalization), the generic is not widened.
// CHECK-LABEL: func.func @copies
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT: return %[[C]]
func.func @copies(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%c : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>

// A generic that also yields a value from outside its body (a constant, an
// argument of the function) is not a copy: the collapse moves below it, as
// upstream does, and the generic runs over the 2 x 3 input.
// CHECK-LABEL: func.func @outer_constant
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>)
// CHECK: tensor.collapse_shape
// CHECK-LABEL: func.func @function_argument
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>)
// CHECK: tensor.collapse_shape
func.func @outer_constant(%x: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %cst = arith.constant 1.0 : f32
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %0:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%c : tensor<6xf32>) outs(%e, %e : tensor<6xf32>, tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32, %d: f32):
    linalg.yield %a, %cst : f32, f32
  } -> (tensor<6xf32>, tensor<6xf32>)
  return %0#0, %0#1 : tensor<6xf32>, tensor<6xf32>
}
func.func @function_argument(%x: tensor<2x3xf32>, %s: f32) -> (tensor<6xf32>, tensor<6xf32>) {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %0:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%c : tensor<6xf32>) outs(%e, %e : tensor<6xf32>, tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32, %d: f32):
    linalg.yield %a, %s : f32, f32
  } -> (tensor<6xf32>, tensor<6xf32>)
  return %0#0, %0#1 : tensor<6xf32>, tensor<6xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>

// A producer with another user is not fused (it would be computed twice).
// CHECK-LABEL: func.func @two_users
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[P]] :
// CHECK-NOT: arith.negf
// CHECK: arith.addf
// CHECK: return %[[P]], %[[Q]]
func.func @two_users(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %e = tensor.empty() : tensor<6xf32>
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<6xf32>
  %q = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%p : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.addf %a, %a : f32
    linalg.yield %n : f32
  } -> tensor<6xf32>
  return %p, %q : tensor<6xf32>, tensor<6xf32>
}

// -----

// A producer that computes is not fused into a consumer that would compute
// it again: P x V reads the division once per column of V (its map leaves
// out d2), so the softmax's division stays a generic of its own, and each
// quotient is computed once.
// CHECK-LABEL: func.func @no_recomputation
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.divf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[P]], %{{.*}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK-NOT: arith.divf
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#a = affine_map<(d0, d1, d2) -> (d0, d1)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @no_recomputation(%e: tensor<4x8xf32>, %s: tensor<4xf32>, %v: tensor<8x16xf32>, %acc: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<4x8xf32>, tensor<4xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %q = arith.divf %x, %y : f32
    linalg.yield %q : f32
  } -> tensor<4x8xf32>
  %o = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%p, %v : tensor<4x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %a = arith.addf %out, %m : f32
    linalg.yield %a : f32
  } -> tensor<4x16xf32>
  return %o : tensor<4x16xf32>
}

// -----

// The same producer read once per element (a map that is a permutation):
// fused, as upstream fuses it.
// CHECK-LABEL: func.func @fused_once
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @fused_once(%e: tensor<4x8xf32>, %s: tensor<4xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<4x8xf32>, tensor<4xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %q = arith.divf %x, %y : f32
    linalg.yield %q : f32
  } -> tensor<4x8xf32>
  %o = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%p : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %a = arith.addf %x, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %o : tensor<4xf32>
}
