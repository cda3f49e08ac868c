// Constant string tensors become tensors of handles of string records
// (i64 byte count, bytes, NUL), one private global per distinct string, and
// the records are published for the host in __sonnx_string_constants.
// RUN: sonnx-opt %s --convert-sonnx-string-constants --convert-sonnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-DAG: llvm.mlir.global private constant @[[A:__sonnx_string[_0-9]*]]() {{.*}} : !llvm.struct<(i64, array<2 x i8>)>
// CHECK-DAG: llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG: llvm.mlir.constant("a\00") : !llvm.array<2 x i8>
// CHECK-DAG: llvm.mlir.global private constant @[[BC:__sonnx_string[_0-9]*]]() {{.*}} : !llvm.struct<(i64, array<3 x i8>)>
// CHECK-DAG: llvm.mlir.constant("bc\00") : !llvm.array<3 x i8>
// CHECK-LABEL: func.func @constant() -> tensor<3xi64>
// CHECK: %[[PA:.*]] = llvm.mlir.addressof @[[A]]
// CHECK: %[[GA:.*]] = llvm.getelementptr %[[PA]][0, 1, 0]
// CHECK: %[[HA:.*]] = llvm.ptrtoint %[[GA]] : !llvm.ptr to i64
// CHECK: %[[PB:.*]] = llvm.mlir.addressof @[[BC]]
// CHECK: %[[GB:.*]] = llvm.getelementptr %[[PB]][0, 1, 0]
// CHECK: %[[HB:.*]] = llvm.ptrtoint %[[GB]] : !llvm.ptr to i64
// CHECK: %[[PA2:.*]] = llvm.mlir.addressof @[[A]]
// CHECK: %[[T:.*]] = tensor.from_elements %[[HA]], %[[HB]], %{{.*}} : tensor<3xi64>
// CHECK: return %[[T]]
// CHECK-DAG: llvm.mlir.global external constant @__sonnx_string_constant_count(2 : i64)
// CHECK-DAG: llvm.mlir.global external constant @__sonnx_string_constants() {{.*}} : !llvm.array<2 x ptr>
func.func @constant() -> tensor<3x!sonnx.string> {
  %c = arith.constant dense<["a", "bc", "a"]> : tensor<3x!sonnx.string>
  return %c : tensor<3x!sonnx.string>
}

// -----

// A splat is one record and a tensor.splat of its handle.
// CHECK-LABEL: func.func @splat() -> tensor<2x2xi64>
// CHECK: %[[H:.*]] = llvm.ptrtoint
// CHECK: tensor.splat %[[H]] : tensor<2x2xi64>
func.func @splat() -> tensor<2x2x!sonnx.string> {
  %c = arith.constant dense<"xyz"> : tensor<2x2x!sonnx.string>
  return %c : tensor<2x2x!sonnx.string>
}

// -----

// A module may declare the table to read it; defining it is an error.
llvm.mlir.global external constant @__sonnx_string_constant_count(7 : i64) : i64
func.func @clash() -> tensor<1x!sonnx.string> {
  // expected-error @-2 {{'llvm.mlir.global' op redefines '__sonnx_string_constant_count', which the string constants of the module define}}
  %c = arith.constant dense<["q"]> : tensor<1x!sonnx.string>
  return %c : tensor<1x!sonnx.string>
}

// -----

// So is a symbol of that name that is no global, and a global defined by an
// initializer region.
func.func private @__sonnx_string_constants()
func.func @clash_function() -> tensor<1x!sonnx.string> {
  // expected-error @-2 {{'func.func' op redefines '__sonnx_string_constants', which the string constants of the module define}}
  %c = arith.constant dense<["q"]> : tensor<1x!sonnx.string>
  return %c : tensor<1x!sonnx.string>
}

// -----

llvm.mlir.global external constant @__sonnx_string_constant_count() : i64 {
  %0 = llvm.mlir.constant(7 : i64) : i64
  llvm.return %0 : i64
}
func.func @clash_region() -> tensor<1x!sonnx.string> {
  // expected-error @-5 {{'llvm.mlir.global' op redefines '__sonnx_string_constant_count', which the string constants of the module define}}
  %c = arith.constant dense<["q"]> : tensor<1x!sonnx.string>
  return %c : tensor<1x!sonnx.string>
}
