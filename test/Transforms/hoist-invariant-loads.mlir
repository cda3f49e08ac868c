// RUN: sonnx-opt %s -split-input-file --sonnx-hoist-invariant-loads | FileCheck %s

// The element of a broadcast along the innermost dimension is loaded once
// per row: the inner loop stores into another argument (the ABI's outputs
// overlap nothing).
// CHECK-LABEL: func.func @row_fill
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[I]]]
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[I]]
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[R]], %[[J]]
// CHECK-NEXT: memref.store %[[V]], %arg1[%[[K]]]
func.func @row_fill(%x: memref<4xf32>, %y: memref<12xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %x[%i] : memref<4xf32>
      %r = arith.muli %i, %c3 : index
      %k = arith.addi %r, %j : index
      memref.store %v, %y[%k] : memref<12xf32>
    }
  }
  return
}

// -----

// A load that the loop's stores may change stays: the same memref, or the
// same global.
// CHECK-LABEL: func.func @same_memory
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0
// CHECK: %[[A:.*]] = memref.get_global @buffer
// CHECK: scf.for
// CHECK-NEXT: memref.load %[[A]]
memref.global "private" @buffer : memref<4xf32> = uninitialized
func.func @same_memory(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %x[%j] : memref<4xf32>
  }
  scf.for %j = %c0 to %c4 step %c1 {
    %a = memref.get_global @buffer : memref<4xf32>
    %v = memref.load %a[%c0] : memref<4xf32>
    %b = memref.get_global @buffer : memref<4xf32>
    memref.store %v, %b[%j] : memref<4xf32>
  }
  return
}

// -----

// A loop that may not run keeps its loads (a load before it would read
// what the loop never reads), and so does a loop whose body has effects on
// memory that it does not name.
// CHECK-LABEL: func.func @may_not_run
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0
// CHECK-NEXT: func.call @opaque
func.func private @opaque()
func.func @may_not_run(%x: memref<4xf32>, %y: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %n step %c1 {
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %y[%j] : memref<4xf32>
  }
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %x[%c0] : memref<4xf32>
    func.call @opaque() : () -> ()
    memref.store %v, %y[%j] : memref<4xf32>
  }
  return
}

// -----

// A loop of zero trips keeps its loads too.
// CHECK-LABEL: func.func @zero_trips
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0
func.func @zero_trips(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %c0 step %c1 {
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %y[%j] : memref<4xf32>
  }
  return
}

// -----

// Memory other than an argument or a global (an allocation, a view) may be
// any memory: a load stays when the loop writes such memory, or when it
// loads such memory and writes any. A memref that is the block argument of
// another block (the outer loop's iteration argument) may be any argument.
// Arithmetic that is free of memory effects moves only when it cannot trap
// (an invariant division stays: its divisor may be 0 in a loop that
// would not divide).
// CHECK-LABEL: func.func @unknown_memory
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0
// CHECK-NEXT: memref.store %{{.*}}, %[[BUF:.*]][
// CHECK: scf.for
// CHECK-NEXT: memref.load %[[VIEW:.*]][
// CHECK-NEXT: memref.store
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NEXT: memref.load %[[ITER:.*]][
// CHECK-NEXT: arith.divsi
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.store
func.func @unknown_memory(%x: memref<4xf32>, %y: memref<4xf32>, %a: i32, %b: i32, %z: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %buf[%j] : memref<4xf32>
  }
  %view = memref.subview %x[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %view[%c0] : memref<2xf32, strided<[1]>>
    memref.store %v, %y[%j] : memref<4xf32>
  }
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %z) -> memref<4xi32> {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %m[%c0] : memref<4xi32>
      %q = arith.divsi %a, %b : i32
      %s = arith.addi %v, %q : i32
      memref.store %s, %z[%j] : memref<4xi32>
    }
    scf.yield %m : memref<4xi32>
  }
  memref.dealloc %buf : memref<4xf32>
  return
}
