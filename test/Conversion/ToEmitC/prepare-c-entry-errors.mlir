// RUN: sonnx-opt %s --sonnx-prepare-c-entry=prefix=m -split-input-file -verify-diagnostics

// Each input that --sonnx-prepare-c-entry refuses, with an error that
// names what is wrong, never a crash.

// expected-error @+1 {{the module has no entry function 'm_run'}}
module {
  emitc.func @other() {
    emitc.return
  }
}

// -----

// expected-error @+1 {{the lowering left the entry function 'm_run' outside the EmitC dialect}}
module {
  func.func @m_run() {
    return
  }
}

// -----

// expected-error @+1 {{the module already has a symbol 'm_compute'}}
module {
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = []} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
  emitc.func @m_compute() {
    emitc.return
  }
}

// -----

module {
  // expected-error @+1 {{the entry function 'm_run' has no 'sonnx.c_parameters' (the header's parameters)}}
  emitc.func @m_run() -> i32 {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{'sonnx.c_parameters' is not an array of dictionaries}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = "x"} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 0 of 'sonnx.c_parameters' is not a dictionary}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = ["x"]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 1 of 'sonnx.c_parameters' needs 'name', a string}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi16>}, {identifier = "y", output = true, type = tensor<2xi16>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 0 of 'sonnx.c_parameters' needs 'identifier', a string}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = [{identifier = 3, name = "x", output = false, type = tensor<2xi16>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 0 of 'sonnx.c_parameters' needs 'type', a ranked tensor type}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<*xi16>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 0 of 'sonnx.c_parameters' needs 'output', a bool}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = "no", type = tensor<2xi16>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{entry 0 of 'sonnx.c_parameters' has the type 'tensor<2xi7>', whose elements the C output has no type for}}
  emitc.func @m_run() -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi7>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

module {
  // expected-error @+1 {{the lowered entry function takes 1 arrays for the header's 2 parameters}}
  emitc.func @m_run(%x: !emitc.array<2xi16>) -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi16>}, {identifier = "y", name = "y", output = true, type = tensor<2xi16>}]} {
    %ok = emitc.literal "0" : i32
    emitc.return %ok : i32
  }
}

// -----

// No cast between element types: an i32 array for an int16_t tensor.
module {
  // expected-error @+1 {{the lowered entry function takes '!emitc.array<2xi32>' for input 'x', which the C output does not pass as the header's int16_t *}}
  emitc.func @m_run(%x: !emitc.array<2xi32>) -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi16>}]} {
    %zero = emitc.literal "0" : !emitc.size_t
    %ok = emitc.literal "0" : i32
    %src = emitc.subscript %x[%zero] : (!emitc.array<2xi32>, !emitc.size_t) -> !emitc.lvalue<i32>
    %v = emitc.load %src : <i32>
    emitc.return %ok : i32
  }
}

// -----

// The header passes one pointer per tensor: not a two-dimensional array.
module {
  // expected-error @+1 {{the lowered entry function takes '!emitc.array<1x2xi16>' for output 'y', which the C output does not pass as the header's int16_t *}}
  emitc.func @m_run(%y: !emitc.array<1x2xi16>) -> i32 attributes {sonnx.c_parameters = [{identifier = "y", name = "y", output = true, type = tensor<1x2xi16>}]} {
    %zero = emitc.literal "0" : !emitc.size_t
    %ok = emitc.literal "0" : i32
    %v = emitc.literal "1" : i16
    %dst = emitc.subscript %y[%zero, %zero] : (!emitc.array<1x2xi16>, !emitc.size_t, !emitc.size_t) -> !emitc.lvalue<i16>
    emitc.assign %v : i16 to %dst : <i16>
    emitc.return %ok : i32
  }
}
