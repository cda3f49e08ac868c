// --sonnx-check-data-oblivious: every loaded value reaches only stores
// (moved through bitcasts, aggregate and vector insert/extract/shuffle,
// select values and block arguments); any other use is an error at the op
// that uses it.
//
// RUN: sonnx-opt %s --sonnx-check-data-oblivious -split-input-file -verify-diagnostics | FileCheck %s
//
// The code of sonnx-compile's objects (the entry function, static memory)
// passes: element copies, vector broadcasts with nontemporal stores, memcpy,
// constant strings as pointers.
// RUN: sonnx-opt %S/../Deploy/Inputs/buffer.mlir --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory | sonnx-opt --sonnx-check-data-oblivious | FileCheck %s --check-prefix=REAL
// RUN: sonnx-opt %S/../Deploy/Inputs/constants.mlir --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory | sonnx-opt --sonnx-check-data-oblivious | FileCheck %s --check-prefix=REAL
// RUN: sonnx-opt %S/../Deploy/Inputs/strings.mlir --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory | sonnx-opt --sonnx-check-data-oblivious | FileCheck %s --check-prefix=REAL
// RUN: sonnx-opt %S/../Deploy/Inputs/types.mlir --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory | sonnx-opt --sonnx-check-data-oblivious | FileCheck %s --check-prefix=REAL
// REAL: llvm.func @model_run
//
// An imported ONNX model with its shape a constant, as sonnx-compile needs it
// (--constant-input).
// RUN: sonnx-translate --import-onnx %onnx_testdata/node/test_expand_dim_changed/model.onnx --constant-input=new_shape=%onnx_testdata/node/test_expand_dim_changed/test_data_set_0/input_1.pb | sonnx-opt --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory | sonnx-opt --sonnx-check-data-oblivious | FileCheck %s --check-prefix=REAL
// Without it, the expand compares the shape's elements (its run-time
// checks): a real dependence on data, named by the node.
// RUN: sonnx-translate --import-onnx %onnx_testdata/node/test_expand_dim_changed/model.onnx --mlir-print-debuginfo | sonnx-opt --sonnx-make-entry-function="function=main entry=model_run" --sonnx-to-llvm=static-memory --mlir-print-debuginfo | not sonnx-opt --sonnx-check-data-oblivious 2>&1 | FileCheck %s --check-prefix=EXPAND
// EXPAND: error: 'llvm.icmp' op uses a value loaded from memory (the llvm.load in node 0 (Expand)) as operand 0 in node 0 (Expand): the function is not data-oblivious
//
// The ONNX node of the op, from the NameLocs of its location (an imported
// op is located at its node's label).
// RUN: echo 'llvm.func @f(%%p: !llvm.ptr) { %%x = llvm.load %%p : !llvm.ptr -> f32 loc("x") %%y = llvm.fptrunc %%x : f32 to f16 loc(fused["node 3 '"'"'cast_1'"'"' (Cast)"("model.onnx":0:0)]) llvm.store %%y, %%p : f16, !llvm.ptr llvm.return }' | not sonnx-opt --sonnx-check-data-oblivious 2>&1 | FileCheck %s --check-prefix=NODE
// NODE: model.onnx:0:0: error: 'llvm.fptrunc' op uses a value loaded from memory (the llvm.load in x) as operand 0 in node 3 'cast_1' (Cast): the function is not data-oblivious
//
// A reshape by a shape that is an input reads the shape's elements to
// compute sizes and checks: a real dependence on data, reported.
// RUN: sonnx-opt %S/../Pipeline/static-memory.mlir --sonnx-to-llvm=static-memory | not sonnx-opt --sonnx-check-data-oblivious 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: 'llvm.icmp' op uses a value loaded from memory

// A copy loop: the induction variable addresses, the loaded value is
// stored.
// CHECK-LABEL: llvm.func @copy_loop
llvm.func @copy_loop(%in: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(6 : i64) : i64
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %src = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %x = llvm.load %src : !llvm.ptr -> i32
  %dst = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %dst : i32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^loop(%next : i64)
^exit:
  llvm.return
}

// -----

// Vector copies: a broadcast through insertelement/shufflevector, a
// bitcast, a nontemporal store, a masked load and store with constant
// masks, the value of a select on a condition that is not loaded, a value
// carried through a block argument.
// CHECK-LABEL: llvm.func @vector_copy
llvm.func @vector_copy(%in: !llvm.ptr, %out: !llvm.ptr, %flag: i1) {
  %poison = llvm.mlir.poison : vector<8xi64>
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %x = llvm.load %in : !llvm.ptr -> i64
  %v = llvm.insertelement %x, %poison[%c0 : i32] : vector<8xi64>
  %b = llvm.shufflevector %v, %poison [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xi64>
  %f = llvm.bitcast %b : vector<8xi64> to vector<16xi32>
  llvm.store %f, %out {alignment = 64 : i64, nontemporal} : vector<16xi32>, !llvm.ptr
  %e = llvm.extractelement %b[%c0 : i32] : vector<8xi64>
  %y = llvm.load %out : !llvm.ptr -> i64
  %s = llvm.select %flag, %e, %y : i1, i64
  %mask = llvm.mlir.constant(dense<true> : vector<8xi1>) : vector<8xi1>
  %m = llvm.intr.masked.load %in, %mask, %b {alignment = 8 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi64>) -> vector<8xi64>
  llvm.intr.masked.store %m, %out, %mask {alignment = 8 : i32} : vector<8xi64>, vector<8xi1> into !llvm.ptr
  llvm.br ^next(%s : i64)
^next(%z: i64):
  llvm.store %z, %out : i64, !llvm.ptr
  llvm.return
}

// -----

// memcpy and memset of a loaded byte; a complex value through
// extractvalue/insertvalue; a string handle: a pointer loaded and stored.
// CHECK-LABEL: llvm.func @memcpy_and_aggregates
llvm.func @memcpy_and_aggregates(%in: !llvm.ptr, %out: !llvm.ptr) {
  %len = llvm.mlir.constant(24 : i64) : i64
  "llvm.intr.memcpy"(%out, %in, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %byte = llvm.load %in : !llvm.ptr -> i8
  "llvm.intr.memset"(%out, %byte, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %c = llvm.load %in : !llvm.ptr -> !llvm.struct<(i32, i32)>
  %re = llvm.extractvalue %c[0] : !llvm.struct<(i32, i32)>
  %undef = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %d = llvm.insertvalue %re, %undef[1] : !llvm.struct<(i32, i32)>
  llvm.store %d, %out : !llvm.struct<(i32, i32)>, !llvm.ptr
  %str = llvm.load %in : !llvm.ptr -> !llvm.ptr
  llvm.store %str, %out : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

// A constant global copied; a memref descriptor loaded by a C-interface
// wrapper reads no element: its pointers address and its sizes compute.
// CHECK-LABEL: llvm.func @constant_and_descriptor
llvm.mlir.global private constant @cst(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
llvm.func @constant_and_descriptor(%arg: !llvm.ptr, %out: !llvm.ptr) {
  %g = llvm.mlir.addressof @cst : !llvm.ptr
  %x = llvm.load %g : !llvm.ptr -> i32
  llvm.store %x, %out : i32, !llvm.ptr
  %desc = llvm.load %arg : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %aligned = llvm.extractvalue %desc[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %size = llvm.extractvalue %desc[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %last = llvm.getelementptr %aligned[%size] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %y = llvm.load %last : !llvm.ptr -> i32
  llvm.store %y, %out : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @branch_on_loaded(%in: !llvm.ptr, %out: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> i1
  // expected-error @+1 {{'llvm.cond_br' op uses a value loaded from memory (the llvm.load at }}
  llvm.cond_br %x, ^a, ^b
^a:
  llvm.return
^b:
  llvm.return
}

// -----

llvm.func @select_condition(%in: !llvm.ptr, %out: !llvm.ptr, %a: i32, %b: i32) {
  %x = llvm.load %in : !llvm.ptr -> i1
  // expected-error @+1 {{'llvm.select' op uses a value loaded from memory}}
  %s = llvm.select %x, %a, %b : i1, i32
  llvm.store %s, %out : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @gep_index(%in: !llvm.ptr, %out: !llvm.ptr) {
  %i = llvm.load %in : !llvm.ptr -> i64
  // expected-error @+1 {{'llvm.getelementptr' op uses a value loaded from memory}}
  %p = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %c = llvm.mlir.constant(1 : i32) : i32
  llvm.store %c, %p : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @load_address(%in: !llvm.ptr, %out: !llvm.ptr) {
  %p = llvm.load %in : !llvm.ptr -> !llvm.ptr
  // expected-error @+1 {{'llvm.load' op uses a value loaded from memory}}
  %x = llvm.load %p : !llvm.ptr -> i32
  llvm.store %x, %out : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @store_address(%in: !llvm.ptr, %out: !llvm.ptr) {
  %p = llvm.load %in : !llvm.ptr -> !llvm.ptr
  %c = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{'llvm.store' op uses a value loaded from memory}}
  llvm.store %c, %p : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @arithmetic(%in: !llvm.ptr, %out: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op moves an element value (the llvm.load at }}
  %x = llvm.load %in : !llvm.ptr -> f32
  // expected-error @+1 {{'llvm.fadd' op uses a value loaded from memory (the llvm.load at }}
  %y = llvm.fadd %x, %x : f32
  llvm.store %y, %out : f32, !llvm.ptr
  llvm.return
}

// -----

// Through a block argument and a bitcast, into a comparison.
llvm.func @through_block_argument(%in: !llvm.ptr, %out: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> vector<2xi16>
  llvm.br ^next(%x : vector<2xi16>)
^next(%y: vector<2xi16>):
  %z = llvm.bitcast %y : vector<2xi16> to i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  // expected-error @+1 {{'llvm.icmp' op uses a value loaded from memory}}
  %neg = llvm.icmp "slt" %z, %c0 : i32
  llvm.return
}

// -----

llvm.func @sink(i32)

llvm.func @call_argument(%in: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> i32
  // expected-error @+1 {{'llvm.call' op uses a value loaded from memory}}
  llvm.call @sink(%x) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @memcpy_length(%in: !llvm.ptr, %out: !llvm.ptr) {
  %len = llvm.load %in : !llvm.ptr -> i64
  // expected-error @+1 {{'llvm.intr.memcpy' op uses a value loaded from memory}}
  "llvm.intr.memcpy"(%out, %in, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.return
}

// -----

llvm.func @extract_index(%in: !llvm.ptr, %out: !llvm.ptr, %v: vector<4xi32>) {
  %i = llvm.load %in : !llvm.ptr -> i32
  // expected-error @+1 {{'llvm.extractelement' op uses a value loaded from memory}}
  %e = llvm.extractelement %v[%i : i32] : vector<4xi32>
  llvm.store %e, %out : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @masked_store_mask(%in: !llvm.ptr, %out: !llvm.ptr, %v: vector<4xf32>) {
  %mask = llvm.load %in : !llvm.ptr -> vector<4xi1>
  // expected-error @+1 {{'llvm.intr.masked.store' op uses a value loaded from memory}}
  llvm.intr.masked.store %v, %out, %mask {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  llvm.return
}

// -----

llvm.func @returned(%in: !llvm.ptr) -> i32 {
  %x = llvm.load %in : !llvm.ptr -> i32
  // expected-error @+1 {{'llvm.return' op uses a value loaded from memory}}
  llvm.return %x : i32
}

// -----

// The operands are told apart by position, not by value: a loaded pointer
// stored at itself is used as an address.
llvm.func @stored_at_itself(%in: !llvm.ptr) {
  %p = llvm.load %in : !llvm.ptr -> !llvm.ptr
  // expected-error @+1 {{'llvm.store' op uses a value loaded from memory (the llvm.load at }}
  llvm.store %p, %p : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

llvm.func @switch_on_loaded(%in: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> i32
  // expected-error @+1 {{'llvm.switch' op uses a value loaded from memory}}
  llvm.switch %x : i32, ^a [
    1: ^b
  ]
^a:
  llvm.return
^b:
  llvm.return
}

// -----

// A loaded byte sets memory; a loaded length does not.
llvm.func @memset_length(%in: !llvm.ptr, %out: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> i8
  %len = llvm.zext %x : i8 to i64
  // expected-error @-1 {{'llvm.zext' op uses a value loaded from memory}}
  "llvm.intr.memset"(%out, %x, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  llvm.return
}

// -----

// Every op that reads memory into a value is followed, not only loads.
llvm.func @atomic_result(%p: !llvm.ptr, %v: i32) {
  %old = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, i32
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory (the llvm.atomicrmw at }}
  %x = llvm.add %old, %v : i32
  llvm.return
}

// -----

// Element values of floating-point types: a backend may legalize them
// through float arithmetic (a bfloat16 splat extended to float and
// truncated back; x87 loads quieting signaling NaNs). Each op that makes
// one is reported, with the type.
llvm.func @float_moves(%in: !llvm.ptr, %out: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op moves an element value (the llvm.load at }}
  %x = llvm.load %in : !llvm.ptr -> bf16
  llvm.store %x, %out : bf16, !llvm.ptr
  %i = llvm.load %in : !llvm.ptr -> vector<4xi32>
  // expected-error @+1 {{'llvm.bitcast' op moves an element value (the llvm.load at }}
  %f = llvm.bitcast %i : vector<4xi32> to vector<4xf32>
  llvm.store %f, %out : vector<4xf32>, !llvm.ptr
  // expected-error @+1 {{'llvm.load' op moves an element value (the llvm.load at }}
  %c = llvm.load %in : !llvm.ptr -> !llvm.struct<(f64, f64)>
  llvm.store %c, %out : !llvm.struct<(f64, f64)>, !llvm.ptr
  %h = llvm.load %in : !llvm.ptr -> i16
  %v = llvm.bitcast %h : i16 to f16
  // expected-error @-1 {{as the floating-point type 'f16'}}
  llvm.store %v, %out : f16, !llvm.ptr
  llvm.return
}

// -----

llvm.func @float_block_argument(%in: !llvm.ptr, %out: !llvm.ptr) {
  %x = llvm.load %in : !llvm.ptr -> i64
  %d = llvm.bitcast %x : i64 to f64
  // expected-error @-1 {{'llvm.bitcast' op moves an element value}}
  llvm.br ^next(%d : f64)
^next(%y: f64):
  llvm.store %y, %out : f64, !llvm.ptr
  llvm.return
}

// -----

// Structs that are not memref descriptors (the first fields of a ranked
// descriptor are two pointers and an i64; an unranked one is an i64 and a
// pointer): loading one reads an element, which the computations below then
// use.
llvm.func @not_descriptors(%p: !llvm.ptr) {
  %a = llvm.load %p : !llvm.ptr -> !llvm.struct<(i64, i64)>
  %a0 = llvm.extractvalue %a[0] : !llvm.struct<(i64, i64)>
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory}}
  %a1 = llvm.add %a0, %a0 : i64
  %b = llvm.load %p : !llvm.ptr -> !llvm.struct<(ptr, ptr)>
  %b0 = llvm.extractvalue %b[0] : !llvm.struct<(ptr, ptr)>
  // expected-error @+1 {{'llvm.getelementptr' op uses a value loaded from memory}}
  %b1 = llvm.getelementptr %b0[1] : (!llvm.ptr) -> !llvm.ptr, i8
  %c = llvm.load %p : !llvm.ptr -> !llvm.struct<(i32, ptr, i64)>
  %c0 = llvm.extractvalue %c[0] : !llvm.struct<(i32, ptr, i64)>
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory}}
  %c1 = llvm.add %c0, %c0 : i32
  %d = llvm.load %p : !llvm.ptr -> !llvm.struct<(ptr, i32, i64)>
  %d0 = llvm.extractvalue %d[1] : !llvm.struct<(ptr, i32, i64)>
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory}}
  %d1 = llvm.add %d0, %d0 : i32
  %e = llvm.load %p : !llvm.ptr -> !llvm.struct<(ptr, ptr, i32)>
  %e0 = llvm.extractvalue %e[2] : !llvm.struct<(ptr, ptr, i32)>
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory}}
  %e1 = llvm.add %e0, %e0 : i32
  llvm.return
}

// -----

// A load of no known location, and of no ONNX node, is named by its op.
llvm.func @unknown_location(%p: !llvm.ptr) {
  %x = llvm.load %p : !llvm.ptr -> i32 loc(unknown)
  // expected-error @+1 {{'llvm.add' op uses a value loaded from memory (the llvm.load) as operand 1: the function is not data-oblivious}}
  %y = llvm.add %x, %x : i32
  llvm.return
}

// -----

// One element moved twice as a float is reported once (at the move its
// uses reach first: the last one).
llvm.func @two_floats(%p: !llvm.ptr) {
  %x = llvm.load %p : !llvm.ptr -> i32
  %f = llvm.bitcast %x : i32 to f32
  // expected-error @+1 {{'llvm.bitcast' op moves an element value (the llvm.load at}}
  %g = llvm.bitcast %x : i32 to f32
  llvm.store %f, %p : f32, !llvm.ptr
  llvm.store %g, %p : f32, !llvm.ptr
  llvm.return
}
