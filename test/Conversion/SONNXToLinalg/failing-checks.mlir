// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// A run-time check that the lowering builds with the condition false fails
// whatever the inputs: CheckBuilder marks its cf.assert
// (`sonnx.failing_check`, holding the diagnostic) and the pass reports it as
// a compile-time error when it runs whenever its function does (in the entry
// block), instead of building views that only the check guarantees
// (reportFailingChecks, RuntimeChecks.h). The verifiers leave no such case
// that we know of; these functions state the marks directly.

func.func @entry_block() {
  %false = arith.constant false
  // expected-error @+1 {{'sonnx.unsqueeze' op result dimension 2 is declared 1 but is a different size at run time [unsqueeze.Y.C1]}}
  cf.assert %false, "f.mlir:1:1: 'sonnx.unsqueeze' op result dimension 2 is declared 1 but is a different size at run time [unsqueeze.Y.C1]" {sonnx.failing_check = "'sonnx.unsqueeze' op result dimension 2 is declared 1 but is a different size at run time [unsqueeze.Y.C1]"}
  return
}

// -----

// A check that may never run (inside a branch or a loop) stays a run-time
// check, and loses its mark; an assert without the mark is not ours.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK-NEXT: cf.assert %false, "inside"
// CHECK-NOT: sonnx.failing_check
// CHECK: cf.assert %false, "not ours"
// CHECK-NOT: sonnx.failing_check
func.func @nested(%c: i1) {
  %false = arith.constant false
  scf.if %c {
    cf.assert %false, "inside" {sonnx.failing_check = "'sonnx.reshape' op inside [reshape.count]"}
  }
  cf.assert %false, "not ours"
  return
}

// -----

// A check in a later block of its function may not run either: it stays a
// run-time check, unmarked, and no error is reported.
// CHECK-LABEL: func.func @later_block
// CHECK: ^bb1:
// CHECK-NEXT: cf.assert %false, "later"
// CHECK-NOT: sonnx.failing_check
// CHECK: return
func.func @later_block(%c: i1) {
  %false = arith.constant false
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.assert %false, "later" {sonnx.failing_check = "'sonnx.reshape' op later [reshape.count]"}
  cf.br ^bb2
^bb2:
  return
}
