// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @static
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[Y:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK-NEXT: return %[[Y]]
func.func @static(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %y : tensor<2x12xf32>
}

// -----

// axis = 0: an outer size 1, through 1-D.
// CHECK-LABEL: func.func @axis_zero
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xbf16>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xbf16> into tensor<6xbf16>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [1, 6] : tensor<6xbf16> into tensor<1x6xbf16>
// CHECK-NEXT: return %[[Y]]
func.func @axis_zero(%x: tensor<2x3xbf16>) -> tensor<1x6xbf16> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3xbf16>) -> tensor<1x6xbf16>
  return %y : tensor<1x6xbf16>
}

// -----

// axis = rank: an inner size 1; a 1-D input needs a single expand_shape.
// CHECK-LABEL: func.func @axis_rank
// CHECK-SAME: (%[[X:.*]]: tensor<5xi16>)
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [5, 1] : tensor<5xi16> into tensor<5x1xi16>
// CHECK-NEXT: return %[[Y]]
func.func @axis_rank(%x: tensor<5xi16>) -> tensor<5x1xi16> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<5xi16>) -> tensor<5x1xi16>
  return %y : tensor<5x1xi16>
}

// -----

// Dynamic sizes: the products are computed at run time, checked against
// int64 overflow (a product with a 0 factor never overflows).
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x4xf32>)
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x?x4xf32>
// CHECK: arith.mulsi_extended
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.flatten' op the product of the input sizes overflows int64 [flatten.Y.C1]"
// CHECK: %[[Y:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x?x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: return %[[Y]]
func.func @dynamic(%x: tensor<2x?x4xf32>) -> tensor<?x4xf32> {
  %y = sonnx.flatten %x {axis = -1 : i64} : (tensor<2x?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.*]]: tensor<i8>)
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] [] output_shape [1, 1] : tensor<i8> into tensor<1x1xi8>
// CHECK-NEXT: return %[[Y]]
func.func @scalar(%x: tensor<i8>) -> tensor<1x1xi8> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<i8>) -> tensor<1x1xi8>
  return %y : tensor<1x1xi8>
}

// -----

// Zero-size: a 0 only pairs with a 0 when grouping sizes, so this view goes
// through 1-D (still a view).
// CHECK-LABEL: func.func @zero_size
// CHECK-NOT: cf.assert
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<0x3x4xf32> into tensor<0xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [0, 4] : tensor<0xf32> into tensor<0x4xf32>
func.func @zero_size(%x: tensor<0x3x4xf32>) -> tensor<0x4xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<0x3x4xf32>) -> tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}

// -----

// A dynamic size whose product is 0 statically: no run-time product.
// CHECK-LABEL: func.func @zero_size_dynamic
// CHECK-NOT: cf.assert
// CHECK: tensor.empty() : tensor<0x4xf32>
func.func @zero_size_dynamic(%x: tensor<?x0x4xf32>) -> tensor<0x4xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x0x4xf32>) -> tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}

// -----

// CHECK-LABEL: func.func @declared
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.flatten' op result dimension 0 is declared 3 but is a different size at run time [flatten.Y.C1]"
// CHECK: %[[C:.*]] = tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?xf32>, tensor<1xindex>) -> tensor<12xf32>
// CHECK: tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
func.func @declared(%x: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
