// RUN: sonnx-opt %s --sonnx-convert-assert-to-llvm=status-return -split-input-file -verify-diagnostics | FileCheck %s

// With status-return (sonnx-compile's objects never abort), a failing check
// returns the code of its rule (its sonnx.rule attribute) from an i32
// function: the rule's code of SONNXRules.def (reshape.count 19, expand.E1
// 30), the rules listed in the module's sonnx.status_rules in the order of
// their first check. No call of puts, fflush or abort is declared.
// CHECK: module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]}
// CHECK-NOT: llvm.func @puts
// CHECK-NOT: llvm.func @abort
// CHECK-LABEL: llvm.func @run
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1) -> i32
// CHECK: cf.cond_br %[[A]], ^[[OK1:.*]], ^[[FAIL1:.*]]
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[C1:.*]] = llvm.mlir.constant(19 : i32) : i32
// CHECK-NEXT: llvm.return %[[C1]] : i32
// CHECK: ^[[OK1]]:
// CHECK: cf.cond_br %[[B]], ^[[OK2:.*]], ^[[FAIL2:.*]]
// CHECK: ^[[FAIL2]]:
// CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(30 : i32) : i32
// CHECK-NEXT: llvm.return %[[C2]] : i32
// CHECK: ^[[OK2]]:
// CHECK: cf.cond_br %[[A]], ^[[OK3:.*]], ^[[FAIL3:.*]]
// CHECK: ^[[FAIL3]]:
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(19 : i32) : i32
// CHECK-NEXT: llvm.return %[[C3]] : i32
// CHECK: ^[[OK3]]:
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.return %[[Z]] : i32
llvm.func @run(%a: i1, %b: i1) -> i32 {
  cf.assert %a, "node 0 'r' (Reshape): 6 elements cannot take shape [4] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.assert %b, "node 1 'e' (Expand): sizes 2 and 3 do not broadcast [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
  cf.assert %a, "node 2 'r2' (Reshape): 6 elements cannot take shape [5] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.return %zero : i32
}

// -----

// A function that returns no status cannot report one.
llvm.func @no_status(%a: i1) {
  // expected-error @+1 {{a run-time check in a function that returns no i32 status cannot return one: broken [reshape.count]}}
  cf.assert %a, "broken [reshape.count]"
  llvm.return
}

// -----

// Nor can a check inside a region that cannot be split.
func.func @in_region(%a: i1, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{a run-time check inside a region of 'scf.for' cannot return a status: broken [reshape.count]}}
    cf.assert %a, "broken [reshape.count]"
  }
  %zero = arith.constant 0 : i32
  return %zero : i32
}

// -----

// The rule is the attribute, never the text: a check without one has no
// status code, whatever its message cites.
llvm.func @no_rule(%a: i1) -> i32 {
  // expected-error @+1 {{a run-time check without a 'sonnx.rule' attribute has no status code: broken [reshape.count]}}
  cf.assert %a, "broken [reshape.count]"
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.return %zero : i32
}

// -----

// A rule attribute that names no rule of the catalogue does not parse.
llvm.func @misspelt_rule(%a: i1) -> i32 {
  // expected-error @+1 {{'reshape.cuont' names no rule of the constraint catalogue (SONNXRules.def)}}
  cf.assert %a, "broken" {sonnx.rule = #sonnx.rule<"reshape.cuont">}
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.return %zero : i32
}

// -----

// A module that lists rules already (a second run, or a module linked from
// two) keeps them first, in their order, and gets only the rules it lacks.
// CHECK: module attributes {sonnx.status_rules = ["expand.E1", "flatten.axis.C2", "reshape.count"]}
// CHECK-LABEL: llvm.func @listed
// CHECK: llvm.mlir.constant(19 : i32) : i32
// CHECK: llvm.mlir.constant(30 : i32) : i32
module attributes {sonnx.status_rules = ["expand.E1", "flatten.axis.C2"]} {
  llvm.func @listed(%a: i1, %b: i1) -> i32 {
    cf.assert %a, "x [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
    cf.assert %b, "y [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
    %zero = llvm.mlir.constant(0 : i32) : i32
    llvm.return %zero : i32
  }
}

// -----

// The status is returned from an LLVM function: a check still in a func.func
// (one that --convert-func-to-llvm has not lowered) cannot return one.
func.func @not_llvm(%a: i1) -> i32 {
  // expected-error @+1 {{a run-time check in a function that returns no i32 status cannot return one: in func [reshape.count]}}
  cf.assert %a, "in func [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  %zero = arith.constant 0 : i32
  return %zero : i32
}
