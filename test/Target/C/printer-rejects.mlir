// sonnx-translate --mlir-to-c on modules the C printer does not take, one
// way each that a statement, an expression, a loop or a global fails
// (CPrinter.cpp): a diagnostic naming the op or the type, exit code 1, and
// nothing printed; errors.mlir has the names and parameters.
//
// RUN: sonnx-translate --mlir-to-c %s -split-input-file -verify-diagnostics
// RUN: not sonnx-translate --mlir-to-c %s -split-input-file 2>&1 | FileCheck %s
// CHECK-COUNT-15: error: the C printer
// No C++ of EmitC's either (std::tuple, Tensor<>, _Float16 before the
// printer checked the types of globals):
// CHECK-NOT: {{std::tuple|Tensor<|_Float16}}

// A declaration without a body.
// expected-error @+1 {{the C printer does not take the op 'emitc.func'}}
module {
  emitc.func private @f(i32) -> i32
}

// -----

// A result type that C does not name.
// expected-error @+1 {{the C printer has no C type for f32 in 'emitc.func'}}
module {
  emitc.func @f() -> f32 {
    %0 = "emitc.constant"() <{value = 1.0 : f32}> : () -> f32
    emitc.return %0 : f32
  }
}

// -----

// expected-error @+1 {{the C printer has no C type for f32 in 'emitc.constant'}}
module {
  emitc.func @f() -> i32 {
    %0 = "emitc.constant"() <{value = 1.0 : f32}> : () -> f32
    %1 = emitc.literal "0" : i32
    emitc.return %1 : i32
  }
}

// -----

// expected-error @+1 {{the C printer has no C type for f32 in 'emitc.expression'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %x = emitc.expression %a : (i32) -> f32 {
      %c = "emitc.constant"() <{value = 1.0 : f32}> : () -> f32
      emitc.yield %c : f32
    }
    emitc.return %a : i32
  }
}

// -----

// A constant inside an expression whose value has no C text here.
// expected-error @+1 {{the C printer does not take the op 'emitc.constant'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %x = emitc.expression %a : (i32) -> i32 {
      %c = "emitc.constant"() <{value = 1.0 : f32}> : () -> f32
      %s = emitc.add %a, %c : (i32, f32) -> i32
      emitc.yield %s : i32
    }
    emitc.return %x : i32
  }
}

// -----

// An op of an expression that is not one of its five operators: as the
// whole expression, the left and the right operand, and deeper.
// expected-error @+1 {{the C printer does not take the op 'emitc.cmp'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %x = emitc.expression %a : (i32) -> i1 {
      %c = emitc.cmp lt, %a, %a : (i32, i32) -> i1
      emitc.yield %c : i1
    }
    emitc.return %a : i32
  }
}

// -----

// expected-error @+1 {{the C printer does not take the op 'emitc.cmp'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %x = emitc.expression %a : (i32) -> i32 {
      %c = emitc.cmp lt, %a, %a : (i32, i32) -> i1
      %s = emitc.add %c, %a : (i1, i32) -> i32
      emitc.yield %s : i32
    }
    emitc.return %x : i32
  }
}

// -----

// expected-error @+1 {{the C printer does not take the op 'emitc.cmp'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %x = emitc.expression %a : (i32) -> i32 {
      %c = emitc.cmp lt, %a, %a : (i32, i32) -> i1
      %s = emitc.add %a, %c : (i32, i1) -> i32
      %t = emitc.mul %a, %s : (i32, i32) -> i32
      emitc.yield %t : i32
    }
    emitc.return %x : i32
  }
}

// -----

// Verbatim text with arguments at file scope: no value is defined there
// (in a function the printer takes it: functions.mlir).
// expected-error @+1 {{the C printer does not take the op 'emitc.literal'}}
module {
  emitc.verbatim "/* {} */" args %a : i32
  %a = emitc.literal "0" : i32
}

// -----

// A loop variable of a type that C99 does not name.
// expected-error @+1 {{the C printer has no C type for !emitc.ptrdiff_t in 'emitc.for'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %lo = emitc.literal "0" : !emitc.ptrdiff_t
    %hi = emitc.literal "2" : !emitc.ptrdiff_t
    %st = emitc.literal "1" : !emitc.ptrdiff_t
    emitc.for %i = %lo to %hi step %st : !emitc.ptrdiff_t {
    }
    emitc.return %a : i32
  }
}

// -----

// An op that the printer does not take, inside a loop nest.
// expected-error @+1 {{the C printer does not take the op 'emitc.call_opaque'}}
module {
  emitc.func @f(%a: i32) -> i32 {
    %lo = emitc.literal "0" : !emitc.size_t
    %hi = emitc.literal "2" : !emitc.size_t
    %st = emitc.literal "1" : !emitc.size_t
    emitc.for %i = %lo to %hi step %st : !emitc.size_t {
      emitc.for %j = %lo to %hi step %st : !emitc.size_t {
        %0 = emitc.call_opaque "g"() : () -> i32
      }
    }
    emitc.return %a : i32
  }
}

// -----

// Globals of types that are not C99 (EmitC would write C++ for the first
// three), or that EmitC cannot write.
// expected-error @+1 {{the C printer has no C type for tuple<i32> in 'emitc.global'}}
module {
  emitc.global @g : tuple<i32>
}

// -----

// expected-error @+1 {{the C printer has no C type for tensor<2xi32> in 'emitc.global'}}
module {
  emitc.global @g : tensor<2xi32>
}

// -----

// expected-error @+1 {{the C printer has no C type for f16 in 'emitc.global'}}
module {
  emitc.global @g : !emitc.array<2xf16> = dense<[1.0, 2.0]>
}

// -----

// A pointer to an array: the printer names pointers, not the array.
// expected-error @+1 {{the C printer has no C type for !emitc.array<2xi32> in 'emitc.global'}}
module {
  emitc.global @g : !emitc.ptr<!emitc.array<2xi32>>
}
