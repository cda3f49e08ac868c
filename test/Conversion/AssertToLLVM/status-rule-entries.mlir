// RUN: sonnx-opt %s --sonnx-add-status-rule-to-llvm=function-name=m_status_rule -split-input-file -verify-diagnostics

// Entries of sonnx.status_rules that are not rule IDs, which the sonnx
// dialect's verifier of the attribute (SONNXDialect.cpp) reports before the
// pass reads them: an integer, a unit beside a rule, and a list that is not
// an array.

// expected-error @+1 {{'sonnx.status_rules' holds 1 : i32, which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = [1 : i32]} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' holds unit, which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = ["reshape.count", unit]} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' must be an array of rule IDs}}
module attributes {sonnx.status_rules = "reshape.count"} {
}
