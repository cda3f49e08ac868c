// RUN: sonnx-opt %s --sonnx-number-constant-globals -split-input-file | FileCheck %s

// Bufferization's constants, numbered in the order in which it visited the
// functions, are renumbered in the order of their first use and placed
// first in that order; an unused one goes; other symbols keep their names,
// and a name one of them holds is skipped.
// CHECK-LABEL: module
// CHECK-NEXT: memref.global "private" constant @__constant_2xi64 : memref<2xi64> = dense<[1, 2]>
// CHECK-NEXT: memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<1.000000e+00>
// CHECK-NEXT: memref.global "private" constant @__constant_2xi64_1 : memref<2xi64> = dense<[3, 4]>
// CHECK-NEXT: memref.global "private" constant @__constant_2xi64_2 : memref<2xi64> = dense<[5, 6]>
// CHECK-NEXT: memref.global "private" @__constant_2xi64_0 : memref<2xi64>
// CHECK-NOT: dense<[7, 8]>
// CHECK-LABEL: func.func @first
// CHECK: memref.get_global @__constant_2xi64 : memref<2xi64>
// CHECK: memref.get_global @__constant_3xf32 : memref<3xf32>
// CHECK-LABEL: func.func @second
// CHECK: memref.get_global @__constant_2xi64_1 : memref<2xi64>
// CHECK: memref.get_global @__constant_2xi64 : memref<2xi64>
// CHECK: memref.get_global @__constant_2xi64_2 : memref<2xi64>
// CHECK: memref.get_global @__constant_2xi64_0 : memref<2xi64>
module {
  memref.global "private" constant @__constant_2xi64_3 : memref<2xi64> = dense<[5, 6]>
  memref.global "private" constant @__constant_2xi64_2 : memref<2xi64> = dense<[7, 8]>
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<1.0>
  memref.global "private" constant @__constant_2xi64_1 : memref<2xi64> = dense<[1, 2]>
  memref.global "private" constant @__constant_2xi64 : memref<2xi64> = dense<[3, 4]>
  // Not a constant of bufferization (writable): its name stays.
  memref.global "private" @__constant_2xi64_0 : memref<2xi64>
  func.func @first() {
    %a = memref.get_global @__constant_2xi64_1 : memref<2xi64>
    %b = memref.get_global @__constant_3xf32 : memref<3xf32>
    return
  }
  func.func @second() {
    %a = memref.get_global @__constant_2xi64 : memref<2xi64>
    %b = memref.get_global @__constant_2xi64_1 : memref<2xi64>
    %c = memref.get_global @__constant_2xi64_3 : memref<2xi64>
    %d = memref.get_global @__constant_2xi64_0 : memref<2xi64>
    return
  }
}

// -----

// Without such constants, nothing changes.
// CHECK-LABEL: module
// CHECK: memref.global "private" @buffer : memref<2xi64>
memref.global "private" @buffer : memref<2xi64>

// -----

// A public constant is the module's interface: neither renamed nor moved,
// and its name is kept free. A name that ends in '_' has no number to drop:
// its stem is the whole name. An op that defines no symbol (emitc.include)
// stays where it is.
// CHECK-LABEL: module
// CHECK-NEXT: memref.global "private" constant @__constant_4xi8_ : memref<4xi8> = dense<2>
// CHECK-NEXT: memref.global "private" constant @__constant_4xi8_0 : memref<4xi8> = dense<3>
// CHECK-NEXT: emitc.include <"stdint.h">
// CHECK-NEXT: memref.global constant @__constant_4xi8 : memref<4xi8> = dense<1>
// CHECK: memref.get_global @__constant_4xi8_ : memref<4xi8>
// CHECK: memref.get_global @__constant_4xi8_0 : memref<4xi8>
// CHECK: memref.get_global @__constant_4xi8 : memref<4xi8>
emitc.include <"stdint.h">
memref.global constant @__constant_4xi8 : memref<4xi8> = dense<1>
memref.global "private" constant @__constant_4xi8_ : memref<4xi8> = dense<2>
memref.global "private" constant @__constant_4xi8_7 : memref<4xi8> = dense<3>
func.func @f() {
  %a = memref.get_global @__constant_4xi8_ : memref<4xi8>
  %b = memref.get_global @__constant_4xi8_7 : memref<4xi8>
  %c = memref.get_global @__constant_4xi8 : memref<4xi8>
  return
}
