// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// A constant shape that merges dimensions: one collapse_shape, no check.
// CHECK-LABEL: func.func @collapse
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[Y:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: return %[[Y]]
func.func @collapse(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %s = arith.constant dense<[6, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:.*]]: tensor<6x4xf16>)
// CHECK-NOT: cf.assert
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf16> into tensor<2x3x4xf16>
// CHECK-NEXT: return %[[Y]]
func.func @expand(%x: tensor<6x4xf16>) -> tensor<2x3x4xf16> {
  %s = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<6x4xf16>, tensor<3xi64>) -> tensor<2x3x4xf16>
  return %y : tensor<2x3x4xf16>
}

// -----

// Not reassociative: through 1-D.
// CHECK-LABEL: func.func @not_reassociative
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi8>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xi8> into tensor<6xi8>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xi8> into tensor<3x2xi8>
// CHECK-NEXT: return %[[Y]]
func.func @not_reassociative(%x: tensor<2x3xi8>) -> tensor<3x2xi8> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  return %y : tensor<3x2xi8>
}

// -----

// A 0 copies a dynamic size: still one expand_shape. The copied size
// cancels out of reshape.count, so the -1 is 2 statically, but that size
// must not be 0 at run time.
// CHECK-LABEL: func.func @copy_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xui8>)
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xui8>
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the product of the sizes of shape overflows int64 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op cannot infer the -1 of shape: the product of the other sizes is 0 [reshape.count]"
// CHECK-NOT: cf.assert
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [%[[D0]], 2, 2] : tensor<?x4xui8> into tensor<?x2x2xui8>
// CHECK-NEXT: return %[[Y]]
func.func @copy_dynamic(%x: tensor<?x4xui8>) -> tensor<?x2x2xui8> {
  %s = arith.constant dense<[0, 2, -1]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x4xui8>, tensor<3xi64>) -> tensor<?x2x2xui8>
  return %y : tensor<?x2x2xui8>
}

// -----

// A -1 against a dynamic size: its value is computed at run time, and
// reshape.count is checked there unless the division is exact.
// CHECK-LABEL: func.func @infer_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>)
// CHECK: cf.assert %{{.*}}, "{{.*}}reshape.mlir:{{[0-9]+}}:{{[0-9]+}}: 'sonnx.reshape' op the element count of the input overflows int64 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op cannot infer the -1 of shape: the element count of the input is not a multiple of the product of the other sizes [reshape.count]"
// CHECK: %[[Q:.*]] = arith.divsi
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[Q]] : i64 to index
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x6xf32> into tensor<?xf32>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, %[[SIZE]]] : tensor<?xf32> into tensor<4x?xf32>
// CHECK-NEXT: return %[[Y]]
func.func @infer_dynamic(%x: tensor<?x6xf32>) -> tensor<4x?xf32> {
  %s = arith.constant dense<[4, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// The shape rules resolve this -1 statically (4) by cancelling the copied
// size; that size must still not be 0 at run time (a -1 is not inferable
// from a product of 0).
// CHECK-LABEL: func.func @infer_copied
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op cannot infer the -1 of shape: the product of the other sizes is 0 [reshape.count]"
// CHECK-NOT: cf.assert
// CHECK: return %[[X]]
func.func @infer_copied(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// An exact division: no check on the -1, only the (defensive) check that
// the input element count fits in int64.
// CHECK-LABEL: func.func @infer_exact
// CHECK: cf.assert %{{.*}}, "{{.*}}the element count of the input overflows int64 [reshape.count]"
// CHECK-NOT: cf.assert
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 3, 2] : tensor<?x6xf32> into tensor<?x3x2xf32>
func.func @infer_exact(%x: tensor<?x6xf32>) -> tensor<?x3x2xf32> {
  %s = arith.constant dense<[-1, 3, 2]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x3x2xf32>
  return %y : tensor<?x3x2xf32>
}

// -----

// A run-time shape: every rule on its values is checked at run time.
// CHECK-LABEL: func.func @runtime_shape
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK: %[[S0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[0] is below -1 [reshape.S.below]"
// CHECK: %[[S1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[1] is below -1 [reshape.S.below]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds -1 more than once [reshape.S.minus1]"
// CHECK-NOT: reshape.S.zero-index
// CHECK-NOT: reshape.allowzero.minus1
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the product of the sizes of shape overflows int64 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the element count of the input overflows int64 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op cannot infer the -1 of shape: the product of the other sizes is 0 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op cannot infer the -1 of shape: the element count of the input is not a multiple of the product of the other sizes [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]"
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [%{{.*}}, %{{.*}}] : tensor<?xf32> into tensor<?x?xf32>
// CHECK-NEXT: return %[[Y]]
func.func @runtime_shape(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A 0 beyond the input rank is checked at run time (allowzero = 0).
// CHECK-LABEL: func.func @runtime_zero_index
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[1] = 0 copies input dimension 1, but the input has rank 1 (allowzero = 0) [reshape.S.zero-index]"
// CHECK-NOT: reshape.allowzero.minus1
func.func @runtime_zero_index(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @runtime_allowzero
// CHECK-NOT: reshape.S.zero-index
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds both 0 and -1 with allowzero = 1 [reshape.allowzero.minus1]"
// CHECK-NOT: reshape.S.zero-index
func.func @runtime_allowzero(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A static size declared by the result type is checked at run time against
// the resolved shape, and then known statically: through tensor.reshape, which
// no upstream fold sees through (a tensor.cast would become invalid IR once
// canonicalization learns a contradicting static size of its source).
// CHECK-LABEL: func.func @declared
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op result dimension 0 is declared 3 but is a different size at run time [reshape.Y.shape]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op result dimension 1 is declared 2 but is a different size at run time [reshape.Y.shape]"
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
// CHECK: %[[SIX:.*]] = arith.constant dense<6> : tensor<1xindex>
// CHECK: %[[STATIC:.*]] = tensor.reshape %[[FLAT]](%[[SIX]]) : (tensor<?xf32>, tensor<1xindex>) -> tensor<6xf32>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[STATIC]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK-NEXT: return %[[Y]]
func.func @declared(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// A shape of dynamic length with a ranked result: its length is checked.
// CHECK-LABEL: func.func @declared_length
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[S:.*]]: tensor<?xi64>)
// CHECK: %[[LEN:.*]] = tensor.dim %[[S]], %{{.*}} : tensor<?xi64>
// CHECK: %[[LEN64:.*]] = arith.index_cast %[[LEN]] : index to i64
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[LEN64]], %{{.*}} : i64
// CHECK: cf.assert %[[OK]], "{{.*}}'sonnx.reshape' op shape has a length other than 2, the length that the declared result type implies [reshape.Y.shape]"
// CHECK: tensor.extract %[[S]]
// CHECK-NOT: tensor.reshape
// CHECK: %[[DYN:.*]] = tensor.cast %[[X]] : tensor<6xf32> to tensor<?xf32>
// CHECK: tensor.expand_shape %[[DYN]] {{\[}}[0, 1]] output_shape [%{{.*}}, %{{.*}}] : tensor<?xf32> into tensor<?x?xf32>
func.func @declared_length(%x: tensor<6xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A shape of dynamic length and an unranked result: the rules are checked
// in a loop over the values of shape, and tensor.reshape takes the resolved
// shape.
// CHECK-LABEL: func.func @unranked
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xcomplex<f64>>, %[[S:.*]]: tensor<?xi64>)
// CHECK: %[[LEN:.*]] = tensor.dim %[[S]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[LEN]] step %{{.*}} iter_args
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op a value of shape is below -1 [reshape.S.below]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds a 0 at an index that is not below the input rank 2 (allowzero = 0) [reshape.S.zero-index]"
// CHECK: scf.yield
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the product of the sizes of shape overflows int64 [reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds -1 more than once [reshape.S.minus1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}reshape.count]"
// CHECK: %[[RESOLVED:.*]] = tensor.generate %[[LEN]]
// CHECK: tensor.yield
// CHECK: %[[Y:.*]] = tensor.reshape %[[X]](%[[RESOLVED]]) : (tensor<2x3xcomplex<f64>>, tensor<?xi64>) -> tensor<*xcomplex<f64>>
// CHECK-NEXT: return %[[Y]]
func.func @unranked(%x: tensor<2x3xcomplex<f64>>, %s: tensor<?xi64>) -> tensor<*xcomplex<f64>> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xcomplex<f64>>, tensor<?xi64>) -> tensor<*xcomplex<f64>>
  return %y : tensor<*xcomplex<f64>>
}

// -----

// Scalars: an expand_shape or a collapse_shape with no group.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.*]]: tensor<i1>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] [] output_shape [1, 1] : tensor<i1> into tensor<1x1xi1>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[E]] [] : tensor<1x1xi1> into tensor<i1>
// CHECK: return %[[C]]
func.func @scalar(%x: tensor<i1>) -> tensor<i1> {
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<i1>, tensor<2xi64>) -> tensor<1x1xi1>
  %e = arith.constant dense<> : tensor<0xi64>
  %z = sonnx.reshape %y, %e : (tensor<1x1xi1>, tensor<0xi64>) -> tensor<i1>
  return %z : tensor<i1>
}

// -----

// Zero-size: with allowzero = 1 a 0 is a size 0.
// CHECK-LABEL: func.func @zero_size
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xbf16>)
// CHECK-NOT: cf.assert
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<0x3xbf16> into tensor<0xbf16>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 0] : tensor<0xbf16> into tensor<3x0xbf16>
func.func @zero_size(%x: tensor<0x3xbf16>) -> tensor<3x0xbf16> {
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xbf16>, tensor<2xi64>) -> tensor<3x0xbf16>
  return %y : tensor<3x0xbf16>
}

// -----

// Zero-size with dynamic sizes, [0, 0] copying both: the verification
// proves reshape.count (0 = 0 elements whatever the ?), so the identity
// folds to the input, with no check and no new tensor.
// CHECK-LABEL: func.func @zero_size_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x0xf64>)
// CHECK-NOT: tensor.
// CHECK-NOT: cf.assert
// CHECK: return %[[X]]
func.func @zero_size_dynamic(%x: tensor<?x0xf64>) -> tensor<?x0xf64> {
  %s = arith.constant dense<[0, 0]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x0xf64>, tensor<2xi64>) -> tensor<?x0xf64>
  return %y : tensor<?x0xf64>
}

// -----

// A run-time shape whose result keeps the 6 of the input and adds a
// trailing dimension the checks only know at run time: the 6s pair, but
// the trailing ? is not a known 1, so the view is one group: the input as
// one dynamic dimension expanded into [6, shape[1]] (the checks before it
// guarantee the count).
// CHECK-LABEL: func.func @trailing_dynamic_result_dim
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %{{.*}}: tensor<2xi64>)
// CHECK: cf.assert
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<6xf32> to tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [6, %{{.*}}] : tensor<?xf32> into tensor<6x?xf32>
// CHECK-NEXT: return %[[E]]
func.func @trailing_dynamic_result_dim(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<6x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<6x?xf32>
  return %y : tensor<6x?xf32>
}

// -----

// The converse: a trailing dynamic input dimension, the result [6] (its
// count checked at run time): one group, collapsed and reshaped to the
// static 6 (tensor.reshape, which no upstream pattern folds through).
// CHECK-LABEL: func.func @trailing_dynamic_input_dim
// CHECK-SAME: (%[[X:.*]]: tensor<6x?xf32>, %{{.*}}: tensor<1xi64>)
// CHECK: cf.assert
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<6x?xf32> into tensor<?xf32>
// CHECK: %[[R:.*]] = tensor.reshape %[[C]](%{{.*}}) : (tensor<?xf32>, tensor<1xindex>) -> tensor<6xf32>
// CHECK-NEXT: return %[[R]]
func.func @trailing_dynamic_input_dim(%x: tensor<6x?xf32>, %s: tensor<1xi64>) -> tensor<6xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6x?xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
