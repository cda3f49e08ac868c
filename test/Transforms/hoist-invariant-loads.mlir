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
