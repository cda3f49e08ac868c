// The same patterns as upstream's --convert-scf-to-cf, visited last op
// first: the result must be the same IR, block for block.
// RUN: sonnx-opt %s --sonnx-convert-scf-to-cf > %t.sonnx
// RUN: mlir-opt %s --convert-scf-to-cf > %t.upstream
// RUN: diff %t.sonnx %t.upstream
// RUN: FileCheck %s < %t.sonnx
// RUN: FileCheck %s --check-prefix=NOSCF < %t.sonnx
// NOSCF-NOT: scf.

// Loops one after the other (what a chain of broadcasts lowers to): the
// blocks come in program order, each loop's exit block holds the ops
// up to the next loop.
// CHECK-LABEL: func.func @sequence
// CHECK: cf.br ^[[C1:bb[0-9]+]]
// CHECK: ^[[C1]]({{.*}}): // 2 preds
// CHECK: cf.cond_br %{{.*}}, ^[[B1:bb[0-9]+]], ^[[E1:bb[0-9]+]]
// CHECK: ^[[B1]]:
// CHECK: memref.store %{{.*}}, %arg0
// CHECK: ^[[E1]]:
// CHECK: cf.br ^[[C2:bb[0-9]+]]
// CHECK: ^[[C2]]({{.*}}): // 2 preds
// CHECK: ^{{bb[0-9]+}}:
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: ^{{bb[0-9]+}}:
// CHECK: cf.br ^[[C3:bb[0-9]+]]
// CHECK: ^[[C3]]({{.*}}): // 2 preds
// CHECK: memref.store %{{.*}}, %arg2
// CHECK: return
func.func @sequence(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                    %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %b[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %c[%i] : memref<?xf32>
  }
  return
}

// Nested loops with loop-carried values, and an scf.if with results
// inside.
// CHECK-LABEL: func.func @nested
func.func @nested(%m: memref<?x?xf32>, %n: index, %flag: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%a = %acc) -> f32 {
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
      %y = scf.if %flag -> f32 {
        %p = arith.addf %a, %x : f32
        scf.yield %p : f32
      } else {
        scf.yield %a : f32
      }
      scf.yield %y : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// scf.parallel becomes scf.for (lowered in a second round), scf.while,
// scf.index_switch and scf.execute_region.
// CHECK-LABEL: func.func @others
func.func @others(%m: memref<?x?xf32>, %n: index, %k: index, %v: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  %w = scf.while (%i = %c0) : (index) -> index {
    %lt = arith.cmpi slt, %i, %n : index
    scf.condition(%lt) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %s = scf.index_switch %k -> index
  case 2 {
    scf.yield %c1 : index
  }
  default {
    scf.yield %w : index
  }
  %e = scf.execute_region -> index {
    %t = arith.addi %s, %w : index
    scf.yield %t : index
  }
  return %e : index
}

// scf.forall, through scf.parallel and scf.for: three rounds.
// CHECK-LABEL: func.func @forall
func.func @forall(%m: memref<?xf32>, %n: index, %v: f32) {
  scf.forall (%i) in (%n) {
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}
