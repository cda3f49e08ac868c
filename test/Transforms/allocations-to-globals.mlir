// RUN: sonnx-opt %s --sonnx-allocations-to-globals -split-input-file -verify-diagnostics | FileCheck %s

// Every allocation of a function body gets a private, uninitialized global
// of its own, with its alignment (64 bytes by default); its deallocations
// go. The code then allocates nothing (sonnx-compile, docs/deployment.md).
// CHECK-DAG: memref.global "private" @[[A:__sonnx_buffer[_0-9]*]] : memref<4x8xf32> = uninitialized {alignment = 64 : i64}
// CHECK-DAG: memref.global "private" @[[B:__sonnx_buffer[_0-9]*]] : memref<2xi64> = uninitialized {alignment = 16 : i64}
// CHECK-LABEL: func.func @two
// CHECK-DAG: %[[GA:.*]] = memref.get_global @[[A]] : memref<4x8xf32>
// CHECK-DAG: %[[GB:.*]] = memref.get_global @[[B]] : memref<2xi64>
// CHECK: memref.store %{{.*}}, %[[GA]]
// CHECK: memref.store %{{.*}}, %[[GB]]
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @two(%x: f32, %y: i64) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() {alignment = 16 : i64} : memref<2xi64>
  memref.store %x, %a[%c0, %c0] : memref<4x8xf32>
  memref.store %y, %b[%c0] : memref<2xi64>
  %r = memref.load %a[%c0, %c0] : memref<4x8xf32>
  memref.dealloc %a : memref<4x8xf32>
  memref.dealloc %b : memref<2xi64>
  return %r : f32
}

// -----

// A dynamic size has no static storage.
func.func @dynamic(%n: index) {
  // expected-error @+1 {{a buffer of type 'memref<?xf32>' has no static storage: ahead-of-time code needs every size known at compile time}}
  %a = memref.alloc(%n) : memref<?xf32>
  return
}

// -----

// An allocation in a loop would need one buffer per iteration.
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{a buffer of type 'memref<4xf32>' is allocated inside a region of 'scf.for'; static storage needs it in the function body}}
    %a = memref.alloc() : memref<4xf32>
  }
  return
}

// -----

// A returned buffer would be shared by every call of the function (and the
// bare-pointer convention would return no view of it): results go into
// destination arguments, or the calls are inlined (sonnx-compile).
func.func private @returns_buffer(%x: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  // expected-error @+1 {{'returns_buffer' returns a buffer of type 'memref<4xf32>': with static storage a function writes its results into destination arguments (inline the calls first; sonnx-compile does)}}
  return %a : memref<4xf32>
}

// -----

// An argument without elements: upstream's bare-pointer convention would
// leave the function unconverted without an error.
// expected-error @+1 {{'empty_argument' takes argument 1 of type 'memref<2x0x3xi8>', which has no elements: the bare-pointer calling convention of static storage cannot take it (pass a one-element placeholder; sonnx-compile does)}}
func.func @empty_argument(%x: memref<4xi8>, %y: memref<2x0x3xi8>) -> i32 {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

// -----

// A placeholder of one element and an empty buffer inside the body are
// fine.
// CHECK-LABEL: func.func @placeholder
// CHECK: memref.get_global @{{__sonnx_buffer[_0-9]*}} : memref<2x0xi8>
func.func @placeholder(%x: memref<1xi8>) -> i32 {
  %a = memref.alloc() : memref<2x0xi8>
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

// -----

// A buffer of a layout other than the row-major one (its sizes all known)
// has no static storage either, and the error says why.
func.func @strided(%y: memref<2x2xf32, strided<[1, 2]>>) {
  // expected-error @+1 {{a buffer of type 'memref<2x2xf32, strided<[1, 2]>>' has no static storage: ahead-of-time code needs the identity (row-major) layout}}
  %a = memref.alloc() : memref<2x2xf32, strided<[1, 2]>>
  memref.copy %a, %y : memref<2x2xf32, strided<[1, 2]>> to memref<2x2xf32, strided<[1, 2]>>
  return
}
