// RUN: sonnx-opt %s -split-input-file --sonnx-convert-assert-to-status -verify-diagnostics | FileCheck %s

// Each check nests the rest of the function in an scf.if whose else branch
// yields the status code of its rule (its sonnx.rule attribute; the code is
// the rule's in SONNXRules.def, whatever the module: reshape.count 19,
// expand.E1 30): one return. The module lists the rules, in the order of
// their first check.
// CHECK: module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]}
// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[C:.*]]: i1) -> i32
// CHECK: %[[R:.*]] = scf.if %[[A]] -> (i32) {
// CHECK:   %[[S:.*]] = scf.if %[[B]] -> (i32) {
// CHECK:     %[[T:.*]] = scf.if %[[C]] -> (i32) {
// CHECK:       %[[OK:.*]] = arith.constant 0 : i32
// CHECK:       scf.yield %[[OK]] : i32
// CHECK:     } else {
// CHECK:       %[[C1:.*]] = arith.constant 19 : i32
// CHECK:       scf.yield %[[C1]] : i32
// CHECK:     scf.yield %[[T]] : i32
// CHECK:   } else {
// CHECK:     %[[C2:.*]] = arith.constant 30 : i32
// CHECK:     scf.yield %[[C2]] : i32
// CHECK:   scf.yield %[[S]] : i32
// CHECK: } else {
// CHECK:   %[[C1B:.*]] = arith.constant 19 : i32
// CHECK:   scf.yield %[[C1B]] : i32
// CHECK: return %[[R]] : i32
// CHECK-NOT: cf.assert
func.func @checks(%a: i1, %b: i1, %c: i1) -> i32 {
  cf.assert %a, "node 0: size mismatch [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.assert %b, "node 1: bad shape [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
  cf.assert %c, "node 2: size mismatch [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// A check inside a loop cannot leave the loop with a status.
func.func @in_loop(%a: i1, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{a run-time check inside a region of 'scf.for' cannot return a status: in a loop [x.C1]}}
    cf.assert %a, "in a loop [x.C1]"
  }
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// Only a function that returns its status alone can return one.
func.func @no_status(%a: i1) -> f32 {
  // expected-error @+1 {{a run-time check in a function that returns no i32 status alone, or of several blocks, cannot return one: no status [x.C1]}}
  cf.assert %a, "no status [x.C1]"
  %x = arith.constant 1.0 : f32
  return %x : f32
}

// -----

// The rule is the attribute, never the text: a check without one has no
// status code, whatever its message cites.
func.func @no_rule(%a: i1) -> i32 {
  // expected-error @+1 {{a run-time check without a 'sonnx.rule' attribute has no status code: size mismatch [reshape.count]}}
  cf.assert %a, "size mismatch [reshape.count]"
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// The checks of each function nest the rest of that function only: two
// functions, one check each, two nests.
// CHECK-LABEL: func.func @first
// CHECK: %[[R1:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: arith.constant 19 : i32
// CHECK: return %[[R1]] : i32
// CHECK-LABEL: func.func @second
// CHECK: %[[R2:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: arith.constant 30 : i32
// CHECK: return %[[R2]] : i32
func.func @first(%a: i1) -> i32 {
  cf.assert %a, "first [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  %ok = arith.constant 0 : i32
  return %ok : i32
}
func.func @second(%b: i1) -> i32 {
  cf.assert %b, "second [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// A function of several blocks (lowered control flow) has no single rest
// to nest.
func.func @blocks(%a: i1) -> i32 {
  // expected-error @+1 {{a run-time check in a function that returns no i32 status alone, or of several blocks, cannot return one: blocks [reshape.count]}}
  cf.assert %a, "blocks [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.br ^next
^next:
  %ok = arith.constant 0 : i32
  return %ok : i32
}
