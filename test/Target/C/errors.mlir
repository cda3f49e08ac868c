// sonnx-translate --mlir-to-c on what it does not print: a diagnostic
// naming the op, type or name, exit code 1, no crash, no partial output
// taken for C.
//
// RUN: sonnx-translate --mlir-to-c %s -split-input-file -verify-diagnostics
//
// Without -verify-diagnostics: exit code 1, the message, and no output file
// (nothing printed of a module that does not print as a whole).
// RUN: rm -f %t.c
// RUN: not sonnx-translate --mlir-to-c %s -split-input-file -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// CHECK: error: the C printer does not take the op 'func.func' in the lowered module

// An op of another dialect at file scope.
// expected-error @+1 {{the C printer does not take the op 'func.func'}}
module {
  func.func @f() {
    return
  }
}

// -----

// A case of a switch that declares a variable: C99 puts no declaration
// after a label, and the printer writes no braces around a case.
// expected-error @+1 {{the C printer takes no declaration ('emitc.constant') in a case of 'emitc.switch'}}
module {
  emitc.func @f(%s: i32) -> i32 {
    %r = "emitc.variable"() <{value = 0 : i32}> : () -> !emitc.lvalue<i32>
    emitc.switch %s : i32
    case 1 {
      %c = "emitc.constant"() <{value = 7 : i32}> : () -> i32
      emitc.assign %c : i32 to %r : <i32>
      emitc.yield
    }
    default {
    }
    %v = emitc.load %r : <i32>
    emitc.return %v : i32
  }
}

// -----

// A local variable named by a sonnx.c_name that is not a C identifier.
// expected-error @+1 {{an 'emitc.variable' has a 'sonnx.c_name' ("int") that is not a C identifier or is a keyword}}
module {
  emitc.func @f() -> i32 {
    %r = "emitc.variable"() <{value = 0 : i32}> {sonnx.c_name = "int"} : () -> !emitc.lvalue<i32>
    %v = emitc.load %r : <i32>
    emitc.return %v : i32
  }
}

// -----

// An op inside the function that the printer does not take.
// expected-error @+1 {{the C printer does not take the op 'emitc.call_opaque'}}
module {
  emitc.func @f() -> i32 {
    %0 = emitc.call_opaque "g"() : () -> i32
    emitc.return %0 : i32
  }
}

// -----

// A type without a C name in the printer.
// expected-error @+1 {{the C printer has no C type for f32 in 'emitc.func'}}
module {
  emitc.func @f(%x: f32) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// A parameter named by a C keyword.
// expected-error @+1 {{parameter 0 of 'f' is named 'int' (sonnx.c_name), which is not a C identifier or is a keyword}}
module {
  emitc.func @f(%x: i32 {sonnx.c_name = "int"}) -> i32 {
    emitc.return %x : i32
  }
}

// -----

// Two parameters of one name.
// expected-error @+1 {{parameters of 'f' share the name 'x' (sonnx.c_name)}}
module {
  emitc.func @f(%x: i32 {sonnx.c_name = "x"}, %y: i32 {sonnx.c_name = "x"}) -> i32 {
    emitc.return %x : i32
  }
}

// -----

// A name that is not a string.
// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_name' that is not a string}}
module {
  emitc.func @f(%x: i32 {sonnx.c_name = 1 : i32}) -> i32 {
    emitc.return %x : i32
  }
}

// -----

// A function without a result (the C output's functions return a status).
// expected-error @+1 {{the C printer does not take the op 'emitc.func'}}
module {
  emitc.func @f() {
    emitc.return
  }
}

// -----

// A pointer qualifier other than "const" or "".
// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_pointer' that is neither "const" nor ""}}
module {
  emitc.func @f(%x: !emitc.array<2xi32> {sonnx.c_pointer = "volatile"}) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// A pointer qualifier that is not a string.
// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_pointer' that is neither "const" nor ""}}
module {
  emitc.func @f(%x: !emitc.array<2xi32> {sonnx.c_pointer = 1 : i32}) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// A pointer that is not a one-dimensional array.
// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_pointer' but is 'i32', not a one-dimensional array}}
module {
  emitc.func @f(%x: i32 {sonnx.c_pointer = "const"}) -> i32 {
    emitc.return %x : i32
  }
}

// -----

// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_pointer' but is '!emitc.array<2x3xi32>', not a one-dimensional array}}
module {
  emitc.func @f(%x: !emitc.array<2x3xi32> {sonnx.c_pointer = ""}) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// restrict without a pointer, or not a unit attribute.
// expected-error @+1 {{parameter 0 of 'f' has 'sonnx.c_restrict' without 'sonnx.c_pointer'}}
module {
  emitc.func @f(%x: !emitc.array<2xi32> {sonnx.c_restrict}) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// expected-error @+1 {{parameter 0 of 'f' has a 'sonnx.c_restrict' that is not a unit attribute}}
module {
  emitc.func @f(%x: !emitc.array<2xi32> {sonnx.c_pointer = "", sonnx.c_restrict = true}) -> i32 {
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}
