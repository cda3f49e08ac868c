// --sonnx-decompose-aggregated-ops: linalg.softmax on tensors becomes the
// generics of its definition (a max reduction, exp(x - max), a sum
// reduction, a division); on buffers it is an error naming the op, not a
// crash (it was one: the test of the result type read a null type).
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics --sonnx-decompose-aggregated-ops | FileCheck %s

// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.maxnumf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.divf
// CHECK: return
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %y = linalg.softmax dimension(1) ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @softmax_on_buffers(%a: memref<2x4xf32>, %b: memref<2x4xf32>) {
  // expected-error @+1 {{'linalg.softmax' op is decomposed on tensors only, before bufferization}}
  linalg.softmax dimension(1) ins(%a : memref<2x4xf32>) outs(%b : memref<2x4xf32>)
  return
}
