// RUN: sonnx-opt %s --sonnx-convert-assert-to-llvm=status-handler=report -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not sonnx-opt %s --sonnx-convert-assert-to-llvm="status-return status-handler=report" -split-input-file 2>&1 | FileCheck %s --check-prefix=BOTH

// With status-handler (the JIT), a failing check calls the handler with the
// status code of its rule (its sonnx.rule attribute; SONNXRules.def:
// reshape.count 19, expand.E1 30) and its message, whatever its function
// returns, and never goes on: the rule crosses as a value, not as text to
// read back. The rules are listed in sonnx.status_rules, as with
// status-return. A check without the attribute (upstream's, or written by
// hand) has no status code: it prints its message and aborts, as without
// the option.

// The two status forms exclude each other.
// BOTH: error: status-return and status-handler='report' exclude each other

// CHECK: module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]}
// CHECK-DAG: llvm.func @report(i32, !llvm.ptr)
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.mlir.global internal constant @[[COUNT:sonnx_assert_msg[_0-9]*]]("a: 6 elements cannot take shape [4] [reshape.count]\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[E1:sonnx_assert_msg[_0-9]*]]("b: sizes 2 and 3 do not broadcast [expand.E1]\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[NONE:sonnx_assert_msg[_0-9]*]]("no rule [expand.E1]\00")
// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1) -> f32
// CHECK: cf.cond_br %[[A]], ^[[OK1:.*]], ^[[FAIL1:.*]]
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[M1:.*]] = llvm.mlir.addressof @[[COUNT]] : !llvm.ptr
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(19 : i32) : i32
// CHECK-NEXT: llvm.call @report(%[[S1]], %[[M1]]) : (i32, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK1]]:
// CHECK: cf.cond_br %[[B]], ^[[OK2:.*]], ^[[FAIL2:.*]]
// CHECK: ^[[FAIL2]]:
// CHECK-NEXT: %[[M2:.*]] = llvm.mlir.addressof @[[E1]] : !llvm.ptr
// CHECK-NEXT: %[[S2:.*]] = llvm.mlir.constant(30 : i32) : i32
// CHECK-NEXT: llvm.call @report(%[[S2]], %[[M2]]) : (i32, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK2]]:
// CHECK: cf.cond_br %[[B]], ^[[OK3:.*]], ^[[FAIL3:.*]]
// CHECK: ^[[FAIL3]]:
// CHECK-NEXT: %[[M3:.*]] = llvm.mlir.addressof @[[NONE]] : !llvm.ptr
// CHECK-NEXT: llvm.call @puts(%[[M3]]) : (!llvm.ptr) -> ()
// CHECK: llvm.call @abort() : () -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK3]]:
// CHECK: return

func.func @checks(%a: i1, %b: i1) -> f32 {
  cf.assert %a, "a: 6 elements cannot take shape [4] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.assert %b, "b: sizes 2 and 3 do not broadcast [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
  cf.assert %b, "no rule [expand.E1]"
  %x = arith.constant 1.0 : f32
  return %x : f32
}

// -----

// Only rules: no declaration of puts, fflush or abort.
// CHECK-NOT: llvm.func @puts
// CHECK-NOT: llvm.func @abort
// CHECK-LABEL: func.func @only_rules
// CHECK: llvm.call @report
func.func @only_rules(%a: i1) {
  cf.assert %a, "x [unsqueeze.A.C2]" {sonnx.rule = #sonnx.rule<"unsqueeze.A.C2">}
  return
}

// -----

// Checks without a rule only: nothing to list, no handler to declare.
// CHECK-NOT: sonnx.status_rules
// CHECK-NOT: llvm.func @report
// CHECK-LABEL: func.func @no_rules
// CHECK: llvm.call @abort()
func.func @no_rules(%a: i1) {
  cf.assert %a, "no rule [reshape.count]"
  return
}

// -----

// The handler must have its type: a symbol of that name with another one is
// an error, never a call of the wrong function.
// expected-error @+1 {{redefinition of function 'report' of different type '!llvm.func<void (i32, ptr)>' is prohibited}}
llvm.func @report(i64)
func.func @clash(%a: i1) {
  cf.assert %a, "x [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  return
}

// -----

// A rule given as a string rather than a #sonnx.rule attribute is an error
// of the sonnx dialect's verifier, as the module is parsed (a misspelt
// #sonnx.rule does not parse: status-return.mlir); so is a module attribute
// that does not list rules.
func.func @string_rule(%a: i1) {
  // expected-error @+1 {{'sonnx.rule' holds "reshape.count", which is no #sonnx.rule attribute}}
  cf.assert %a, "broken" {sonnx.rule = "reshape.count"}
  return
}

// -----

// expected-error @+1 {{'sonnx.status_rules' must be an array of rule IDs}}
module attributes {sonnx.status_rules = "reshape.count"} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' holds "expand.E2", which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = ["expand.E2"]} {
}

// -----

// An element that is no string names no rule either.
// expected-error @+1 {{'sonnx.status_rules' holds 1 : i64, which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = [1]} {
}

// -----

// So must the functions that a check without a rule calls: puts, fflush
// and abort of other types are errors, never calls of the wrong function.
// expected-error @+1 {{redefinition of reserved function 'puts' of different type '!llvm.func<void (i64)>' is prohibited}}
llvm.func @puts(i64)
func.func @clash_puts(%a: i1) {
  cf.assert %a, "no rule"
  return
}

// -----

// expected-error @+1 {{redefinition of function 'fflush' of different type '!llvm.func<i32 (ptr)>' is prohibited}}
llvm.func @fflush(i64) -> i32
func.func @clash_fflush(%a: i1) {
  cf.assert %a, "no rule"
  return
}

// -----

// expected-error @+1 {{redefinition of function 'abort' of different type '!llvm.func<void ()>' is prohibited}}
llvm.func @abort(i32)
func.func @clash_abort(%a: i1) {
  cf.assert %a, "no rule"
  return
}
