// Executes sonnx.unsqueeze and sonnx.flatten through --sonnx-to-llvm and
// checks every value: constant and run-time axes (negative ones included),
// dynamic sizes, every flatten axis, scalars and zero-size tensors.
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefShapeF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

func.func @unsqueeze_constant(%x: tensor<?x3xf32>) -> tensor<1x?x3x1xf32> {
  %a = arith.constant dense<[-1, 0]> : tensor<2xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<1x?x3x1xf32>
  return %y : tensor<1x?x3x1xf32>
}

func.func @unsqueeze_runtime(%x: tensor<2x3xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

func.func @unsqueeze_scalar(%x: tensor<f32>, %a: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @flatten0(%x: tensor<2x?x2xf32>) -> tensor<1x?xf32> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x?x2xf32>) -> tensor<1x?xf32>
  return %y : tensor<1x?xf32>
}

func.func @flatten1(%x: tensor<2x?x2xf32>) -> tensor<2x?xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x?x2xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

func.func @flatten_neg1(%x: tensor<2x?x2xf32>) -> tensor<?x2xf32> {
  %y = sonnx.flatten %x {axis = -1 : i64} : (tensor<2x?x2xf32>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

func.func @flatten3(%x: tensor<2x?x2xf32>) -> tensor<?x1xf32> {
  %y = sonnx.flatten %x {axis = 3 : i64} : (tensor<2x?x2xf32>) -> tensor<?x1xf32>
  return %y : tensor<?x1xf32>
}

func.func @flatten_scalar(%x: tensor<f32>) -> tensor<1x1xf32> {
  %y = sonnx.flatten %x {axis = 0 : i64} : (tensor<f32>) -> tensor<1x1xf32>
  return %y : tensor<1x1xf32>
}

func.func @flatten_zero(%x: tensor<?x0x5xf32>) -> tensor<?x5xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x0x5xf32>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

func.func @main() {
  %x23 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %x23_d = tensor.cast %x23 : tensor<2x3xf32> to tensor<?x3xf32>
  %a = call @unsqueeze_constant(%x23_d) : (tensor<?x3xf32>) -> tensor<1x?x3x1xf32>
  %a_u = tensor.cast %a : tensor<1x?x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%a_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = 0 sizes = [1, 2, 3, 1] strides = [6, 3, 1, 1] data =
  // CHECK-NEXT{LITERAL}: [[[[0],
  // CHECK-NEXT{LITERAL}:    [1],
  // CHECK-NEXT{LITERAL}:    [2]],
  // CHECK-NEXT{LITERAL}:   [[3],
  // CHECK-NEXT{LITERAL}:    [4],
  // CHECK-NEXT{LITERAL}:    [5]]]]

  // Axes [1, -2] of a rank-4 result: 2 x 1 x 1 x 3.
  %ax = arith.constant dense<[1, -2]> : tensor<2xi64>
  %b = call @unsqueeze_runtime(%x23, %ax) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  %b_u = tensor.cast %b : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%b_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = 0 sizes = [2, 1, 1, 3] strides = [3, 3, 3, 1] data =
  // CHECK-NEXT{LITERAL}: [[[[0,     1,     2]]],
  // CHECK-NEXT{LITERAL}:  [[[3,     4,     5]]]]

  // Axes [3, 0]: 1 x 2 x 3 x 1.
  %ax2 = arith.constant dense<[3, 0]> : tensor<2xi64>
  %c = call @unsqueeze_runtime(%x23, %ax2) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  %c_u = tensor.cast %c : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%c_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = 0 sizes = [1, 2, 3, 1]

  %s = arith.constant dense<7.0> : tensor<f32>
  %ax3 = arith.constant dense<[0, -1]> : tensor<2xi64>
  %d = call @unsqueeze_scalar(%s, %ax3) : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  %d_u = tensor.cast %d : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%d_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [1, 1] strides = [1, 1] data =
  // CHECK-NEXT{LITERAL}: [[7]]

  %x = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]],
                             [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>
  %x_d = tensor.cast %x : tensor<2x3x2xf32> to tensor<2x?x2xf32>
  %f0 = call @flatten0(%x_d) : (tensor<2x?x2xf32>) -> tensor<1x?xf32>
  %f0_u = tensor.cast %f0 : tensor<1x?xf32> to tensor<*xf32>
  call @printMemrefF32(%f0_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [1, 12] strides = [12, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11]]
  %f1 = call @flatten1(%x_d) : (tensor<2x?x2xf32>) -> tensor<2x?xf32>
  %f1_u = tensor.cast %f1 : tensor<2x?xf32> to tensor<*xf32>
  call @printMemrefF32(%f1_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1,   2,   3,   4,   5],
  // CHECK-NEXT{LITERAL}:  [6,   7,   8,   9,   10,   11]]
  %f2 = call @flatten_neg1(%x_d) : (tensor<2x?x2xf32>) -> tensor<?x2xf32>
  %f2_u = tensor.cast %f2 : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%f2_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [6, 2] strides = [2, 1]
  %f3 = call @flatten3(%x_d) : (tensor<2x?x2xf32>) -> tensor<?x1xf32>
  %f3_u = tensor.cast %f3 : tensor<?x1xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%f3_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [12, 1] strides = [1, 1]

  %f4 = call @flatten_scalar(%s) : (tensor<f32>) -> tensor<1x1xf32>
  %f4_u = tensor.cast %f4 : tensor<1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%f4_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [1, 1] strides = [1, 1] data =
  // CHECK-NEXT{LITERAL}: [[7]]

  %z = tensor.empty() : tensor<4x0x5xf32>
  %z_d = tensor.cast %z : tensor<4x0x5xf32> to tensor<?x0x5xf32>
  %f5 = call @flatten_zero(%z_d) : (tensor<?x0x5xf32>) -> tensor<?x5xf32>
  %f5_u = tensor.cast %f5 : tensor<?x5xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%f5_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [0, 5] strides = [5, 1]
  return
}
