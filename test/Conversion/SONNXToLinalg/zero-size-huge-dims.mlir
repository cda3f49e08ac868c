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
