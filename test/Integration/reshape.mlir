// Executes sonnx.reshape through --sonnx-to-llvm and checks every value:
// constant and run-time shapes, 0 (copy) and -1 (inferred), allowzero,
// dynamic input sizes, zero-size tensors, scalars and an unranked result
// returned across a call.
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

// Read-only: printing needs no copy of what it prints.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
// The data printer reads one element even of an empty memref: print only the
// metadata of zero-size results.
func.func private @printMemrefShapeF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

// Constant shape with -1: one collapse_shape.
func.func @constant_shape(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %s = arith.constant dense<[6, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// Not reassociative: collapse to 1-D, expand.
func.func @transposed_sizes(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// A 0 copies the dynamic size, -1 is inferred at run time.
func.func @dynamic_input(%x: tensor<?x6xf32>) -> tensor<?x3x?xf32> {
  %s = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  return %y : tensor<?x3x?xf32>
}

// The shape is a run-time value: every rule is checked at run time.
func.func @runtime_shape(%x: tensor<?x4xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @allowzero(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %s = arith.constant dense<> : tensor<0xi64>
  %y = sonnx.reshape %x, %s : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
  return %y : tensor<f32>
}

func.func @from_scalar(%x: tensor<f32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<f32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// A shape of dynamic length gives an unranked result (tensor.reshape).
func.func @unranked(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// Calls a function that returns an unranked tensor (regression test for
// LLVM 22's one-shot-bufferize with function boundaries).
func.func @calls_unranked(%x: tensor<2x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = call @unranked(%x, %s) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %a = call @constant_shape(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %a_u = tensor.cast %a : tensor<6x4xf32> to tensor<*xf32>
  call @printMemrefF32(%a_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [6, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1,   2,   3],
  // CHECK-NEXT{LITERAL}:  [4,   5,   6,   7],
  // CHECK-NEXT{LITERAL}:  [8,   9,   10,   11],
  // CHECK-NEXT{LITERAL}:  [12,   13,   14,   15],
  // CHECK-NEXT{LITERAL}:  [16,   17,   18,   19],
  // CHECK-NEXT{LITERAL}:  [20,   21,   22,   23]]

  %x23 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %b = call @transposed_sizes(%x23) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %b_u = tensor.cast %b : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%b_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1],
  // CHECK-NEXT{LITERAL}:  [2,   3],
  // CHECK-NEXT{LITERAL}:  [4,   5]]

  %x26 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0]]> : tensor<2x6xf32>
  %x26_d = tensor.cast %x26 : tensor<2x6xf32> to tensor<?x6xf32>
  %c = call @dynamic_input(%x26_d) : (tensor<?x6xf32>) -> tensor<?x3x?xf32>
  %c_u = tensor.cast %c : tensor<?x3x?xf32> to tensor<*xf32>
  call @printMemrefF32(%c_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data =
  // CHECK-NEXT{LITERAL}: [[[0,    1],
  // CHECK-NEXT{LITERAL}:   [2,    3],
  // CHECK-NEXT{LITERAL}:   [4,    5]],
  // CHECK-NEXT{LITERAL}:  [[6,    7],
  // CHECK-NEXT{LITERAL}:   [8,    9],
  // CHECK-NEXT{LITERAL}:   [10,    11]]]

  %x_d = tensor.cast %x26 : tensor<2x6xf32> to tensor<?x6xf32>
  %x24 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %x24_d = tensor.cast %x24 : tensor<3x4xf32> to tensor<?x4xf32>
  %s_m1 = arith.constant dense<[-1, 6]> : tensor<2xi64>
  %d = call @runtime_shape(%x24_d, %s_m1) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %d_u = tensor.cast %d : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%d_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1,   2,   3,   4,   5],
  // CHECK-NEXT{LITERAL}:  [6,   7,   8,   9,   10,   11]]

  %s_00 = arith.constant dense<[0, 0]> : tensor<2xi64>
  %e = call @runtime_shape(%x24_d, %s_00) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %e_u = tensor.cast %e : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%e_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT{LITERAL}: [[0,   1,   2,   3],
  // CHECK-NEXT{LITERAL}:  [4,   5,   6,   7],
  // CHECK-NEXT{LITERAL}:  [8,   9,   10,   11]]

  // Zero-size: 0 x 3 with allowzero = 1 to [3, 0].
  %empty = tensor.empty() : tensor<0x3xf32>
  %empty_d = tensor.cast %empty : tensor<0x3xf32> to tensor<?x3xf32>
  %s_30 = arith.constant dense<[3, 0]> : tensor<2xi64>
  %f = call @allowzero(%empty_d, %s_30) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %f_u = tensor.cast %f : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%f_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 0] strides = [0, 1]

  // [2, 0] with allowzero = 1 gives 2 x 0.
  %s_20 = arith.constant dense<[2, 0]> : tensor<2xi64>
  %g = call @allowzero(%empty_d, %s_20) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %g_u = tensor.cast %g : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%g_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 0] strides = [0, 1]

  // Scalars.
  %one = arith.constant dense<[[42.0]]> : tensor<1x1xf32>
  %h = call @to_scalar(%one) : (tensor<1x1xf32>) -> tensor<f32>
  %h_u = tensor.cast %h : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%h_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [42]
  %s_111 = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
  %i = call @from_scalar(%h, %s_111) : (tensor<f32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %i_u = tensor.cast %i : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%i_u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [1, 1, 1] strides = [1, 1, 1] data =
  // CHECK-NEXT{LITERAL}: [[[42]]]

  // Unranked result: [0, 3, -1] on 2 x 3 gives 2 x 3 x 1.
  %s_dyn = arith.constant dense<[0, 3, -1]> : tensor<3xi64>
  %s_dyn_d = tensor.cast %s_dyn : tensor<3xi64> to tensor<?xi64>
  %j = call @calls_unranked(%x23, %s_dyn_d) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefF32(%j) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT{LITERAL}: [[[0],
  // CHECK-NEXT{LITERAL}:   [1],
  // CHECK-NEXT{LITERAL}:   [2]],
  // CHECK-NEXT{LITERAL}:  [[3],
  // CHECK-NEXT{LITERAL}:   [4],
  // CHECK-NEXT{LITERAL}:   [5]]]
  return
}
