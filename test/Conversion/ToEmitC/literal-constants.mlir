// RUN: sonnx-opt %s --sonnx-emitc-literal-constants --split-input-file | FileCheck %s

// --sonnx-emitc-literal-constants: an integer constant becomes a literal,
// alone or as the only op of an expression; an index constant and one of
// an unsigned type take the suffix U.

// CHECK-LABEL: emitc.func @literals
// CHECK-DAG:   %[[THREE:.*]] = literal "3U" : !emitc.size_t
// CHECK-DAG:   %[[SEVEN:.*]] = literal "7" : i32
// CHECK-DAG:   %[[BIG:.*]] = literal "18446744073709551615U" : ui64
// CHECK-DAG:   %[[FIVE:.*]] = literal "5" : i32
// CHECK-NOT:   "emitc.constant"
// CHECK:       call_opaque "use"(%[[THREE]], %[[SEVEN]], %[[BIG]], %[[FIVE]])
emitc.func @literals() -> i32 {
  %0 = emitc.expression : () -> !emitc.size_t {
    %c = "emitc.constant"() <{value = 3 : index}> : () -> !emitc.size_t
    emitc.yield %c : !emitc.size_t
  }
  %1 = "emitc.constant"() <{value = 7 : i32}> : () -> i32
  %2 = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
  %3 = emitc.expression : () -> i32 {
    %c = "emitc.constant"() <{value = 5 : i32}> : () -> i32
    emitc.yield %c : i32
  }
  emitc.call_opaque "use"(%0, %1, %2, %3) : (!emitc.size_t, i32, ui64, i32) -> ()
  emitc.return %1 : i32
}

// -----

// What stays a constant: a bool, a negative value, a signed value of more
// than 31 bits (C would read its digits as another type), a float, and a
// constant inside an expression of several ops (the expression is printed
// as a whole).

// CHECK-LABEL: emitc.func @constants
// CHECK-NOT:   literal
// CHECK:       "emitc.constant"() <{value = true}> : () -> i1
// CHECK:       "emitc.constant"() <{value = -1 : i32}> : () -> i32
// CHECK:       "emitc.constant"() <{value = 4294967296 : i64}> : () -> i64
// CHECK:       "emitc.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// CHECK:       expression
// CHECK:       "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
// CHECK:       mul
emitc.func @constants(%x: !emitc.size_t) -> i32 {
  %0 = "emitc.constant"() <{value = true}> : () -> i1
  %1 = "emitc.constant"() <{value = -1 : i32}> : () -> i32
  %2 = "emitc.constant"() <{value = 4294967296 : i64}> : () -> i64
  %3 = "emitc.constant"() <{value = 1.5 : f32}> : () -> f32
  %4 = emitc.expression %x : (!emitc.size_t) -> !emitc.size_t {
    %c = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
    %m = emitc.mul %x, %c : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
    emitc.yield %m : !emitc.size_t
  }
  emitc.call_opaque "use"(%0, %1, %2, %3, %4) : (i1, i32, i64, f32, !emitc.size_t) -> ()
  emitc.return %1 : i32
}
