// RUN: sonnx-opt %s --sonnx-convert-assert-to-llvm -split-input-file -verify-diagnostics | FileCheck %s

// The aborting lowering prints each check's message; the module keeps, by
// message, the rule of each check that has one (its sonnx.rule attribute):
// the JIT reads the failing check's rule there (sonnx.check_rules), never out
// of the printed text. A check without the attribute (upstream's, or written
// by hand) still aborts with its message and has no entry.
// CHECK: module attributes {sonnx.check_rules = {"a: 6 elements cannot take shape [4] [reshape.count]" = "reshape.count", "b: sizes 2 and 3 do not broadcast [expand.E1]" = "expand.E1"}}
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("no rule\00")
// CHECK-LABEL: func.func @checks
func.func @checks(%a: i1, %b: i1) {
  cf.assert %a, "a: 6 elements cannot take shape [4] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.assert %b, "b: sizes 2 and 3 do not broadcast [expand.E1]" {sonnx.rule = #sonnx.rule<"expand.E1">}
  cf.assert %a, "a: 6 elements cannot take shape [4] [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  cf.assert %b, "no rule"
  return
}

// -----

// A rule attribute that names no rule of the catalogue does not parse; an
// attribute of another kind (a string) is an error of the sonnx dialect's
// verifier, as the module is parsed. The module attributes, which outlive
// the dialect, hold ID strings, and one that names no rule is an error.
func.func @misspelt_rule(%a: i1) {
  // expected-error @+1 {{'reshape.cuont' names no rule of the constraint catalogue (SONNXRules.def)}}
  cf.assert %a, "broken" {sonnx.rule = #sonnx.rule<"reshape.cuont">}
  return
}

// -----

func.func @string_rule(%a: i1) {
  // expected-error @+1 {{'sonnx.rule' holds "reshape.count", which is no #sonnx.rule attribute}}
  cf.assert %a, "broken" {sonnx.rule = "reshape.count"}
  return
}

// -----

// expected-error @+1 {{'sonnx.check_rules' holds "expand.E2", which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.check_rules = {"m" = "expand.E2"}} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' holds #sonnx.rule<"expand.E1">, which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = [#sonnx.rule<"expand.E1">]} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' must be an array of rule IDs}}
module attributes {sonnx.status_rules = "reshape.count"} {
}
