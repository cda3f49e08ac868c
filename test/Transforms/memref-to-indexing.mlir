// RUN: sonnx-opt %s -split-input-file --sonnx-memref-to-indexing -verify-diagnostics | FileCheck %s

// A copy out of a collapsed view becomes a loop nest whose loads index the
// source itself: the view folds into the indices, every memref becomes
// one-dimensional, and the linearization of the delinearized index is
// that index: both arrays are read and written at i * 12 + j. A float
// element becomes the unsigned integer of its bits (f32: ui32), as the C
// interface passes it.
// CHECK-LABEL: func.func @copy_view(%arg0: memref<24xui32>, %arg1: memref<24xui32>)
// CHECK-NOT: memref.collapse_shape
// CHECK-NOT: memref.copy
// CHECK-NOT: arith.div
// CHECK: scf.for %[[I:.*]] = 
// CHECK: scf.for %[[J:.*]] = 
// CHECK: %[[M:.*]] = arith.muli %[[I]], %[[C12:.*]] : index
// CHECK: %[[L:.*]] = arith.addi %[[M]], %[[J]] : index
// CHECK: %[[V:.*]] = memref.load %arg0[%[[L]]] : memref<24xui32>
// CHECK: %[[M2:.*]] = arith.muli %[[I]], %[[C12]] : index
// CHECK: %[[L2:.*]] = arith.addi %[[M2]], %[[J]] : index
// CHECK: memref.store %[[V]], %arg1[%[[L2]]] : memref<24xui32>
func.func @copy_view(%in: memref<2x3x4xf32>, %out: memref<2x12xf32>) {
  %v = memref.collapse_shape %in [[0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
  memref.copy %v, %out : memref<2x12xf32> to memref<2x12xf32>
  return
}

// -----

// Rank 0 takes one dimension of size 1 (loads and stores get index 0), a
// size 0 takes size 1 (nothing reads it; an initialized global is first
// made one-dimensional), globals lose their alignment.
// CHECK: memref.global "private" @empty : memref<1xui32> = dense<0>
// CHECK: memref.global "private" @scalar : memref<1xi32> = dense<7>
// CHECK-NOT: alignment
// CHECK-LABEL: func.func @shapes(%arg0: memref<1xui32>, %arg1: memref<1xui32>, %arg2: memref<1xui32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[V:.*]] = memref.load %arg0[%[[C0]]] : memref<1xui32>
// CHECK: memref.store %[[V]], %arg1[%[[C0]]] : memref<1xui32>
// CHECK: %[[S:.*]] = memref.get_global @scalar : memref<1xi32>
// CHECK: memref.load %[[S]][%[[C0]]] : memref<1xi32>
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

// -----

// An initialized global of rank 2 becomes one-dimensional (EmitC would
// write its initializer without inner braces), read through its indices.
// CHECK: memref.global "private" constant @table : memref<6xi32> = dense<[1, 2, 3, 4, 5, 6]>
// CHECK-LABEL: func.func @read_table
// CHECK: %[[T:.*]] = memref.get_global @table : memref<6xi32>
// CHECK: %[[M:.*]] = arith.muli %arg0, %c3 : index
// CHECK: %[[L:.*]] = arith.addi %[[M]], %arg1 : index
// CHECK: memref.load %[[T]][%[[L]]] : memref<6xi32>
memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
func.func @read_table(%i: index, %j: index) -> i32 {
  %t = memref.get_global @table : memref<2x3xi32>
  %v = memref.load %t[%i, %j] : memref<2x3xi32>
  return %v : i32
}

// -----

// 16-bit floats are moved as the ui16 of their bits (the uint16_t of the C
// interface), unsigned integers as they are: constants and globals bit for
// bit (bf16 -1.0 is 0xBF80); a scalar constant, which arith cannot hold
// unsigned, becomes an emitc.constant.
// CHECK: memref.global "private" constant @halves : memref<2xui16> = dense<[49024, 16256]>
// CHECK: memref.global "private" constant @big : memref<1xui64> = dense<18446744073709551615>
// CHECK-LABEL: func.func @bits(%arg0: memref<2xui16>, %arg1: memref<2xui16>, %arg2: memref<1xui64>)
// CHECK: %[[H:.*]] = "emitc.constant"() <{value = 15360 : ui16}> : () -> ui16
// CHECK: memref.store %[[H]], %arg0
// CHECK: memref.load {{.*}} : memref<2xui16>
// CHECK: memref.store {{.*}} : memref<2xui16>
// CHECK: memref.load {{.*}} : memref<1xui64>
memref.global "private" constant @halves : memref<2xbf16> = dense<[-1.0, 1.0]>
memref.global "private" constant @big : memref<1xui64> = dense<18446744073709551615>
func.func @bits(%x: memref<2xf16>, %y: memref<2xbf16>, %z: memref<1xui64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f16
  memref.store %one, %x[%c0] : memref<2xf16>
  %h = memref.get_global @halves : memref<2xbf16>
  %v = memref.load %h[%c0] : memref<2xbf16>
  memref.store %v, %y[%c0] : memref<2xbf16>
  %b = memref.get_global @big : memref<1xui64>
  %w = memref.load %b[%c0] : memref<1xui64>
  memref.store %w, %z[%c0] : memref<1xui64>
  return
}

// -----

// Computing with a float (here 16-bit) has no C form here: floats are bits.
func.func @compute(%x: f16) -> f16 {
  // expected-error @+1 {{'arith.addf' computes with floats, 4-bit or unsigned integers, which the C output only moves}}
  %y = arith.addf %x, %x : f16
  return %y : f16
}

// -----

// A 4-bit integer is held in a byte, the one element per byte of the C
// interface: int4 as i8, constants sign-extended (-8 stays -8), uint4 as
// ui8, zero-extended (15 stays 15).
// CHECK: memref.global "private" constant @nibbles : memref<3xi8> = dense<[-8, 7, -1]>
// CHECK: memref.global "private" constant @unibbles : memref<3xui8> = dense<[15, 0, 8]>
// CHECK-LABEL: func.func @four_bits(%arg0: memref<3xi8>, %arg1: memref<3xui8>)
// CHECK: %[[C:.*]] = arith.constant -8 : i8
// CHECK: memref.store %[[C]], %arg0
// CHECK: memref.load {{.*}} : memref<3xui8>
// CHECK: memref.store {{.*}}, %arg1{{.*}} : memref<3xui8>
memref.global "private" constant @nibbles : memref<3xi4> = dense<[-8, 7, -1]>
memref.global "private" constant @unibbles : memref<3xui4> = dense<[15, 0, 8]>
func.func @four_bits(%x: memref<3xi4>, %y: memref<3xui4>) {
  %c0 = arith.constant 0 : index
  %k = arith.constant -8 : i4
  memref.store %k, %x[%c0] : memref<3xi4>
  %h = memref.get_global @unibbles : memref<3xui4>
  %u = memref.load %h[%c0] : memref<3xui4>
  memref.store %u, %y[%c0] : memref<3xui4>
  return
}

// -----

// An unsigned integer is only moved: arithmetic on one has no C form here.
func.func @unsigned_compute(%x: memref<1xui32>, %y: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<1xui32>
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' computes with floats, 4-bit or unsigned integers, which the C output only moves}}
  %w = builtin.unrealized_conversion_cast %v : ui32 to i32
  memref.store %w, %y[%c0] : memref<1xi32>
  return
}

// -----

// String constants of the C output (pointer handles): one-dimensional with
// the same strings in row-major order; an empty one holds one unread "".
// CHECK: memref.global "private" constant @words : memref<4x!ptr.ptr<#ptr.generic_space>> = dense<["a", "b", "c", "d"]>
// CHECK: memref.global "private" constant @none : memref<1x!ptr.ptr<#ptr.generic_space>> = dense<"">
// CHECK-LABEL: func.func @strings(%arg0: memref<4x!ptr.ptr<#ptr.generic_space>>)
memref.global "private" constant @words : memref<2x2x!ptr.ptr<#ptr.generic_space>> = dense<[["a", "b"], ["c", "d"]]>
memref.global "private" constant @none : memref<0x!ptr.ptr<#ptr.generic_space>> = dense<>
func.func @strings(%y: memref<2x2x!ptr.ptr<#ptr.generic_space>>) {
  %g = memref.get_global @words : memref<2x2x!ptr.ptr<#ptr.generic_space>>
  memref.copy %g, %y : memref<2x2x!ptr.ptr<#ptr.generic_space>> to memref<2x2x!ptr.ptr<#ptr.generic_space>>
  return
}

// -----

// A delinearization of constant basis becomes divisions and remainders
// from the innermost size out (x = 12a + 4b + c); an outer bound that is
// not given is not needed.
// CHECK-LABEL: func.func @delinearize(
// CHECK-SAME: %[[X:[^:]*]]: index
// CHECK-NOT: affine.
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C:.*]] = arith.remui %[[X]], %[[C4]] : index
// CHECK: %[[Q:.*]] = arith.divui %[[X]], %[[C4]] : index
// CHECK: %[[B:.*]] = arith.remui %[[Q]], %[[C3]] : index
// CHECK: %[[A:.*]] = arith.divui %[[Q]], %[[C3]] : index
// CHECK: return %[[A]], %[[B]], %[[C]] : index, index, index
func.func @delinearize(%x: index) -> (index, index, index) {
  %r:3 = affine.delinearize_index %x into (3, 4) : index, index, index
  return %r#0, %r#1, %r#2 : index, index, index
}

// -----

// An index computation of a run-time basis, which no view of a static
// shape makes, is left as it is (the C output then refuses it), and so is
// a copy of a dynamic shape (no loop nest of unknown bounds).
// CHECK-LABEL: func.func @dynamic(
// CHECK: affine.delinearize_index %{{.*}} into (%{{.*}}, %{{.*}}) : index, index
// CHECK: affine.linearize_index [%{{.*}}, %{{.*}}] by (%{{.*}}, %{{.*}}) : index
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?xui32> to memref<?xui32>
// CHECK-NOT: scf.for
func.func @dynamic(%x: index, %n: index, %m: index, %a: memref<?xf32>, %b: memref<?xf32>) -> (index, index, index) {
  %r:2 = affine.delinearize_index %x into (%n, %m) : index, index
  %l = affine.linearize_index [%r#1, %r#0] by (%m, %n) : index
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return %r#0, %r#1, %l : index, index, index
}

// -----

// What has no one-dimensional C array form is left as it is: a static
// shape whose element count int64 cannot hold (--sonnx-check-allocations
// and sonnx-compile refuse such a buffer or interface), and the copy of an
// unranked memref. A global without initializer still takes the bits type
// of its elements.
// CHECK: memref.global @halves : memref<2xui16>
// CHECK-LABEL: func.func @left(
// CHECK-SAME: memref<4294967296x4294967296xi8>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
memref.global @halves : memref<2xf16>
func.func @left(%big: memref<4294967296x4294967296xi8>, %u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}

// -----

// A global without elements becomes an array of one unread element, which
// needs a zero value: complex numbers have none here, an error naming the
// global and its type.
// expected-error @+1 {{the global 'empty_complex' has no elements, and its element type 'complex<f32>' has no zero value for the unread element of its C array}}
memref.global "private" constant @empty_complex : memref<0xcomplex<f32>> = dense<>
