// sonnx-translate --mlir-to-c prints every function of the module, an
// empty line after each but the last, as the C output's PREFIX_run and
// PREFIX_status_rule need (--sonnx-add-status-rule-to-emitc): a pointer
// type (`const char *`, no space before the name), a local variable named
// by its sonnx.c_name (a suffix when a global has the name) or vN, a switch
// whose cases assign and break, a load written where its one use is the
// next op (nothing stores in between) and declared otherwise, a verbatim's
// placeholders replaced by its operands. Each function's values are named
// afresh. The C compiles (C99, pedantic, -Werror).
//
// RUN: sonnx-translate --mlir-to-c %s | FileCheck %s
// RUN: sonnx-translate --mlir-to-c %s -o %t.c
// RUN: %cc -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -include stddef.h -include stdint.h %t.c
// RUN: sonnx-opt %s | sonnx-translate --mlir-to-c | FileCheck %s

// CHECK:      static int32_t rule = 3;
// CHECK-NEXT: int32_t pick(int32_t code) {
// CHECK-NEXT:   int32_t rule_2 = 0;
// CHECK-NEXT:   int32_t v1 = rule_2;
// CHECK-NEXT:   switch (code) {
// CHECK-NEXT:   case -1:
// CHECK-NEXT:     rule_2 = 7;
// CHECK-NEXT:     break;
// CHECK-NEXT:   case 2:
// CHECK-NEXT:     rule_2 = rule;
// CHECK-NEXT:     break;
// CHECK-NEXT:   default:
// CHECK-NEXT:     (void)v1;
// CHECK-NEXT:     break;
// CHECK-NEXT:   }
// CHECK-NEXT:   return rule_2;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: const char *name(int32_t a0) {
// CHECK-NEXT:   const char *v1 = NULL;
// CHECK-NEXT:   (void)a0; /* {} */
// CHECK-NEXT:   return v1;
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
module {
  emitc.global static @rule : i32 = 3
  emitc.func @pick(%code: i32 {sonnx.c_name = "code"}) -> i32 {
    %r = "emitc.variable"() <{value = 0 : i32}> {sonnx.c_name = "rule"} : () -> !emitc.lvalue<i32>
    %early = emitc.load %r : <i32>
    emitc.switch %code : i32
    case -1 {
      %seven = emitc.literal "7" : i32
      emitc.assign %seven : i32 to %r : <i32>
      emitc.yield
    }
    case 2 {
      %g = emitc.get_global @rule : !emitc.lvalue<i32>
      %v = emitc.load %g : <i32>
      emitc.assign %v : i32 to %r : <i32>
      emitc.yield
    }
    default {
      emitc.verbatim "(void){};" args %early : i32
    }
    %result = emitc.load %r : <i32>
    emitc.return %result : i32
  }
  emitc.func @name(%status: i32) -> !emitc.ptr<!emitc.opaque<"const char">> {
    %r = "emitc.variable"() <{value = #emitc.opaque<"NULL">}> : () -> !emitc.lvalue<!emitc.ptr<!emitc.opaque<"const char">>>
    emitc.verbatim "(void){}; /* {{} */" args %status : i32
    %result = emitc.load %r : <!emitc.ptr<!emitc.opaque<"const char">>>
    emitc.return %result : !emitc.ptr<!emitc.opaque<"const char">>
  }
}
