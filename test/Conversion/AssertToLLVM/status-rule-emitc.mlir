// RUN: sonnx-opt %s --sonnx-add-status-rule-to-emitc=function-name=m_status_rule -split-input-file -verify-diagnostics | FileCheck %s
// RUN: sonnx-opt %s --sonnx-add-status-rule-to-emitc=function-name=m_status_rule -split-input-file -verify-diagnostics | sonnx-translate --mlir-to-c --split-input-file | FileCheck %s --check-prefix=CSRC

// PREFIX_status_rule of the C source (docs/deployment.md), with the cases
// of --sonnx-add-status-rule-to-llvm (status-rule.mlir, one function makes
// both): the code of each rule of sonnx.status_rules (SONNXRules.def:
// reshape.count 19, expand.E1 30), in their order, sets `rule` to the
// rule's ID; any other code, 0 among them, leaves it NULL. Its contract
// comes first.
// CHECK-LABEL: module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]}
// CHECK:      emitc.func @m_run
// CHECK:      emitc.verbatim "/*@ assigns \\nothing; */"
// CHECK-NEXT: emitc.func @m_status_rule(%[[S:.*]]: i32 {sonnx.c_name = "status"}) -> !emitc.ptr<!emitc.opaque<"const char">> {
// CHECK-NEXT: %[[RULE:.*]] = "emitc.variable"() <{value = #emitc.opaque<"NULL">}> {sonnx.c_name = "rule"} : () -> !emitc.lvalue<!emitc.ptr<!emitc.opaque<"const char">>>
// CHECK-NEXT: switch %[[S]] : i32
// CHECK-NEXT: case 19 {
// CHECK-NEXT: %[[ID1:.*]] = literal "\22reshape.count\22" : !emitc.ptr<!emitc.opaque<"const char">>
// CHECK-NEXT: assign %[[ID1]] : !emitc.ptr<!emitc.opaque<"const char">> to %[[RULE]]
// CHECK-NEXT: yield
// CHECK-NEXT: }
// CHECK-NEXT: case 30 {
// CHECK-NEXT: %[[ID2:.*]] = literal "\22expand.E1\22" : !emitc.ptr<!emitc.opaque<"const char">>
// CHECK-NEXT: assign %[[ID2]] : !emitc.ptr<!emitc.opaque<"const char">> to %[[RULE]]
// CHECK-NEXT: yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = load %[[RULE]]
// CHECK-NEXT: return %[[R]] : !emitc.ptr<!emitc.opaque<"const char">>
// CHECK-NEXT: }
// The C that the emitter wrote as text before.
// CSRC:      int32_t m_run(void) {
// CSRC-NEXT:   return 0;
// CSRC-NEXT: }
// CSRC-EMPTY:
// CSRC-NEXT: /*@ assigns \nothing; */
// CSRC-NEXT: const char *m_status_rule(int32_t status) {
// CSRC-NEXT:   const char *rule = NULL;
// CSRC-NEXT:   switch (status) {
// CSRC-NEXT:   case 19:
// CSRC-NEXT:     rule = "reshape.count";
// CSRC-NEXT:     break;
// CSRC-NEXT:   case 30:
// CSRC-NEXT:     rule = "expand.E1";
// CSRC-NEXT:     break;
// CSRC-NEXT:   default:
// CSRC-NEXT:     break;
// CSRC-NEXT:   }
// CSRC-NEXT:   return rule;
// CSRC-NEXT: }
module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]} {
  emitc.func @m_run() -> i32 {
    %zero = emitc.literal "0" : i32
    emitc.return %zero : i32
  }
}

// -----

// Without sonnx.status_rules (every check decided at compile time, the
// usual case of sonnx-compile), no code has a rule: no switch without a
// case (MISRA C:2012 rule 16.6), the status voided.
// CHECK-LABEL: module {
// CHECK:      emitc.func @m_status_rule(%[[S:.*]]: i32 {sonnx.c_name = "status"})
// CHECK-NEXT: %[[RULE:.*]] = "emitc.variable"()
// CHECK-NEXT: verbatim "(void){};" args %[[S]] : i32
// CHECK-NEXT: %[[R:.*]] = load %[[RULE]]
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: switch
// CSRC:      /*@ assigns \nothing; */
// CSRC-NEXT: const char *m_status_rule(int32_t status) {
// CSRC-NEXT:   const char *rule = NULL;
// CSRC-NEXT:   (void)status;
// CSRC-NEXT:   return rule;
// CSRC-NEXT: }
module {
}

// -----

// The function's name is taken: an error, not a renamed function.
module {
  // expected-error @+1 {{the module already has a symbol 'm_status_rule', the name of the status-rule function to define}}
  emitc.func @m_status_rule(%status: i32) -> i32 {
    emitc.return %status : i32
  }
}

// -----

// An entry that names no rule, or one that is not an ID string.
// expected-error @+1 {{'sonnx.status_rules' holds "expand.E2", which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = ["expand.E2"]} {
}

// -----

// expected-error @+1 {{'sonnx.status_rules' holds #sonnx.rule<"expand.E1">, which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = [#sonnx.rule<"expand.E1">]} {
}

// Without function-name the pass has nothing to define: an error.
// RUN: not sonnx-opt %s --sonnx-add-status-rule-to-emitc -split-input-file 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: --sonnx-add-status-rule-to-emitc needs the name of the function to define (function-name)
