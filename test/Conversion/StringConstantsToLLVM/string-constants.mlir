// --convert-sonnx-string-constants alone: each distinct string becomes a
// private record global, the constant a tensor of the handles of its strings
// cast back to the string tensor type, and the records are published in
// __sonnx_string_constants. Nothing else changes.
// RUN: sonnx-opt %s --convert-sonnx-string-constants -split-input-file | FileCheck %s

// CHECK-DAG: llvm.mlir.global private constant @[[A:__sonnx_string[_0-9]*]]() {{.*}} : !llvm.struct<(i64, array<2 x i8>)>
// CHECK-DAG: llvm.mlir.global private constant @[[BC:__sonnx_string[_0-9]*]]() {{.*}} : !llvm.struct<(i64, array<3 x i8>)>
// CHECK-LABEL: func.func @constant() -> tensor<2x!sonnx.string>
// CHECK: %[[PA:.*]] = llvm.mlir.addressof @[[A]]
// CHECK: %[[GA:.*]] = llvm.getelementptr %[[PA]][0, 1, 0]
// CHECK: %[[HA:.*]] = llvm.ptrtoint %[[GA]] : !llvm.ptr to i64
// CHECK: %[[PB:.*]] = llvm.mlir.addressof @[[BC]]
// CHECK: %[[GB:.*]] = llvm.getelementptr %[[PB]][0, 1, 0]
// CHECK: %[[HB:.*]] = llvm.ptrtoint %[[GB]] : !llvm.ptr to i64
// CHECK: %[[T:.*]] = tensor.from_elements %[[HA]], %[[HB]] : tensor<2xi64>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[T]] : tensor<2xi64> to tensor<2x!sonnx.string>
// CHECK: return %[[S]] : tensor<2x!sonnx.string>
// CHECK-DAG: llvm.mlir.global external constant @__sonnx_string_constant_count(2 : i64)
// CHECK-DAG: llvm.mlir.global external constant @__sonnx_string_constants() {{.*}} : !llvm.array<2 x ptr>
func.func @constant() -> tensor<2x!sonnx.string> {
  %c = arith.constant dense<["a", "bc"]> : tensor<2x!sonnx.string>
  return %c : tensor<2x!sonnx.string>
}

// -----

// Without string constants the module is left as it is.
// CHECK-LABEL: func.func @no_strings
// CHECK-NOT: llvm.
// CHECK: arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-NOT: llvm.
func.func @no_strings() -> tensor<2xi64> {
  %c = arith.constant dense<[2, 3]> : tensor<2xi64>
  return %c : tensor<2xi64>
}
