// sonnx-translate --mlir-to-c on the local variables and switches that the
// C printer does not take (CPrinter.cpp, printVariable, printSwitch): a
// variable that is not an lvalue, or whose initial value or type has no C
// text, a sonnx.c_name that is not a string, a case holding a load that is
// not written where it is used (a declaration after a label), a case or
// default holding an op that the printer does not take: a diagnostic naming
// the op or the type, exit code 1 and nothing printed; errors.mlir and
// printer-rejects.mlir have the rest.
//
// RUN: sonnx-translate --mlir-to-c %s -split-input-file -verify-diagnostics
// RUN: rm -f %t.c
// RUN: not sonnx-translate --mlir-to-c %s -split-input-file -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// CHECK-COUNT-7: error:

// A variable of an array type (no lvalue).
// expected-error @+1 {{the C printer does not take the op 'emitc.variable'}}
module {
  emitc.func @f() -> i32 {
    %a = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.array<4xi32>
    %z = emitc.literal "0" : i32
    emitc.return %z : i32
  }
}

// -----

// An initial value without C text (a float).
// expected-error @+1 {{the C printer does not take the op 'emitc.variable'}}
module {
  emitc.func @f() -> i32 {
    %r = "emitc.variable"() <{value = 1.5 : f32}> : () -> !emitc.lvalue<f32>
    %z = emitc.literal "0" : i32
    emitc.return %z : i32
  }
}

// -----

// A variable of a type that C does not name here.
// expected-error @+1 {{the C printer has no C type for f32 in 'emitc.variable'}}
module {
  emitc.func @f() -> i32 {
    %r = "emitc.variable"() <{value = #emitc.opaque<"0">}> : () -> !emitc.lvalue<f32>
    %z = emitc.literal "0" : i32
    emitc.return %z : i32
  }
}

// -----

// A sonnx.c_name that is not a string.
// expected-error @+1 {{an 'emitc.variable' has a 'sonnx.c_name' (3 : i64) that is not a C identifier or is a keyword}}
module {
  emitc.func @f() -> i32 {
    %r = "emitc.variable"() <{value = 0 : i32}> {sonnx.c_name = 3} : () -> !emitc.lvalue<i32>
    %v = emitc.load %r : <i32>
    emitc.return %v : i32
  }
}

// -----

// A case that declares a load: used twice, it is not written where it is
// used.
// expected-error @+1 {{the C printer takes no declaration ('emitc.load') in a case of 'emitc.switch'}}
module {
  emitc.func @f(%s: i32) -> i32 {
    %r = "emitc.variable"() <{value = 0 : i32}> : () -> !emitc.lvalue<i32>
    emitc.switch %s : i32
    case 1 {
      %v = emitc.load %r : <i32>
      emitc.assign %v : i32 to %r : <i32>
      emitc.assign %v : i32 to %r : <i32>
      emitc.yield
    }
    default {
    }
    %w = emitc.load %r : <i32>
    emitc.return %w : i32
  }
}

// -----

// A case holding an op that the printer does not take.
// expected-error @+1 {{the C printer does not take the op 'emitc.call_opaque'}}
module {
  emitc.func @f(%s: i32) -> i32 {
    emitc.switch %s : i32
    case 1 {
      emitc.call_opaque "g"() : () -> ()
      emitc.yield
    }
    default {
    }
    emitc.return %s : i32
  }
}

// -----

// The default holding an op that the printer does not take.
// expected-error @+1 {{the C printer does not take the op 'emitc.call_opaque'}}
module {
  emitc.func @f(%s: i32) -> i32 {
    emitc.switch %s : i32
    case 1 {
      emitc.yield
    }
    default {
      emitc.call_opaque "g"() : () -> ()
    }
    emitc.return %s : i32
  }
}
