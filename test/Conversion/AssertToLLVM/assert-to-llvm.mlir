// RUN: sonnx-opt %s --sonnx-convert-assert-to-llvm -split-input-file | FileCheck %s

// A cf.assert in a function body becomes a branch to a block that prints the
// message, flushes every stream and aborts. Identical messages share one
// global.
// CHECK-DAG: llvm.func @puts(!llvm.ptr)
// CHECK-DAG: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.mlir.global internal constant @[[MSG:sonnx_assert_msg[_0-9]*]]("broken [rule.id]\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[OTHER:sonnx_assert_msg[_0-9]*]]("other [rule.other]\00")
// CHECK-LABEL: func.func @two_checks
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
// CHECK: cf.cond_br %[[A]], ^[[OK1:.*]], ^[[FAIL1:.*]]
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[P1:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK-NEXT: llvm.call @puts(%[[P1]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.call @fflush(%[[NULL]]) : (!llvm.ptr) -> i32
// CHECK-NEXT: llvm.call @abort() : () -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK1]]:
// CHECK: cf.cond_br %[[B]], ^[[OK2:.*]], ^[[FAIL2:.*]]
// CHECK: ^[[FAIL2]]:
// CHECK-NEXT: llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK: ^[[OK2]]:
// CHECK: cf.br ^[[NEXT:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: cf.cond_br %{{.*}}, ^[[OK3:.*]], ^[[FAIL3:.*]]
// CHECK: ^[[FAIL3]]:
// CHECK-NEXT: llvm.mlir.addressof @[[OTHER]] : !llvm.ptr
// CHECK: ^[[OK3]]:
// CHECK-NEXT: return
func.func @two_checks(%a: i1, %b: i1) {
  cf.assert %a, "broken [rule.id]"
  cf.assert %b, "broken [rule.id]"
  %c = arith.xori %a, %b : i1
  cf.br ^bb1
^bb1:
  cf.assert %c, "other [rule.other]"
  return
}

// -----

// An assert inside a region that cannot hold several blocks is left to the
// upstream lowering (the sonnx pipeline runs this pass after scf-to-cf).
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK-NEXT: cf.assert %{{.*}}, "in a loop [rule.id]"
func.func @in_loop(%a: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    cf.assert %a, "in a loop [rule.id]"
  }
  return
}

// -----

// A check that names its rule (sonnx.rule) aborts alike, and the module gets
// no attribute: without status-handler or status-return the rule is in the
// message, for people only (status-handler.mlir, status-return.mlir).
// CHECK-NOT: sonnx.status_rules
// CHECK-NOT: sonnx.check_rules
// CHECK-LABEL: func.func @with_rule
// CHECK: llvm.call @puts
// CHECK: llvm.call @abort()
func.func @with_rule(%a: i1) {
  cf.assert %a, "a: 6 elements cannot take shape [4] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  return
}
