// With buffer-deallocation=true every buffer that the lowered code
// allocates is freed, and the results are the same.
//
// RUN: sonnx-opt %s --sonnx-to-llvm="buffer-deallocation=true" | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm="buffer-deallocation=true" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

func.func @broadcast(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %z0, %z1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// The broadcast results are freed once printed.
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @printMemrefF32
// CHECK: llvm.call @free
// EXEC: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
// EXEC-NEXT{LITERAL}: [[1,   1,   1,   1],
// EXEC-NEXT{LITERAL}:  [2,   2,   2,   2],
// EXEC-NEXT{LITERAL}:  [3,   3,   3,   3]]
// EXEC: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
// EXEC-NEXT{LITERAL}: [[5,   6,   7,   8],
// EXEC-NEXT{LITERAL}:  [5,   6,   7,   8],
// EXEC-NEXT{LITERAL}:  [5,   6,   7,   8]]
func.func @main() {
  %a = arith.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %b = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %z0, %z1 = call @broadcast(%a, %b) : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  %u0 = tensor.cast %z0 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %z1 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
