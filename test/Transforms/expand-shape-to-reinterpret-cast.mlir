// RUN: sonnx-opt %s --sonnx-expand-shape-to-reinterpret-cast -split-input-file | FileCheck %s

// Several dynamic sizes in one group (which upstream --expand-strided-metadata
// cannot expand): the sizes come from output_shape, the strides from the
// source stride and the sizes after each dimension.
// CHECK-LABEL: func.func @two_dynamic
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[SRC]]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[A]], %[[B]]], strides: [%[[B]], 1] : memref<f32> to memref<?x?xf32>
func.func @two_dynamic(%src: memref<?xf32>, %a: index, %b: index) -> memref<?x?xf32> {
  %e = memref.expand_shape %src [[0, 1]] output_shape [%a, %b] : memref<?xf32> into memref<?x?xf32>
  return %e : memref<?x?xf32>
}

// -----

// A static 0 next to a dynamic size (upstream divides by the 0).
// CHECK-LABEL: func.func @zero
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[A:.*]]: index)
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
// CHECK-NOT: arith.divsi
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[A]], 0, 4], strides: [0, 4, 1] : memref<f32> to memref<?x0x4xf32>
func.func @zero(%src: memref<?xf32>, %a: index) -> memref<?x0x4xf32> {
  %e = memref.expand_shape %src [[0, 1, 2]] output_shape [%a, 0, 4] : memref<?xf32> into memref<?x0x4xf32>
  return %e : memref<?x0x4xf32>
}

// -----

// A strided source keeps its offset and strides.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[SRC:.*]]: memref<6x?xf32, strided<[?, 2], offset: ?>>, %[[A:.*]]: index)
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[SRC]]
// CHECK: %[[S1:.*]] = arith.muli %[[STRIDES]]#0, %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [2, 3, %[[A]]], strides: [%[[S1]], %[[STRIDES]]#0, 2]
func.func @strided(%src: memref<6x?xf32, strided<[?, 2], offset: ?>>, %a: index)
    -> memref<2x3x?xf32, strided<[?, ?, 2], offset: ?>> {
  %e = memref.expand_shape %src [[0, 1], [2]] output_shape [2, 3, %a]
      : memref<6x?xf32, strided<[?, 2], offset: ?>> into memref<2x3x?xf32, strided<[?, ?, 2], offset: ?>>
  return %e : memref<2x3x?xf32, strided<[?, ?, 2], offset: ?>>
}

// -----

// From a scalar: every stride is static.
// CHECK-LABEL: func.func @scalar
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1], strides: [1, 1] : memref<f32> to memref<1x1xf32>
func.func @scalar(%src: memref<f32>) -> memref<1x1xf32> {
  %e = memref.expand_shape %src [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %e : memref<1x1xf32>
}

// -----

// A static 0 after two dynamic sizes: the strides before it are 0 whatever
// the dynamic sizes (no multiplication by them).
// CHECK-LABEL: func.func @zero_last
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NOT: arith.muli
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%[[A]], %[[B]], 0], strides: [0, 0, 1] : memref<f32> to memref<?x?x0xf32>
func.func @zero_last(%m: memref<?xf32>, %a: index, %b: index) -> memref<?x?x0xf32> {
  %0 = memref.expand_shape %m [[0, 1, 2]] output_shape [%a, %b, 0] : memref<?xf32> into memref<?x?x0xf32>
  return %0 : memref<?x?x0xf32>
}

// -----

// A static stride that int64 cannot hold (2^62 x 4) strides over a memref
// without elements: it is left to a run-time multiplication (which the
// type's static stride then replaces), not folded to a wrapped constant.
// CHECK-LABEL: func.func @stride_overflow
// CHECK: arith.muli
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [0, 4611686018427387904, 4], strides: [0, 4, 1]
func.func @stride_overflow(%m: memref<0xf32>) -> memref<0x4611686018427387904x4xf32> {
  %0 = memref.expand_shape %m [[0, 1, 2]] output_shape [0, 4611686018427387904, 4] : memref<0xf32> into memref<0x4611686018427387904x4xf32>
  return %0 : memref<0x4611686018427387904x4xf32>
}
