// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// Constant axes: one expand_shape, each 1 grouped with a neighbouring input
// dimension; no check.
// CHECK-LABEL: func.func @constant_axes
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2, 3]] output_shape [1, 3, 4, 1] : tensor<3x4xf32> into tensor<1x3x4x1xf32>
// CHECK-NEXT: return %[[Y]]
func.func @constant_axes(%x: tensor<3x4xf32>) -> tensor<1x3x4x1xf32> {
  %a = arith.constant dense<[0, -1]> : tensor<2xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
  return %y : tensor<1x3x4x1xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xsi8>)
// CHECK-NOT: cf.assert
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xsi8>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2, 3]] output_shape [%[[D0]], 1, 1, 4] : tensor<?x4xsi8> into tensor<?x1x1x4xsi8>
// CHECK-NEXT: return %[[Y]]
func.func @dynamic(%x: tensor<?x4xsi8>) -> tensor<?x1x1x4xsi8> {
  %a = arith.constant dense<[2, 1]> : tensor<2xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<?x4xsi8>, tensor<2xi64>) -> tensor<?x1x1x4xsi8>
  return %y : tensor<?x1x1x4xsi8>
}

// -----

// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.*]]: tensor<f64>)
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] [] output_shape [1] : tensor<f64> into tensor<1xf64>
// CHECK-NEXT: return %[[Y]]
func.func @scalar(%x: tensor<f64>) -> tensor<1xf64> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<f64>, tensor<1xi64>) -> tensor<1xf64>
  return %y : tensor<1xf64>
}

// -----

// CHECK-LABEL: func.func @zero_size
// CHECK-NOT: tensor.collapse_shape
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [0, 5, 1] : tensor<0x5xi1> into tensor<0x5x1xi1>
func.func @zero_size(%x: tensor<0x5xi1>) -> tensor<0x5x1xi1> {
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<0x5xi1>, tensor<1xi64>) -> tensor<0x5x1xi1>
  return %y : tensor<0x5x1xi1>
}

// -----

// A static size that only the result type fixes is checked at run time.
// CHECK-LABEL: func.func @declared
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op result dimension 1 is declared 3 but is a different size at run time [unsqueeze.Y.C1]"
// CHECK: %[[C:.*]] = tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?xf32>, tensor<1xindex>) -> tensor<3xf32>
// CHECK: tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
func.func @declared(%x: tensor<?xf32>) -> tensor<1x3xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<?xf32>, tensor<1xi64>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

// Run-time axes: range and duplicates are checked at run time, the result
// sizes are computed from the normalized axes, and the view goes through
// 1-D.
// CHECK-LABEL: func.func @runtime_axes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[A:.*]]: tensor<2xi64>)
// CHECK: tensor.extract %[[A]]
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[0] is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]"
// CHECK: tensor.extract %[[A]]
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[1] is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[0] and axes[1] designate the same axis [unsqueeze.A.C2]"
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[DYN:.*]] = tensor.cast %[[FLAT]] : tensor<6xf32> to tensor<?xf32>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[DYN]] {{\[}}[0, 1, 2, 3]] output_shape [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<?xf32> into tensor<?x?x?x?xf32>
// CHECK-NEXT: return %[[Y]]
func.func @runtime_axes(%x: tensor<2x3xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// Run-time axes of an input whose sizes are all 1: every result size is 1.
// CHECK-LABEL: func.func @runtime_axes_ones
// CHECK: unsqueeze.A.C1
// CHECK: unsqueeze.A.C2
// CHECK: %[[Y:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [1, 1, 1] : tensor<1xi64> into tensor<1x1x1xi64>
// CHECK: tensor.cast %[[Y]] : tensor<1x1x1xi64> to tensor<?x?x?xi64>
func.func @runtime_axes_ones(%x: tensor<1xi64>, %a: tensor<2xi64>) -> tensor<?x?x?xi64> {
  %y = sonnx.unsqueeze %x, %a : (tensor<1xi64>, tensor<2xi64>) -> tensor<?x?x?xi64>
  return %y : tensor<?x?x?xi64>
}

// -----

// Axes of dynamic length with a ranked result: their number is checked.
// CHECK-LABEL: func.func @declared_length
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes has a length other than 1, the length that the declared result type implies [unsqueeze.Y.C1]"
// CHECK: unsqueeze.A.C1
func.func @declared_length(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// Axes of dynamic length L with an unranked result: the rank 2 + L is known
// only at run time; loops check the axes, a tensor.generate computes the
// result sizes and tensor.reshape makes the unranked view.
// CHECK-LABEL: func.func @unranked
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[A:.*]]: tensor<?xi64>)
// CHECK: %[[LEN:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi64>
// CHECK: %[[L:.*]] = arith.index_cast %[[LEN]] : index to i64
// CHECK: %[[R:.*]] = arith.addi %[[L]], %{{.*}} : i64
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[LEN]]
// CHECK:   cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op a value of axes is out of range [-r, r - 1] for the result rank r = rank(data) + length of axes [unsqueeze.A.C1]"
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[LEN]]
// CHECK:   scf.for %{{.*}} = %{{.*}} to %[[LEN]]
// CHECK:     cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op two values of axes designate the same axis [unsqueeze.A.C2]"
// CHECK: %[[RI:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK: %[[SIZES:.*]] = tensor.generate %[[RI]]
// CHECK:   scf.for
// CHECK:   tensor.yield %{{.*}} : i64
// CHECK: %[[Y:.*]] = tensor.reshape %[[X]](%[[SIZES]]) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
// CHECK: return %[[Y]]
func.func @unranked(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
