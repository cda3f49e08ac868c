// RUN: sonnx-opt %s -split-input-file --sonnx-memref-to-indexing -verify-diagnostics | FileCheck %s

// A copy out of a collapsed view becomes a loop nest whose loads index the
// source itself: the view folds into the indices, and the delinearization
// of the collapsed index is a division and a remainder.
// CHECK-LABEL: func.func @copy_view
// CHECK-NOT: memref.collapse_shape
// CHECK-NOT: memref.copy
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %[[I:.*]] = 
// CHECK: scf.for %[[J:.*]] = 
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[J]], %[[C4]] : index
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[J]], %[[C4]] : index
// CHECK: %[[V:.*]] = memref.load %arg0[%[[I]], %[[Q]], %[[R]]] : memref<2x3x4xf32>
// CHECK: memref.store %[[V]], %arg1[%[[I]], %[[J]]] : memref<2x12xf32>
func.func @copy_view(%in: memref<2x3x4xf32>, %out: memref<2x12xf32>) {
  %v = memref.collapse_shape %in [[0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
  memref.copy %v, %out : memref<2x12xf32> to memref<2x12xf32>
  return
}

// -----

// Rank 0 takes one dimension of size 1 (loads and stores get index 0), a
// size 0 takes size 1 (nothing reads it), globals lose their alignment.
// CHECK: memref.global "private" @empty : memref<1x3xf32> = dense<0.000000e+00>
// CHECK: memref.global "private" @scalar : memref<1xi32> = dense<7>
// CHECK-NOT: alignment
// CHECK-LABEL: func.func @shapes(%arg0: memref<1xf32>, %arg1: memref<1xf32>, %arg2: memref<1x3xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[V:.*]] = memref.load %arg0[%[[C0]]] : memref<1xf32>
// CHECK: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[V]], %arg1[%[[C0B]]] : memref<1xf32>
// CHECK: %[[S:.*]] = memref.get_global @scalar : memref<1xi32>
// CHECK: %[[C0C:.*]] = arith.constant 0 : index
// CHECK: memref.load %[[S]][%[[C0C]]] : memref<1xi32>
memref.global "private" @empty : memref<0x3xf32> = dense<> {alignment = 64 : i64}
memref.global "private" @scalar : memref<i32> = dense<7> {alignment = 64 : i64}
func.func @shapes(%x: memref<f32>, %y: memref<f32>, %e: memref<0x3xf32>) -> i32 {
  memref.copy %x, %y : memref<f32> to memref<f32>
  %s = memref.get_global @scalar : memref<i32>
  %v = memref.load %s[] : memref<i32>
  return %v : i32
}

// -----

// A view that a function returns stays a view.
func.func @returned_view(%in: memref<2x3xf32>) -> memref<6xf32> {
  // expected-error @+1 {{a view that does not fold into loads and stores has no C form}}
  %v = memref.collapse_shape %in [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  return %v : memref<6xf32>
}
