// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// Static broadcasting: a unit dimension is collapsed away and a
// linalg.generic copies through a broadcasting (projected-permutation)
// indexing map. Inputs of different element types each get their own.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @static
// CHECK-SAME: (%[[A:.*]]: tensor<3x1xf32>, %[[B:.*]]: tensor<4xi8>)
// CHECK-NOT: cf.assert
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: %[[A1:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<3x1xf32> into tensor<3xf32>
// CHECK: %[[Z0:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A1]] : tensor<3xf32>) outs(%[[E0]] : tensor<3x4xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<3x4xi8>
// CHECK: %[[Z1:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<4xi8>) outs(%[[E1]] : tensor<3x4xi8>)
// CHECK: return %[[Z0]], %[[Z1]]
func.func @static(%a: tensor<3x1xf32>, %b: tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
  return %z0, %z1 : tensor<3x4xf32>, tensor<3x4xi8>
}

// -----

// An input that already has the result shape is the result: no copy.
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf64>, %[[B:.*]]: tensor<3xf64>)
// CHECK: %[[Z1:.*]] = linalg.generic
// CHECK: return %[[A]], %[[Z1]]
func.func @identity(%a: tensor<2x3xf64>, %b: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>)
  return %z0, %z1 : tensor<2x3xf64>, tensor<2x3xf64>
}

// -----

// A single input, scalars: nothing to broadcast.
// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%[[A:.*]]: tensor<i1>, %[[B:.*]]: tensor<ui16>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[A]], %[[B]]
func.func @scalars(%a: tensor<i1>, %b: tensor<ui16>) -> (tensor<i1>, tensor<ui16>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<i1>, tensor<ui16>) -> (tensor<i1>, tensor<ui16>)
  return %z0, %z1 : tensor<i1>, tensor<ui16>
}

// -----

// A scalar against a zero-size tensor: the empty result, no generic (a loop
// nest over no element; zero-size-huge-dims.mlir).
// CHECK-LABEL: func.func @scalar_zero_size
// CHECK-SAME: (%{{.*}}: tensor<f16>, %[[B:.*]]: tensor<2x0xf16>)
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x0xf16>
// CHECK-NOT: linalg.generic
// CHECK: return %[[E]], %[[B]]
func.func @scalar_zero_size(%a: tensor<f16>, %b: tensor<2x0xf16>) -> (tensor<2x0xf16>, tensor<2x0xf16>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<f16>, tensor<2x0xf16>) -> (tensor<2x0xf16>, tensor<2x0xf16>)
  return %z0, %z1 : tensor<2x0xf16>, tensor<2x0xf16>
}

// -----

// One dynamic size against static 1s and missing dimensions: the result
// size is that size, and it maps through the identity; no check.
// CHECK-DAG: #[[MAP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @one_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x4xf32>
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xf32>
// CHECK: %[[Z1:.*]] = linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}], {{.*}} ins(%[[B]] : tensor<4xf32>) outs(%[[E]] : tensor<?x4xf32>)
// CHECK: return %[[A]], %[[Z1]]
func.func @one_dynamic(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?x4xf32>, tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>)
  return %z0, %z1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// A dynamic size against a static one: broadcast.E1 at run time, and the
// input is read at index 0 when its size is 1.
// CHECK-LABEL: func.func @dynamic_vs_static
// CHECK-SAME: (%[[A:.*]]: tensor<?xi64>, %[[B:.*]]: tensor<4xi64>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi64>
// CHECK: cf.assert %{{.*}}, "{{.*}}broadcast.mlir:{{[0-9]+}}:{{[0-9]+}}: 'sonnx.broadcast' op input #0 is neither 1 nor 4 in dimension 0 of the broadcast [broadcast.E1]"
// CHECK: %[[ISONE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xi64>
// CHECK: %[[Z0:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<4xi64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[IDX:.*]] = arith.select %[[ISONE]], %{{.*}}, %[[I]] : index
// CHECK: %[[V:.*]] = tensor.extract %[[A]][%[[IDX]]] : tensor<?xi64>
// CHECK: linalg.yield %[[V]] : i64
// CHECK: return %[[Z0]], %[[B]]
func.func @dynamic_vs_static(%a: tensor<?xi64>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
  return %z0, %z1 : tensor<4xi64>, tensor<4xi64>
}

// -----

// Two dynamic sizes: the result size is computed at run time and both are
// checked against it.
// CHECK-LABEL: func.func @two_dynamic
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.broadcast' op input #0 is neither 1 nor the size of the other operands in dimension 1 of the broadcast [broadcast.E1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.broadcast' op input #1 is neither 1 nor the size of the other operands in dimension 1 of the broadcast [broadcast.E1]"
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: linalg.generic
// CHECK: tensor.extract
func.func @two_dynamic(%a: tensor<2x?xf32>, %b: tensor<?xf32>) -> (tensor<2x?xf32>, tensor<2x?xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<2x?xf32>, tensor<?xf32>) -> (tensor<2x?xf32>, tensor<2x?xf32>)
  return %z0, %z1 : tensor<2x?xf32>, tensor<2x?xf32>
}

// -----

// A result size declared static but computed at run time: broadcast.Z.shape.
// CHECK-LABEL: func.func @declared
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.broadcast' op result dimension 0 is declared 5 but the inputs broadcast to a different size at run time [broadcast.Z.shape]"
// CHECK: tensor.empty() : tensor<5xf32>
func.func @declared(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>)
  return %z0, %z1 : tensor<5xf32>, tensor<?xf32>
}

// -----

// A result dimension of size 1: an input of size 1 there is not broadcast
// along it (identity); the input already of the result shape is the
// result itself.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unit_result_dim
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xf32>, %[[B:.*]]: tensor<1x1xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x3xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x1xf32> into tensor<1xf32>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], {{.*}}} ins(%[[C]] : tensor<1xf32>) outs(%[[E]] : tensor<1x3xf32>)
// CHECK: return %[[A]], %[[G]] : tensor<1x3xf32>, tensor<1x3xf32>
func.func @unit_result_dim(%a: tensor<1x3xf32>, %b: tensor<1x1xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>) {
  %r:2 = sonnx.broadcast %a, %b : (tensor<1x3xf32>, tensor<1x1xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
  return %r#0, %r#1 : tensor<1x3xf32>, tensor<1x3xf32>
}
