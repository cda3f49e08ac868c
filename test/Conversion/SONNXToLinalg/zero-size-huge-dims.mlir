// A zero-size tensor may have other sizes whose product does not fit int64:
// its views group a static 0 with them, and the collapsed size is the static
// 0 that upstream's verifiers require, not a size taken as dynamic because
// the product overflowed (found by the ONNX import fuzzer:
// fuzz/regressions/onnx-import/zero-size-huge-dims-flatten.onnx).
// RUN: sonnx-opt %s --convert-sonnx-to-linalg | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @flatten_all
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<2882303761517117442x216454227025330178x0xf32> into tensor<0xf32>
// LLVM-LABEL: llvm.func @flatten_all
func.func @flatten_all(%x: tensor<2882303761517117442x216454227025330178x0xf32>) -> tensor<?xf32> {
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  %y = sonnx.reshape %x, %s : (tensor<2882303761517117442x216454227025330178x0xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// CHECK-LABEL: func.func @flatten_axis
// LLVM-LABEL: llvm.func @flatten_axis
func.func @flatten_axis(%x: tensor<2882303761517117442x216454227025330178x0xf32>) -> tensor<?x?xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2882303761517117442x216454227025330178x0xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A broadcast into a result without elements builds no loop: its nest would
// run the product of the sizes before the 0 (11 x 7580279596601547399 x 0:
// 8e19 empty iterations; found by the JIT fuzzer:
// fuzz/regressions/jit-run/expand-zero-after-huge). A static 0 is decided at
// compile time: the result is the empty tensor.
// CHECK-LABEL: func.func @expand_static_zero
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<11x7580279596601547399x0xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[E]]
// LLVM-LABEL: llvm.func @expand_static_zero
func.func @expand_static_zero(%x: tensor<1x0xf32>) -> tensor<11x7580279596601547399x0xf32> {
  %s = arith.constant dense<[11, 7580279596601547399, 0]> : tensor<3xi64>
  %y = sonnx.expand %x, %s : (tensor<1x0xf32>, tensor<3xi64>) -> tensor<11x7580279596601547399x0xf32>
  return %y : tensor<11x7580279596601547399x0xf32>
}

// Sizes known only at run time: a size after the first one that is 0 skips
// the copy (scf.if); the first one needs no guard (its loop ends at once).
// CHECK-LABEL: func.func @expand_dynamic
// CHECK: %[[E:[0-9a-z_]+]] = tensor.empty(%{{[0-9a-z_]+}}, %[[D1:[0-9a-z_]+]], %[[D2:[0-9a-z_]+]]) : tensor<?x?x?xf32>
// CHECK: %[[Z:[0-9a-z_]+]] = arith.constant 0 : index
// CHECK: %[[NZ1:[0-9a-z_]+]] = arith.cmpi ne, %[[D1]], %[[Z]] : index
// CHECK: %[[NZ2:[0-9a-z_]+]] = arith.cmpi ne, %[[D2]], %[[Z]] : index
// CHECK: %[[ANY:[0-9a-z_]+]] = arith.andi %[[NZ1]], %[[NZ2]] : i1
// CHECK: %[[R:[0-9a-z_]+]] = scf.if %[[ANY]] -> (tensor<?x?x?xf32>) {
// CHECK-NEXT: %[[G:[0-9a-z_]+]] = linalg.generic
// CHECK: scf.yield %[[G]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[E]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
// LLVM-LABEL: llvm.func @expand_dynamic
func.func @expand_dynamic(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
