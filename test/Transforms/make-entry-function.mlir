// RUN: sonnx-opt %s -split-input-file --sonnx-make-entry-function="function=main entry=model_run" -verify-diagnostics | FileCheck %s

// The pass and its options are in the help of sonnx-opt.
// RUN: sonnx-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sonnx-make-entry-function
// HELP-SAME: Rewrite a function into the entry function of an ahead-of-time object
// HELP-NEXT: --entry=<string>
// HELP-SAME: The name of the entry function
// HELP-NEXT: --function=<string>
// HELP-SAME: The function to rewrite

// Without entry=, the function keeps its name.
// RUN: echo 'func.func @f(%%x: tensor<2xf32>) -> tensor<2xf32> { return %%x : tensor<2xf32> }' | sonnx-opt --sonnx-make-entry-function=function=f | FileCheck %s --check-prefix=SAME-NAME
// SAME-NAME: func.func private @f(%{{.*}}: tensor<2xf32> {bufferization.writable = false}, %{{.*}}: tensor<2xf32>) -> (tensor<2xf32>, i32)

// Without function=, there is nothing to rewrite.
// RUN: echo 'func.func @f() { return }' | not sonnx-opt --sonnx-make-entry-function 2>&1 | FileCheck %s --check-prefix=NO-FUNCTION
// NO-FUNCTION: error: --sonnx-make-entry-function needs the function to rewrite (function=NAME)

// The entry function of an ahead-of-time object (sonnx-compile,
// docs/deployment.md): one destination argument per result, into which the
// result is materialized, inputs that are never written, an i32 status 0
// after the materialized results; renamed and private. Its argument and
// result attributes go.
// CHECK-LABEL: func.func private @model_run(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32> {bufferization.writable = false},
// CHECK-SAME: %[[S:[^:]*]]: tensor<i64> {bufferization.writable = false},
// CHECK-SAME: %[[OUT0:[^:]*]]: tensor<6xf32>,
// CHECK-SAME: %[[OUT1:[^:]*]]: tensor<i64>) -> (tensor<6xf32>, tensor<i64>, i32) {
// CHECK-NOT: sonnx.name
// CHECK: %[[Y:.*]] = sonnx.reshape %[[X]]
// CHECK: %[[R0:.*]] = bufferization.materialize_in_destination %[[Y]] in %[[OUT0]] : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
// CHECK: %[[R1:.*]] = bufferization.materialize_in_destination %[[S]] in %[[OUT1]] : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: %[[STATUS:.*]] = arith.constant 0 : i32
// CHECK: return %[[R0]], %[[R1]], %[[STATUS]] : tensor<6xf32>, tensor<i64>, i32
func.func @main(%x: tensor<2x3xf32> {sonnx.name = "x"}, %s: tensor<i64>)
    -> (tensor<6xf32> {sonnx.name = "y"}, tensor<i64>) {
  %shape = arith.constant dense<6> : tensor<1xi64>
  %y = sonnx.reshape %x, %shape : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %y, %s : tensor<6xf32>, tensor<i64>
}

// -----

// A parameter without elements is a one-element placeholder that nothing
// reads or writes (the bare-pointer convention cannot pass a buffer without
// elements): the uses of such an input get an empty tensor of its type, and
// such a result is not materialized nor returned.
// CHECK-LABEL: func.func private @model_run(
// CHECK-SAME: %[[E:[^:]*]]: tensor<1xf32> {bufferization.writable = false},
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xi8> {bufferization.writable = false},
// CHECK-SAME: %[[OUT0:[^:]*]]: tensor<1xf32>,
// CHECK-SAME: %[[OUT1:[^:]*]]: tensor<2xi8>,
// CHECK-SAME: %[[OUT2:[^:]*]]: tensor<1xi8>) -> (tensor<2xi8>, i32) {
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<0x3xf32>
// CHECK: %[[Y:.*]] = sonnx.unsqueeze %[[EMPTY]]
// CHECK: %[[R:.*]] = bufferization.materialize_in_destination %[[X]] in %[[OUT1]]
// CHECK-NOT: materialize_in_destination
// CHECK: return %[[R]], %{{.*}} : tensor<2xi8>, i32
func.func @main(%e: tensor<0x3xf32>, %x: tensor<2xi8>)
    -> (tensor<0x1x3xf32>, tensor<2xi8>, tensor<3x0xi8>) {
  %axes = arith.constant dense<1> : tensor<1xi64>
  %y = sonnx.unsqueeze %e, %axes : (tensor<0x3xf32>, tensor<1xi64>) -> tensor<0x1x3xf32>
  %z = arith.constant dense<0> : tensor<3x0xi8>
  return %y, %x, %z : tensor<0x1x3xf32>, tensor<2xi8>, tensor<3x0xi8>
}

// -----

// Only the functions that the entry function reaches through its calls are
// compiled: they become private (the object's only external symbol is the
// entry function), directly called or not, with or without a body; the
// others are erased, public or private. Other symbols stay.
// CHECK-LABEL: memref.global "private" @table
// CHECK-NOT: @unreached
// CHECK-LABEL: func.func private @helper(
// CHECK: call @leaf
// CHECK-LABEL: func.func private @leaf(
// CHECK: call @outside
// CHECK-LABEL: func.func private @outside(
// CHECK-NOT: @unreached
// CHECK-LABEL: func.func private @model_run(
// CHECK-SAME: -> (tensor<2xf32>, i32)
// CHECK: call @helper
// CHECK-NOT: @unreached
memref.global "private" @table : memref<2xf32> = dense<[1.0, 2.0]>
func.func @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @leaf(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @leaf(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @outside(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @outside(tensor<2xf32>) -> tensor<2xf32>
func.func @unreached(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @unreached_private(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @unreached_private(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @helper(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Functions that the entry function does not reach may refer to it: a call
// from a function it never calls, the attribute of a declaration. They are
// erased with the other unreached functions; nothing that is compiled
// refers to the entry function.
// CHECK-NOT: @calls_main
// CHECK-NOT: @names_main
// CHECK-LABEL: func.func private @model_run(
// CHECK-SAME: -> (tensor<2xf32>, i32)
// CHECK-NOT: @calls_main
// CHECK-NOT: @names_main
func.func @calls_main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @main(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @names_main() attributes {sonnx.refers_to = @main}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// The errors. No function to rewrite:
// expected-error @+1 {{the module has no function 'main'}}
module {
  func.func @other() {
    return
  }
}

// -----

// expected-error @+1 {{'main' has no body to make the entry function of}}
func.func private @main(tensor<2xf32>) -> tensor<2xf32>

// -----

// The new name is another symbol's:
// expected-note @+1 {{the symbol 'model_run'}}
func.func @model_run() {
  return
}
// expected-error @+1 {{the module already has a symbol 'model_run'}}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// An entry function passes a static buffer per parameter.
// expected-error @+1 {{'main' has argument 1 of type 'tensor<?xf32>': an entry function takes and returns tensors of static shape}}
func.func @main(%x: tensor<2xf32>, %y: tensor<?xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// expected-error @+1 {{'main' has result 0 of type 'i32': an entry function takes and returns tensors of static shape}}
func.func @main(%x: tensor<2xf32>) -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// Its signature changes: nothing it reaches may call it.
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @back(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @back(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'back', which 'main' reaches, refers to it: nothing calls an entry function}}
  %y = func.call @main(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
