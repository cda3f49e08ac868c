// sonnx-translate --mlir-to-c prints a module of the EmitC ops of the C
// output as C99 and changes nothing (CTranslation.h): the parameters by
// their sonnx.c_name (else aK), loop variables i0, i1, ... by depth, other
// values v1, v2, ...; a name that a global takes gets a suffix; literals,
// globals and subscripts written where they are used; verbatim text as it
// is; an array parameter as `T name[N]`. The C compiles (C99, -Werror).
//
// (A private function prints static: nothing here calls it, which clang
// reports as an unused function, gcc with -fsyntax-only does not.)
//
// RUN: sonnx-translate --mlir-to-c %s | FileCheck %s
// RUN: sonnx-translate --mlir-to-c %s -o %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unused-function -fsyntax-only -include stddef.h -include stdint.h %t.c

// CHECK:      /* file-scope text */
// CHECK-NEXT: static const int16_t table[6] = {1, 2, 3, 4, 5, 6};
// CHECK-NEXT: static int32_t copy(int16_t table_2[6], int16_t y[6], int16_t a2[6]) {
// CHECK-NEXT:   size_t v1 = 2U;
// CHECK-NEXT:   /*@ loop assigns y[0 .. 5]; */
// CHECK-NEXT:   for (size_t i0 = 0; i0 < 3U; i0 += 1U) {
// CHECK-NEXT:     for (size_t i1 = 0; i1 < v1; i1 += 1U) {
// CHECK-NEXT:       size_t v2 = i0 * v1 + i1;
// CHECK-NEXT:       int16_t v3 = table[v2];
// CHECK-NEXT:       y[v2] = v3;
// CHECK-NEXT:       int16_t v4 = table_2[v2];
// CHECK-NEXT:       a2[v2] = v4;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return 0;
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
module {
  emitc.verbatim "/* file-scope text */"
  emitc.global static const @table : !emitc.array<6xi16> = dense<[1, 2, 3, 4, 5, 6]>
  emitc.func private @copy(%x: !emitc.array<6xi16> {sonnx.c_name = "table"}, %y: !emitc.array<6xi16> {sonnx.c_name = "y"}, %z: !emitc.array<6xi16>) -> i32 attributes {specifiers = ["static"]} {
    %two = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
    %zero = emitc.literal "0" : !emitc.size_t
    %one = emitc.literal "1U" : !emitc.size_t
    %three = emitc.literal "3U" : !emitc.size_t
    %ok = emitc.literal "0" : i32
    %t = emitc.get_global @table : !emitc.array<6xi16>
    emitc.verbatim "/*@ loop assigns y[0 .. 5]; */"
    emitc.for %i = %zero to %three step %one : !emitc.size_t {
      emitc.for %j = %zero to %two step %one : !emitc.size_t {
        %k = emitc.expression %i, %two, %j : (!emitc.size_t, !emitc.size_t, !emitc.size_t) -> !emitc.size_t {
          %m = emitc.mul %i, %two : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
          %a = emitc.add %m, %j : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
          emitc.yield %a : !emitc.size_t
        }
        %src = emitc.subscript %t[%k] : (!emitc.array<6xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
        %v = emitc.expression %src : (!emitc.lvalue<i16>) -> i16 {
          %l = emitc.load %src : <i16>
          emitc.yield %l : i16
        }
        %dst = emitc.subscript %y[%k] : (!emitc.array<6xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
        emitc.assign %v : i16 to %dst : <i16>
        %src2 = emitc.subscript %x[%k] : (!emitc.array<6xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
        %dst2 = emitc.subscript %z[%k] : (!emitc.array<6xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
        %w = emitc.expression %src2 : (!emitc.lvalue<i16>) -> i16 {
          %l2 = emitc.load %src2 : <i16>
          emitc.yield %l2 : i16
        }
        emitc.assign %w : i16 to %dst2 : <i16>
      }
    }
    emitc.return %ok : i32
  }
}
