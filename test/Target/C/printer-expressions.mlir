// sonnx-translate --mlir-to-c on the constants and expressions that the
// C printer writes itself (CPrinter.cpp, getConstantText and getExpression):
// an #emitc.opaque constant as its text, an i1 as false/true, an unsigned
// or size_t/index value without a sign and with the suffix U (MISRA C:2012
// rules 7.2 and 10.4: `3U - i`, both operands essentially unsigned; an
// unsigned value above INT64_MAX needs it in C99), a signed value with its
// sign; INT64_MIN as an expression (without it the C compiler warns that
// the constant is too large for its type); the five
// operators of an index expression, an operand parenthesized when it binds
// no tighter than its operator. The C compiles, warnings as errors.
//
// RUN: sonnx-translate --mlir-to-c %s | FileCheck %s
// RUN: sonnx-translate --mlir-to-c %s -o %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unused-variable -fsyntax-only -include stddef.h -include stdint.h -include stdbool.h %t.c

// CHECK:      int32_t f(int32_t a0, int32_t a1, int32_t a2, size_t a3) {
// CHECK-NEXT:   int32_t v1 = INT32_C(7);
// CHECK-NEXT:   bool v2 = true;
// CHECK-NEXT:   bool v3 = false;
// CHECK-NEXT:   uint8_t v4 = 200U;
// CHECK-NEXT:   int8_t v5 = -56;
// CHECK-NEXT:   int32_t v6 = -5;
// CHECK-NEXT:   size_t v7 = 18446744073709551615U;
// CHECK-NEXT:   uint64_t v8 = 9223372036854775808U;
// CHECK-NEXT:   uint64_t v9 = 9223372036854775807U;
// CHECK-NEXT:   int64_t v10 = (-9223372036854775807 - 1);
// CHECK-NEXT:   int64_t v11 = -9223372036854775807;
// CHECK-NEXT:   int64_t v12 = (-9223372036854775807 - 1) * 1;
// CHECK-NEXT:   int32_t v13 = (a0 - (a0 - a1) / a2) * -3;
// CHECK-NEXT:   int32_t v14 = (a0 - a1) - (a2 - a0);
// CHECK-NEXT:   int32_t v15 = a0 % (a1 * a2) + (a0 * a1) % a2;
// CHECK-NEXT:   int32_t v16 = a0 / (a1 / a2) + INT32_C(1);
// CHECK-NEXT:   size_t v17 = 3U - a3;
// CHECK-NEXT:   return v13;
// CHECK-NEXT: }
module {
  emitc.func @f(%a: i32, %b: i32, %c: i32, %i: !emitc.size_t) -> i32 {
    %o = "emitc.constant"() <{value = #emitc.opaque<"INT32_C(7)">}> : () -> i32
    %t = "emitc.constant"() <{value = true}> : () -> i1
    %f = "emitc.constant"() <{value = false}> : () -> i1
    %u = "emitc.constant"() <{value = 200 : ui8}> : () -> ui8
    %s8 = "emitc.constant"() <{value = 200 : i8}> : () -> i8
    %s = "emitc.constant"() <{value = -5 : i32}> : () -> i32
    %n = "emitc.constant"() <{value = -1 : index}> : () -> !emitc.size_t
    %u1 = "emitc.constant"() <{value = 9223372036854775808 : ui64}> : () -> ui64
    %u2 = "emitc.constant"() <{value = 9223372036854775807 : ui64}> : () -> ui64
    %min = "emitc.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
    %min1 = "emitc.constant"() <{value = -9223372036854775807 : i64}> : () -> i64
    %p = emitc.expression : () -> i64 {
      %k = "emitc.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
      %one = "emitc.constant"() <{value = 1 : i64}> : () -> i64
      %m = emitc.mul %k, %one : (i64, i64) -> i64
      emitc.yield %m : i64
    }
    // (a - (a - b) / c) * -3
    %x = emitc.expression %a, %b, %c : (i32, i32, i32) -> i32 {
      %d = emitc.sub %a, %b : (i32, i32) -> i32
      %e = emitc.div %d, %c : (i32, i32) -> i32
      %g = emitc.sub %a, %e : (i32, i32) -> i32
      %k = "emitc.constant"() <{value = -3 : i32}> : () -> i32
      %h = emitc.mul %g, %k : (i32, i32) -> i32
      emitc.yield %h : i32
    }
    // (a - b) - (c - a): both operands of equal precedence are
    // parenthesized (the left one needs it not, the right one does).
    %y = emitc.expression %a, %b, %c : (i32, i32, i32) -> i32 {
      %d = emitc.sub %a, %b : (i32, i32) -> i32
      %e = emitc.sub %c, %a : (i32, i32) -> i32
      %g = emitc.sub %d, %e : (i32, i32) -> i32
      emitc.yield %g : i32
    }
    // a % (b * c) + (a * b) % c
    %z = emitc.expression %a, %b, %c : (i32, i32, i32) -> i32 {
      %m = emitc.mul %b, %c : (i32, i32) -> i32
      %r = emitc.rem %a, %m : (i32, i32) -> i32
      %m2 = emitc.mul %a, %b : (i32, i32) -> i32
      %r2 = emitc.rem %m2, %c : (i32, i32) -> i32
      %s2 = emitc.add %r, %r2 : (i32, i32) -> i32
      emitc.yield %s2 : i32
    }
    // a / (b / c) + INT32_C(1): an opaque constant inside an expression.
    %w = emitc.expression %a, %b, %c : (i32, i32, i32) -> i32 {
      %q = emitc.div %b, %c : (i32, i32) -> i32
      %q2 = emitc.div %a, %q : (i32, i32) -> i32
      %one = "emitc.constant"() <{value = #emitc.opaque<"INT32_C(1)">}> : () -> i32
      %s3 = emitc.add %q2, %one : (i32, i32) -> i32
      emitc.yield %s3 : i32
    }
    // 3U - i: a size_t constant inside an expression has its U as one
    // alone does (--sonnx-emitc-literal-constants).
    %v = emitc.expression %i : (!emitc.size_t) -> !emitc.size_t {
      %three = "emitc.constant"() <{value = 3 : index}> : () -> !emitc.size_t
      %d = emitc.sub %three, %i : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
      emitc.yield %d : !emitc.size_t
    }
    emitc.return %x : i32
  }
}
