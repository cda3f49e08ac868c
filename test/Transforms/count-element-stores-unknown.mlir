// --sonnx-count-element-stores: every reason why the count of a function is
// not known, and the counts that overflow int64 (refused rather than
// wrapped). Each function is named after its case.
//
// RUN: sonnx-opt %s --sonnx-count-element-stores | FileCheck %s
//
// CHECK: module attributes {sonnx.element_stores = {
// CHECK-SAME: block_overflow = "'memref.copy': the count exceeds int64"
// CHECK-SAME: branches = "the function has branches"
// CHECK-SAME: constant_true = 4 : i64
// CHECK-SAME: copy_overflow = "'memref.copy': the count exceeds int64"
// CHECK-SAME: dynamic_copy = "'memref.copy': it writes a buffer of unknown size"
// CHECK-SAME: dynamic_domain = "'linalg.generic': its iteration domain has an unknown size"
// CHECK-SAME: dynamic_lower = "'scf.for': its bounds or step are not constants"
// CHECK-SAME: dynamic_step = "'scf.for': its bounds or step are not constants"
// CHECK-SAME: else_unknown = "'memref.atomic_rmw': it writes memory in a way the count does not know"
// CHECK-SAME: iteration_overflow = "'linalg.generic': the count exceeds int64"
// CHECK-SAME: loop_body_unknown = "'memref.atomic_rmw': it writes memory in a way the count does not know"
// CHECK-SAME: on_tensors = "'linalg.generic': it is not on buffers"
// CHECK-SAME: region_overflow = "'scf.execute_region': the count exceeds int64"
// CHECK-SAME: region_read = 0 : i64
// CHECK-SAME: region_write = "'memref.generic_atomic_rmw': it writes memory in a way the count does not know"
// CHECK-SAME: then_unknown = "'memref.atomic_rmw': it writes memory in a way the count does not know"
// CHECK-SAME: trip_overflow = "'scf.for': its trip count exceeds int64"
// CHECK-SAME: zero_step = "'scf.for': its bounds or step are not constants"
// CHECK-SAME: }

#id = affine_map<(d0) -> (d0)>

// Two blocks: the count follows straight-line code only.
func.func @branches(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^store, ^done
^store:
  memref.store %v, %m[%c0] : memref<4xf32>
  cf.br ^done
^done:
  return
}

func.func @on_tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%x : tensor<4xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @dynamic_domain(%x: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%x : memref<?xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}

// 2^62 x 4 iterations.
func.func @iteration_overflow(%x: memref<4611686018427387904x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%x : memref<4611686018427387904x4xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}

func.func @dynamic_copy(%a: memref<?xi8>, %b: memref<?xi8>) {
  memref.copy %a, %b : memref<?xi8> to memref<?xi8>
  return
}

// 2^62 x 4 elements in one copy.
func.func @copy_overflow(%a: memref<4611686018427387904x4xi8>, %b: memref<4611686018427387904x4xi8>) {
  memref.copy %a, %b : memref<4611686018427387904x4xi8> to memref<4611686018427387904x4xi8>
  return
}

// 2^62 elements twice: the sum overflows.
func.func @block_overflow(%a: memref<4611686018427387904xi8>, %b: memref<4611686018427387904xi8>) {
  memref.copy %a, %b : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  memref.copy %a, %b : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  return
}

// The same, in two blocks of one region.
func.func @region_overflow(%a: memref<4611686018427387904xi8>, %b: memref<4611686018427387904xi8>) {
  scf.execute_region {
    memref.copy %a, %b : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
    cf.br ^next
  ^next:
    memref.copy %a, %b : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
    scf.yield
  }
  return
}

func.func @dynamic_lower(%m: memref<4xf32>, %v: f32, %lb: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %lb to %c4 step %c1 {
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

func.func @dynamic_step(%m: memref<4xf32>, %v: f32, %step: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %step {
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

func.func @zero_step(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c0 {
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

// upper - lower = 2^63 + 1: not an int64.
func.func @trip_overflow(%m: memref<4xf32>, %v: f32) {
  %lo = arith.constant -2 : index
  %hi = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  scf.for %i = %lo to %hi step %c1 {
    memref.store %v, %m[%c0] : memref<4xf32>
  }
  return
}

func.func @loop_body_unknown(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  }
  return
}

func.func @then_unknown(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %0 = memref.atomic_rmw addf %v, %m[%c0] : (f32, memref<4xf32>) -> f32
  }
  return
}

func.func @else_unknown(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xf32>
  } else {
    %0 = memref.atomic_rmw addf %v, %m[%c0] : (f32, memref<4xf32>) -> f32
  }
  return
}

// A condition true at compile time: the then branch's 4 stores (the else
// branch's 1 does not count).
func.func @constant_true(%m: memref<4xf32>, %v: f32) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.if %true {
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %v, %m[%i] : memref<4xf32>
    }
  } else {
    memref.store %v, %m[%c0] : memref<4xf32>
  }
  return
}

// An op with a region that stores nothing itself but writes memory.
func.func @region_write(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.generic_atomic_rmw %m[%c0] : memref<4xf32> {
  ^bb0(%cur: f32):
    memref.atomic_yield %cur : f32
  }
  return
}

// An op with a region and no memory effects of its own (scf.execute_region)
// that stores nothing: 0.
func.func @region_read(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = scf.execute_region -> f32 {
    %v = memref.load %m[%c0] : memref<4xf32>
    scf.yield %v : f32
  }
  return %x : f32
}
