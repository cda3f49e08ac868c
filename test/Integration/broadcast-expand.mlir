// Executes sonnx.broadcast and sonnx.expand through --sonnx-to-llvm and
// checks every value: static broadcasting, dynamic sizes that broadcast or
// not at run time, inputs of different element types, run-time shapes,
// axes_mapping, scalars and zero-size results.
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The same values with streaming stores and huge-page advice on every
// buffer, however small (docs/benchmarks.md), and with scalar loops only.
// RUN: sonnx-opt %s --sonnx-to-llvm="nontemporal-threshold=0 nontemporal-allocated huge-pages huge-page-threshold=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm="vector-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefShapeF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

func.func @broadcast_static(%a: tensor<3x1xf32>, %b: tensor<4xi64>)
    -> (tensor<3x4xf32>, tensor<3x4xi64>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<3x1xf32>, tensor<4xi64>) -> (tensor<3x4xf32>, tensor<3x4xi64>)
  return %z0, %z1 : tensor<3x4xf32>, tensor<3x4xi64>
}

// Whether a dynamic size broadcasts is known only at run time.
func.func @broadcast_dynamic(%a: tensor<?x?xf32>, %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %z0, %z1 : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @broadcast_scalar(%a: tensor<f32>, %b: tensor<2x0xf32>)
    -> (tensor<2x0xf32>, tensor<2x0xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<f32>, tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>)
  return %z0, %z1 : tensor<2x0xf32>, tensor<2x0xf32>
}

func.func @expand_constant(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %s = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

func.func @expand_runtime(%x: tensor<?x1xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @expand_mapping(%x: tensor<?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 1>}
      : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %b = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
  %z0, %z1 = call @broadcast_static(%a, %b)
      : (tensor<3x1xf32>, tensor<4xi64>) -> (tensor<3x4xf32>, tensor<3x4xi64>)
  %z0_u = tensor.cast %z0 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%z0_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[1,   1,   1,   1],
  // CHECK-NEXT{LITERAL}:  [2,   2,   2,   2],
  // CHECK-NEXT{LITERAL}:  [3,   3,   3,   3]]
  %z1_u = tensor.cast %z1 : tensor<3x4xi64> to tensor<*xi64>
  call @printMemrefI64(%z1_u) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[10,   20,   30,   40],
  // CHECK-NEXT{LITERAL}:  [10,   20,   30,   40],
  // CHECK-NEXT{LITERAL}:  [10,   20,   30,   40]]

  // 3 x 1 against 4: the 1 broadcasts at run time.
  %a_d = tensor.cast %a : tensor<3x1xf32> to tensor<?x?xf32>
  %v = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %v_d = tensor.cast %v : tensor<4xf32> to tensor<?xf32>
  %d0, %d1 = call @broadcast_dynamic(%a_d, %v_d)
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %d0_u = tensor.cast %d0 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%d0_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[1,   1,   1,   1],
  // CHECK-NEXT{LITERAL}:  [2,   2,   2,   2],
  // CHECK-NEXT{LITERAL}:  [3,   3,   3,   3]]
  %d1_u = tensor.cast %d1 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%d1_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[5,   6,   7,   8],
  // CHECK-NEXT{LITERAL}:  [5,   6,   7,   8],
  // CHECK-NEXT{LITERAL}:  [5,   6,   7,   8]]

  // 2 x 3 against 1: nothing broadcasts in the first input.
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %m_d = tensor.cast %m : tensor<2x3xf32> to tensor<?x?xf32>
  %one = arith.constant dense<[9.0]> : tensor<1xf32>
  %one_d = tensor.cast %one : tensor<1xf32> to tensor<?xf32>
  %e0, %e1 = call @broadcast_dynamic(%m_d, %one_d)
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %e0_u = tensor.cast %e0 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%e0_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[1,   2,   3],
  // CHECK-NEXT{LITERAL}:  [4,   5,   6]]
  %e1_u = tensor.cast %e1 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%e1_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[9,   9,   9],
  // CHECK-NEXT{LITERAL}:  [9,   9,   9]]

  // A scalar against a zero-size tensor.
  %s = arith.constant dense<7.0> : tensor<f32>
  %zs = tensor.empty() : tensor<2x0xf32>
  %f0, %f1 = call @broadcast_scalar(%s, %zs)
      : (tensor<f32>, tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>)
  %f0_u = tensor.cast %f0 : tensor<2x0xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%f0_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 0] strides = [0, 1]

  %g = call @expand_constant(%a) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %g_u = tensor.cast %g : tensor<2x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%g_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data =
  // CHECK-NEXT{LITERAL}: [[[1,    1,    1,    1],
  // CHECK-NEXT{LITERAL}:   [2,    2,    2,    2],
  // CHECK-NEXT{LITERAL}:   [3,    3,    3,    3]],
  // CHECK-NEXT{LITERAL}:  [[1,    1,    1,    1],
  // CHECK-NEXT{LITERAL}:   [2,    2,    2,    2],
  // CHECK-NEXT{LITERAL}:   [3,    3,    3,    3]]]

  // A 1 in the shape keeps the size of the input: [1, 2] on 3 x 1 is 3 x 2.
  %a_d1 = tensor.cast %a : tensor<3x1xf32> to tensor<?x1xf32>
  %s12 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %h = call @expand_runtime(%a_d1, %s12) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %h_u = tensor.cast %h : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%h_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT{LITERAL}: [[1,   1],
  // CHECK-NEXT{LITERAL}:  [2,   2],
  // CHECK-NEXT{LITERAL}:  [3,   3]]

  // A dynamic size 1 broadcast by the shape: 1 x 1 to 2 x 3.
  %one11 = arith.constant dense<[[4.0]]> : tensor<1x1xf32>
  %one11_d = tensor.cast %one11 : tensor<1x1xf32> to tensor<?x1xf32>
  %s23 = arith.constant dense<[2, 3]> : tensor<2xi64>
  %i = call @expand_runtime(%one11_d, %s23) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %i_u = tensor.cast %i : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%i_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[4,   4,   4],
  // CHECK-NEXT{LITERAL}:  [4,   4,   4]]

  // Zero-size: [0, 5] on 1 x 1.
  %s05 = arith.constant dense<[0, 5]> : tensor<2xi64>
  %j = call @expand_runtime(%one11_d, %s05) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %j_u = tensor.cast %j : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%j_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [0, 5] strides = [5, 1]

  // axes_mapping = [1]: the input is dimension 1 of a 2 x 3 x 2 result.
  %col = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %col_d = tensor.cast %col : tensor<3xf32> to tensor<?xf32>
  %s232 = arith.constant dense<[2, 3, 2]> : tensor<3xi64>
  %k = call @expand_mapping(%col_d, %s232) : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %k_u = tensor.cast %k : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%k_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data =
  // CHECK-NEXT{LITERAL}: [[[1,    1],
  // CHECK-NEXT{LITERAL}:   [2,    2],
  // CHECK-NEXT{LITERAL}:   [3,    3]],
  // CHECK-NEXT{LITERAL}:  [[1,    1],
  // CHECK-NEXT{LITERAL}:   [2,    2],
  // CHECK-NEXT{LITERAL}:   [3,    3]]]
  return
}
