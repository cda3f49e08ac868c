// Reshape, unsqueeze and flatten are views: after the whole pipeline, a
// function that applies them to its arguments allocates nothing and copies
// nothing, whatever the element type, and whether shapes and axes are
// constants or run-time values (whose checks cost a few comparisons).
//
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s \
// RUN:   --implicit-check-not=malloc --implicit-check-not=alloca \
// RUN:   --implicit-check-not=memcpy --implicit-check-not=memrefCopy \
// RUN:   --implicit-check-not=memmove
//
// After bufferization, the same functions hold only views of memrefs, and
// no loop over the elements.
// RUN: sonnx-opt %s --convert-sonnx-to-linalg --canonicalize \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN: | FileCheck %s --check-prefix=BUF \
// RUN:   --implicit-check-not=memref.alloc --implicit-check-not=memref.copy \
// RUN:   --implicit-check-not=linalg. --implicit-check-not=scf.for

// CHECK-LABEL: llvm.func @constant_shapes
// BUF-LABEL: func.func @constant_shapes
// BUF-SAME: (%[[X:.*]]: memref<2x3x4xf32>)
// BUF-DAG: memref.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// BUF-DAG: memref.expand_shape %[[X]] {{\[}}[0, 1], [2], [3, 4]] output_shape [1, 2, 3, 4, 1] : memref<2x3x4xf32> into memref<1x2x3x4x1xf32>
// BUF-DAG: memref.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
// BUF-DAG: %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// BUF-DAG: memref.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 6] : memref<24xf32> into memref<4x6xf32>
// BUF: return
func.func @constant_shapes(%x: tensor<2x3x4xf32>)
    -> (tensor<6x4xf32>, tensor<1x2x3x4x1xf32>, tensor<2x12xf32>, tensor<4x6xf32>) {
  %s = arith.constant dense<[6, -1]> : tensor<2xi64>
  %a = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %axes = arith.constant dense<[0, 4]> : tensor<2xi64>
  %b = sonnx.unsqueeze %x, %axes : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<1x2x3x4x1xf32>
  %c = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %s2 = arith.constant dense<[4, 6]> : tensor<2xi64>
  %d = sonnx.reshape %x, %s2 : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
  return %a, %b, %c, %d : tensor<6x4xf32>, tensor<1x2x3x4x1xf32>, tensor<2x12xf32>, tensor<4x6xf32>
}

// The checks call puts, fflush and abort only on their failure paths.
// CHECK-LABEL: llvm.func @runtime_values
// CHECK: llvm.call @puts
// CHECK: llvm.call @abort
// BUF-LABEL: func.func @runtime_values
// BUF-SAME: (%[[X:.*]]: memref<?x4xi8>, %[[S:.*]]: memref<3xi64>, %[[A:.*]]: memref<2xi64>)
// BUF: memref.collapse_shape %[[X]]
// BUF: memref.expand_shape
// BUF: memref.collapse_shape %[[X]]
// BUF: memref.expand_shape
// The flatten of a 2-D tensor at axis 1 is the tensor itself.
// BUF: return %{{.*}}, %{{.*}}, %[[X]]
func.func @runtime_values(%x: tensor<?x4xi8>, %s: tensor<3xi64>, %a: tensor<2xi64>)
    -> (tensor<?x?x?xi8>, tensor<?x?x?x?xi8>, tensor<?x4xi8>) {
  %r = sonnx.reshape %x, %s : (tensor<?x4xi8>, tensor<3xi64>) -> tensor<?x?x?xi8>
  %u = sonnx.unsqueeze %x, %a : (tensor<?x4xi8>, tensor<2xi64>) -> tensor<?x?x?x?xi8>
  %f = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x4xi8>) -> tensor<?x4xi8>
  return %r, %u, %f : tensor<?x?x?xi8>, tensor<?x?x?x?xi8>, tensor<?x4xi8>
}

// CHECK-LABEL: llvm.func @strings_and_scalars
// BUF-LABEL: func.func @strings_and_scalars
// BUF-SAME: (%[[X:.*]]: memref<2x3xi64>, %[[Y:.*]]: memref<complex<f64>>)
// BUF: %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<2x3xi64> into memref<6xi64>
// BUF: memref.expand_shape %[[FLAT]] {{\[}}[0, 1, 2]] output_shape [3, 1, 2] : memref<6xi64> into memref<3x1x2xi64>
// BUF: memref.expand_shape %[[Y]] [] output_shape [1, 1] : memref<complex<f64>> into memref<1x1xcomplex<f64>>
// BUF: return
func.func @strings_and_scalars(%x: tensor<2x3x!sonnx.string>, %y: tensor<complex<f64>>)
    -> (tensor<3x1x2x!sonnx.string>, tensor<1x1xcomplex<f64>>) {
  %s = arith.constant dense<[3, 1, 2]> : tensor<3xi64>
  %a = sonnx.reshape %x, %s : (tensor<2x3x!sonnx.string>, tensor<3xi64>) -> tensor<3x1x2x!sonnx.string>
  %t = arith.constant dense<[1, 1]> : tensor<2xi64>
  %b = sonnx.reshape %y, %t : (tensor<complex<f64>>, tensor<2xi64>) -> tensor<1x1xcomplex<f64>>
  return %a, %b : tensor<3x1x2x!sonnx.string>, tensor<1x1xcomplex<f64>>
}
