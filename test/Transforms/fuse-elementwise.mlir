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
