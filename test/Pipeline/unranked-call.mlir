// Regression test: with LLVM 22, one-shot-bufferize across function
// boundaries crashes on a call to a function that returns an unranked tensor
// unless function boundaries use identity layouts, as --sonnx-to-llvm does.
// A reshape whose shape has a dynamic length returns an unranked tensor.
//
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

// CHECK-LABEL: llvm.func @callee
func.func @callee(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// CHECK-LABEL: llvm.func @caller
// CHECK: llvm.call @callee
func.func @caller(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = call @callee(%x, %s) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// EXEC: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
// EXEC-NEXT{LITERAL}: [[1,   2],
// EXEC-NEXT{LITERAL}:  [3,   4],
// EXEC-NEXT{LITERAL}:  [5,   6]]
func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = arith.constant dense<[-1, 2]> : tensor<2xi64>
  %sd = tensor.cast %s : tensor<2xi64> to tensor<?xi64>
  %y = call @caller(%x, %sd) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefF32(%y) : (tensor<*xf32>) -> ()
  return
}
