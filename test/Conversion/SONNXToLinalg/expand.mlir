// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// A constant shape: a linalg.generic with a broadcasting indexing map; a 1 in
// shape keeps the size of the input.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @constant
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: %[[X1:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<3x1xf32> into tensor<3xf32>
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X1]] : tensor<3xf32>) outs(%[[E]] : tensor<2x3x4xf32>)
// CHECK: return %[[Y]]
func.func @constant(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %s = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// Nothing to broadcast: the input itself.
// CHECK-LABEL: func.func @no_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi8>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[X]]
func.func @no_broadcast(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %s = arith.constant dense<[1, 3]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<2x3xi8>, tensor<2xi64>) -> tensor<2x3xi8>
  return %y : tensor<2x3xi8>
}

// -----

// A run-time shape: its values are checked (expand.S.negative, expand.E1)
// and give the result sizes.
// CHECK-LABEL: func.func @runtime
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf16>, %[[S:.*]]: tensor<3xi64>)
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[0] is negative [expand.S.negative]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[1] is negative [expand.S.negative]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[2] is negative [expand.S.negative]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[1] is neither 1 nor 3 in dimension 1 of the broadcast [expand.E1]"
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x3x?xf16>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<?x3x?xf16>)
func.func @runtime(%x: tensor<3x1xf16>, %s: tensor<3xi64>) -> tensor<?x3x?xf16> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf16>, tensor<3xi64>) -> tensor<?x3x?xf16>
  return %y : tensor<?x3x?xf16>
}

// -----

// A dynamic input size against a run-time value of shape: both are checked
// against the broadcast size, and the input is read through tensor.extract.
// CHECK-LABEL: func.func @dynamic_runtime
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op input dimension 0 is neither 1 nor the size of the other operands in dimension 0 of the broadcast [expand.E1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[0] is neither 1 nor the size of the other operands in dimension 0 of the broadcast [expand.E1]"
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: tensor.extract
func.func @dynamic_runtime(%x: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// axes_mapping: the input dimension maps to result dimension 1.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @mapping
// CHECK-NOT: cf.assert
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4x5xi1>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}], {{.*}} ins(%{{.*}} : tensor<3xi1>) outs(%[[E]] : tensor<2x3x4x5xi1>)
func.func @mapping(%x: tensor<3xi1>) -> tensor<2x3x4x5xi1> {
  %s = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xi1>, tensor<4xi64>) -> tensor<2x3x4x5xi1>
  return %y : tensor<2x3x4x5xi1>
}

// -----

// axes_mapping with run-time values: expand.axes_mapping at run time.
// CHECK-LABEL: func.func @mapping_runtime
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape[0] is not 3, the size of input dimension 0 mapped to it [expand.axes_mapping]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op input dimension 1 is neither 1 nor shape[2] [expand.axes_mapping]"
func.func @mapping_runtime(%x: tensor<3x?xf32>, %s: tensor<3xi64>) -> tensor<3x?x?xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 0, 2>} : (tensor<3x?xf32>, tensor<3xi64>) -> tensor<3x?x?xf32>
  return %y : tensor<3x?x?xf32>
}

// -----

// A zero size in shape gives a zero-size result: the empty tensor, no
// generic (zero-size-huge-dims.mlir).
// CHECK-LABEL: func.func @zero_size
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x3xf64>
// CHECK-NEXT: return %[[E]]
func.func @zero_size(%x: tensor<1x3xf64>) -> tensor<0x3xf64> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x3xf64>, tensor<2xi64>) -> tensor<0x3xf64>
  return %y : tensor<0x3xf64>
}

// -----

// A scalar expanded.
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @scalar
// CHECK: linalg.generic {indexing_maps = [#[[NONE]], #{{.*}}], {{.*}} ins(%{{.*}} : tensor<ui8>) outs(%{{.*}} : tensor<2x2xui8>)
func.func @scalar(%x: tensor<ui8>) -> tensor<2x2xui8> {
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<ui8>, tensor<2xi64>) -> tensor<2x2xui8>
  return %y : tensor<2x2xui8>
}

// -----

// A declared static size that only a run-time value gives: expand.Y.shape.
// CHECK-LABEL: func.func @declared
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op result dimension 1 is declared 5 but is a different size at run time [expand.Y.shape]"
// CHECK: tensor.empty(%{{.*}}) : tensor<?x5xf32>
func.func @declared(%x: tensor<1x1xf32>, %s: tensor<2xi64>) -> tensor<?x5xf32> {
  %y = sonnx.expand %x, %s : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

// -----

// A shape of dynamic length whose length the result rank fixes.
// CHECK-LABEL: func.func @declared_length
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op shape has a length other than 2, the length that the declared result type implies [expand.Y.shape]"
func.func @declared_length(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<?x3xf32> {
  %y = sonnx.expand %x, %s : (tensor<3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// A shape of dynamic length with a result of the input rank: its length L
// may be anything up to that rank (expand.Y.shape); shape is read as if
// padded on the left with 1s, in bounds only.
// CHECK-LABEL: func.func @padded_length
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>, %[[S:.*]]: tensor<?xi64>)
// CHECK: %[[LEN:.*]] = tensor.dim %[[S]], %{{.*}} : tensor<?xi64>
// CHECK: %[[L:.*]] = arith.index_cast %[[LEN]] : index to i64
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[L]], %{{.*}} : i64
// CHECK: cf.assert %[[LE]], "{{.*}}'sonnx.expand' op shape has a length above 2, the rank of the declared result type [expand.Y.shape]"
// CHECK: %[[PAD:.*]] = arith.subi %{{.*}}, %[[L]] : i64
// CHECK: %[[V0:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK:   tensor.extract %[[S]][%{{.*}}] : tensor<?xi64>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : i64
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op the value of shape aligned with result dimension 0 is negative [expand.S.negative]"
// CHECK: %[[V1:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op the value of shape aligned with result dimension 1 is negative [expand.S.negative]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.expand' op the value of shape aligned with result dimension 0 is neither 1 nor 3 in dimension 0 of the broadcast [expand.E1]"
// CHECK: %[[N:.*]] = arith.index_cast %[[V1]] : i64 to index
// CHECK: tensor.empty(%[[N]]) : tensor<3x?xf32>
// CHECK: linalg.generic
func.func @padded_length(%x: tensor<3x1xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// With axes_mapping, a shape of run-time length takes the length that the
// declared result rank implies, checked (expand.Y.shape) before any value
// of shape is read; then each value is checked: not negative
// (expand.S.negative), the mapped one equal to the input size
// (expand.axes_mapping), the other one the declared size (expand.Y.shape).
// CHECK-LABEL: func.func @mapped_dynamic_length
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<?xi64>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[S]], %{{.*}} : tensor<?xi64>
// CHECK: %[[LEN:.*]] = arith.index_cast %[[DIM]] : index to i64
// CHECK: %[[OK0:.*]] = arith.cmpi eq, %[[LEN]], %{{.*}} : i64
// CHECK: cf.assert %[[OK0]], "{{.*}}'sonnx.expand' op shape has a length other than 2, the length that the declared result type implies [expand.Y.shape]" {sonnx.rule = #sonnx.rule<"expand.Y.shape">}
// CHECK: %[[S0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<?xi64>
// CHECK: cf.assert %{{.*}}, "{{.*}}shape[0] is negative [expand.S.negative]"
// CHECK: %[[S1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<?xi64>
// CHECK: cf.assert %{{.*}}, "{{.*}}shape[1] is negative [expand.S.negative]"
// CHECK: %[[OK3:.*]] = arith.cmpi eq, %[[S1]], %{{.*}} : i64
// CHECK: cf.assert %[[OK3]], "{{.*}}shape[1] is not 3, the size of input dimension 0 mapped to it [expand.axes_mapping]"
// CHECK: %[[OK4:.*]] = arith.cmpi eq, %[[S0]], %{{.*}} : i64
// CHECK: cf.assert %[[OK4]], "{{.*}}result dimension 0 is declared 2 but is a different size at run time [expand.Y.shape]"
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
func.func @mapped_dynamic_length(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<2x3xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// The message of a run-time check names the op's source as its location
// gives it: a label alone (no file), or a file without line and column
// (line 0, column 0: a model file, not a place in it); a column without a
// line is kept.
// CHECK-LABEL: func.func @no_file
// CHECK: cf.assert %{{.*}}, "grow: 'sonnx.expand' op shape has a length other than 2, the length that the declared result type implies [expand.Y.shape]"
// CHECK-LABEL: func.func @line_zero
// CHECK: cf.assert %{{.*}}, "model.onnx: 'sonnx.expand' op shape has a length other than 2, the length that the declared result type implies [expand.Y.shape]"
// CHECK-LABEL: func.func @column_only
// CHECK: cf.assert %{{.*}}, "model.onnx:0:5: 'sonnx.expand' op shape has a length other than 2, the length that the declared result type implies [expand.Y.shape]"
func.func @no_file(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<2x3xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<2x3xf32> loc("grow")
  return %y : tensor<2x3xf32>
}
func.func @line_zero(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<2x3xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<2x3xf32> loc("model.onnx":0:0)
  return %y : tensor<2x3xf32>
}
func.func @column_only(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<2x3xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<2x3xf32> loc("model.onnx":0:5)
  return %y : tensor<2x3xf32>
}
