// --sonnx-count-element-stores: the elements that one call of each
// function stores, on buffers before the loops, or why that number is not
// known (a string). Each count is derived by hand next to its function.
//
// RUN: sonnx-opt %s --sonnx-count-element-stores | FileCheck %s
//
// CHECK: module attributes {sonnx.element_stores = {
// CHECK-SAME: branches = "'scf.if': its branches store 6 and 0 elements, and the branch taken depends on the data"
// CHECK-SAME: constant_if = 6 : i64
// CHECK-SAME: copies = 30 : i64
// CHECK-SAME: dynamic_loop = "'scf.for': its bounds or step are not constants"
// CHECK-SAME: equal_branches = 1 : i64
// CHECK-SAME: generic = 12 : i64
// CHECK-SAME: loops = 15 : i64
// CHECK-SAME: none = 0 : i64
// CHECK-SAME: unknown_write = "'memref.atomic_rmw': it writes memory in a way the count does not know"
// CHECK-SAME: vectors = 24 : i64
// CHECK-SAME: }

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// A broadcast of 3 elements into 4 x 3: 12 stores, one per iteration; the
// check stores nothing.
func.func @generic(%x: memref<3xf32>, %y: memref<4x3xf32>, %ok: i1) {
  cf.assert %ok, "a check"
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<3xf32>) outs(%y : memref<4x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// 2 x 3 elements, then 4 x 6: 6 + 24 = 30.
func.func @copies(%a: memref<2x3xi8>, %b: memref<2x3xi8>, %c: memref<4x6xi8>, %d: memref<4x6xi8>) {
  memref.copy %a, %b : memref<2x3xi8> to memref<2x3xi8>
  memref.copy %c, %d : memref<4x6xi8> to memref<4x6xi8>
  return
}

// Trip counts ceil((10 - 1) / 3) = 3 and 5 (one store each), and 0 for an
// empty loop: 3 * 5 = 15.
func.func @loops(%m: memref<20xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c1 to %c10 step %c3 {
    scf.for %j = %c0 to %c5 step %c1 {
      memref.store %v, %m[%j] : memref<20xf32>
    }
  }
  scf.for %i = %c5 to %c1 step %c1 {
    memref.store %v, %m[%i] : memref<20xf32>
  }
  return
}

// Three vector stores of 8 lanes: 24.
func.func @vectors(%m: memref<64xf32>, %v: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  vector.store %v, %m[%c0] : memref<64xf32>, vector<8xf32>
  vector.store %v, %m[%c8] : memref<64xf32>, vector<8xf32>
  vector.store %v, %m[%c16] : memref<64xf32>, vector<8xf32>
  return
}

// The condition is a constant: the else branch, a copy of 6.
func.func @constant_if(%a: memref<6xi8>, %b: memref<6xi8>, %v: i8) {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  scf.if %false {
    memref.store %v, %a[%c0] : memref<6xi8>
  } else {
    memref.copy %a, %b : memref<6xi8> to memref<6xi8>
  }
  return
}

// Either branch stores one element.
func.func @equal_branches(%a: memref<6xi8>, %c: i1, %v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    memref.store %v, %a[%c0] : memref<6xi8>
  } else {
    memref.store %v, %a[%c1] : memref<6xi8>
  }
  return
}

func.func @branches(%a: memref<6xi8>, %b: memref<6xi8>, %c: i1) {
  scf.if %c {
    memref.copy %a, %b : memref<6xi8> to memref<6xi8>
  }
  return
}

func.func @dynamic_loop(%m: memref<20xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<20xf32>
  }
  return
}

func.func @unknown_write(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %r = memref.atomic_rmw addf %v, %m[%c0] : (f32, memref<4xf32>) -> f32
  return
}

// Loads and views store nothing.
func.func @none(%m: memref<2x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %v = memref.load %flat[%c0] : memref<6xf32>
  return %v : f32
}

// Declarations have no count.
func.func private @external(memref<4xf32>)
