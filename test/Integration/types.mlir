// Executes the five ops on every kind of element type of the profile and
// checks that each value arrives bit for bit: f16, bf16, f64, i1, i4, i8,
// ui8, si16, i64, and complex (reshape and expand). Each `chain` function
// goes through reshape, unsqueeze, expand (a copy by linalg.generic) and
// flatten, so that a 2x3 input [a0 .. a5] gives a 2x6 result whose two rows
// are [a0 .. a5]; each op only on the types it takes (the *.types rules):
// bf16 goes through a second reshape instead of unsqueeze, i4 through
// flatten only.
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

func.func private @printMemrefF16(tensor<*xf16> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefBF16(tensor<*xbf16> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefC32(tensor<*xcomplex<f32>> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefC64(tensor<*xcomplex<f64>> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

// The printers of the runner library print 8-bit integers as characters and
// know no i1, i4 or unsigned type: widen to i32 first. The unsigned and
// signed types go through an i8 view of the same bits.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @widen_i1(%x: tensor<2x6xi1>) -> tensor<*xi32> {
  %e = tensor.empty() : tensor<2x6xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x6xi1>) outs(%e : tensor<2x6xi32>) {
  ^bb0(%in: i1, %out: i32):
    %v = arith.extui %in : i1 to i32
    linalg.yield %v : i32
  } -> tensor<2x6xi32>
  %u = tensor.cast %w : tensor<2x6xi32> to tensor<*xi32>
  return %u : tensor<*xi32>
}
func.func @widen_i4(%x: tensor<2x3xi4>) -> tensor<*xi32> {
  %e = tensor.empty() : tensor<2x3xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xi4>) outs(%e : tensor<2x3xi32>) {
  ^bb0(%in: i4, %out: i32):
    %v = arith.extsi %in : i4 to i32
    linalg.yield %v : i32
  } -> tensor<2x3xi32>
  %u = tensor.cast %w : tensor<2x3xi32> to tensor<*xi32>
  return %u : tensor<*xi32>
}
func.func @widen_i8(%x: tensor<2x6xi8>) -> tensor<*xi32> {
  %e = tensor.empty() : tensor<2x6xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x6xi8>) outs(%e : tensor<2x6xi32>) {
  ^bb0(%in: i8, %out: i32):
    %v = arith.extsi %in : i8 to i32
    linalg.yield %v : i32
  } -> tensor<2x6xi32>
  %u = tensor.cast %w : tensor<2x6xi32> to tensor<*xi32>
  return %u : tensor<*xi32>
}
func.func @widen_ui8(%x: tensor<2x6xui8>) -> tensor<*xi32> {
  %e = tensor.empty() : tensor<2x6xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x6xui8>) outs(%e : tensor<2x6xi32>) {
  ^bb0(%in: ui8, %out: i32):
    %bits = builtin.unrealized_conversion_cast %in : ui8 to i8
    %v = arith.extui %bits : i8 to i32
    linalg.yield %v : i32
  } -> tensor<2x6xi32>
  %u = tensor.cast %w : tensor<2x6xi32> to tensor<*xi32>
  return %u : tensor<*xi32>
}
func.func @widen_si16(%x: tensor<2x3xsi16>) -> tensor<*xi32> {
  %e = tensor.empty() : tensor<2x3xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xsi16>) outs(%e : tensor<2x3xi32>) {
  ^bb0(%in: si16, %out: i32):
    %bits = builtin.unrealized_conversion_cast %in : si16 to i16
    %v = arith.extsi %bits : i16 to i32
    linalg.yield %v : i32
  } -> tensor<2x3xi32>
  %u = tensor.cast %w : tensor<2x3xi32> to tensor<*xi32>
  return %u : tensor<*xi32>
}

func.func @chain_f16(%x: tensor<2x3xf16>) -> tensor<2x6xf16> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xf16>, tensor<2xi64>) -> tensor<3x2xf16>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xf16>, tensor<1xi64>) -> tensor<1x3x2xf16>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xf16>, tensor<3xi64>) -> tensor<2x3x2xf16>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xf16>) -> tensor<2x6xf16>
  return %f : tensor<2x6xf16>
}
func.func @chain_bf16(%x: tensor<2x3xbf16>) -> tensor<2x6xbf16> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xbf16>, tensor<2xi64>) -> tensor<3x2xbf16>
  %a = arith.constant dense<[1, 3, 2]> : tensor<3xi64>
  %u = sonnx.reshape %r, %a : (tensor<3x2xbf16>, tensor<3xi64>) -> tensor<1x3x2xbf16>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xbf16>, tensor<3xi64>) -> tensor<2x3x2xbf16>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xbf16>) -> tensor<2x6xbf16>
  return %f : tensor<2x6xbf16>
}
func.func @chain_f64(%x: tensor<2x3xf64>) -> tensor<2x6xf64> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xf64>, tensor<2xi64>) -> tensor<3x2xf64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xf64>, tensor<1xi64>) -> tensor<1x3x2xf64>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xf64>, tensor<3xi64>) -> tensor<2x3x2xf64>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xf64>) -> tensor<2x6xf64>
  return %f : tensor<2x6xf64>
}
func.func @chain_i1(%x: tensor<2x3xi1>) -> tensor<2x6xi1> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xi1>, tensor<2xi64>) -> tensor<3x2xi1>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xi1>, tensor<1xi64>) -> tensor<1x3x2xi1>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xi1>, tensor<3xi64>) -> tensor<2x3x2xi1>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xi1>) -> tensor<2x6xi1>
  return %f : tensor<2x6xi1>
}
func.func @flatten_i4(%x: tensor<1x2x3xi4>) -> tensor<2x3xi4> {
  %f = sonnx.flatten %x {axis = 2 : i64} : (tensor<1x2x3xi4>) -> tensor<2x3xi4>
  return %f : tensor<2x3xi4>
}
func.func @chain_i8(%x: tensor<2x3xi8>) -> tensor<2x6xi8> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xi8>, tensor<1xi64>) -> tensor<1x3x2xi8>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xi8>, tensor<3xi64>) -> tensor<2x3x2xi8>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xi8>) -> tensor<2x6xi8>
  return %f : tensor<2x6xi8>
}
func.func @chain_ui8(%x: tensor<2x3xui8>) -> tensor<2x6xui8> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xui8>, tensor<2xi64>) -> tensor<3x2xui8>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xui8>, tensor<1xi64>) -> tensor<1x3x2xui8>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xui8>, tensor<3xi64>) -> tensor<2x3x2xui8>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xui8>) -> tensor<2x6xui8>
  return %f : tensor<2x6xui8>
}
// Broadcast of two inputs of different (signed, 64-bit) element types.
func.func @broadcast_mixed(%x: tensor<2x3xsi16>, %y: tensor<1x1xi64>)
    -> (tensor<2x3xsi16>, tensor<2x3xi64>) {
  %z0, %z1 = sonnx.broadcast %x, %y
      : (tensor<2x3xsi16>, tensor<1x1xi64>) -> (tensor<2x3xsi16>, tensor<2x3xi64>)
  return %z0, %z1 : tensor<2x3xsi16>, tensor<2x3xi64>
}
func.func @chain_i64(%x: tensor<2x3xi64>) -> tensor<2x6xi64> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2xi64>, tensor<1xi64>) -> tensor<1x3x2xi64>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %e = sonnx.expand %u, %t : (tensor<1x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  %f = sonnx.flatten %e {axis = 1 : i64} : (tensor<2x3x2xi64>) -> tensor<2x6xi64>
  return %f : tensor<2x6xi64>
}
func.func @reshape_c32(%x: tensor<2x2xcomplex<f32>>, %s: tensor<1xi64>) -> tensor<?xcomplex<f32>> {
  %r = sonnx.reshape %x, %s : (tensor<2x2xcomplex<f32>>, tensor<1xi64>) -> tensor<?xcomplex<f32>>
  return %r : tensor<?xcomplex<f32>>
}
func.func @reshape_c64(%x: tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
  %s = arith.constant dense<[2, -1]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<4xcomplex<f64>>, tensor<2xi64>) -> tensor<2x2xcomplex<f64>>
  return %r : tensor<2x2xcomplex<f64>>
}
func.func @expand_c32(%x: tensor<2x1xcomplex<f32>>, %s: tensor<2xi64>) -> tensor<2x3xcomplex<f32>> {
  %e = sonnx.expand %x, %s : (tensor<2x1xcomplex<f32>>, tensor<2xi64>) -> tensor<2x3xcomplex<f32>>
  return %e : tensor<2x3xcomplex<f32>>
}
func.func @expand_c64(%x: tensor<2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>> {
  %s = arith.constant dense<[3, 1]> : tensor<2xi64>
  %e = sonnx.expand %x, %s : (tensor<2xcomplex<f64>>, tensor<2xi64>) -> tensor<3x2xcomplex<f64>>
  return %e : tensor<3x2xcomplex<f64>>
}

func.func @main() {
  %f16 = arith.constant dense<[[0.5, -1.25, 2.0], [65504.0, -0.0, 3.140625]]> : tensor<2x3xf16>
  %r_f16 = call @chain_f16(%f16) : (tensor<2x3xf16>) -> tensor<2x6xf16>
  %u_f16 = tensor.cast %r_f16 : tensor<2x6xf16> to tensor<*xf16>
  call @printMemrefF16(%u_f16) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[0.5,   -1.25,   2,   65504,   -0,   3.14062],
  // CHECK-NEXT{LITERAL}:  [0.5,   -1.25,   2,   65504,   -0,   3.14062]]

  %bf16 = arith.constant dense<[[0.5, -1.25, 2.0], [1.0e+30, -0.0, 3.140625]]> : tensor<2x3xbf16>
  %r_bf16 = call @chain_bf16(%bf16) : (tensor<2x3xbf16>) -> tensor<2x6xbf16>
  %u_bf16 = tensor.cast %r_bf16 : tensor<2x6xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%u_bf16) : (tensor<*xbf16>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[0.5,   -1.25,   2,   1.00026e+30,   -0,   3.14062],
  // CHECK-NEXT{LITERAL}:  [0.5,   -1.25,   2,   1.00026e+30,   -0,   3.14062]]

  %f64 = arith.constant dense<[[0.1, -1.0e+300, 2.5], [4.9e-324, 1.0, -3.5]]> : tensor<2x3xf64>
  %r_f64 = call @chain_f64(%f64) : (tensor<2x3xf64>) -> tensor<2x6xf64>
  %u_f64 = tensor.cast %r_f64 : tensor<2x6xf64> to tensor<*xf64>
  call @printMemrefF64(%u_f64) : (tensor<*xf64>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[0.1,   -1e+300,   2.5,   4.94066e-324,   1,   -3.5],
  // CHECK-NEXT{LITERAL}:  [0.1,   -1e+300,   2.5,   4.94066e-324,   1,   -3.5]]

  %i1 = arith.constant dense<[[true, false, false], [true, true, false]]> : tensor<2x3xi1>
  %r_i1 = call @chain_i1(%i1) : (tensor<2x3xi1>) -> tensor<2x6xi1>
  %w_i1 = call @widen_i1(%r_i1) : (tensor<2x6xi1>) -> tensor<*xi32>
  call @printMemrefI32(%w_i1) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[1,   0,   0,   1,   1,   0],
  // CHECK-NEXT{LITERAL}:  [1,   0,   0,   1,   1,   0]]

  %i4 = arith.constant dense<[[[-8, 7, 0], [-1, 1, 5]]]> : tensor<1x2x3xi4>
  %r_i4 = call @flatten_i4(%i4) : (tensor<1x2x3xi4>) -> tensor<2x3xi4>
  %w_i4 = call @widen_i4(%r_i4) : (tensor<2x3xi4>) -> tensor<*xi32>
  call @printMemrefI32(%w_i4) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[-8,   7,   0],
  // CHECK-NEXT{LITERAL}:  [-1,   1,   5]]

  %i8 = arith.constant dense<[[-128, 127, 0], [-1, 1, 42]]> : tensor<2x3xi8>
  %r_i8 = call @chain_i8(%i8) : (tensor<2x3xi8>) -> tensor<2x6xi8>
  %w_i8 = call @widen_i8(%r_i8) : (tensor<2x6xi8>) -> tensor<*xi32>
  call @printMemrefI32(%w_i8) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[-128,   127,   0,   -1,   1,   42],
  // CHECK-NEXT{LITERAL}:  [-128,   127,   0,   -1,   1,   42]]

  %ui8 = arith.constant dense<[[255, 128, 0], [200, 1, 42]]> : tensor<2x3xui8>
  %r_ui8 = call @chain_ui8(%ui8) : (tensor<2x3xui8>) -> tensor<2x6xui8>
  %w_ui8 = call @widen_ui8(%r_ui8) : (tensor<2x6xui8>) -> tensor<*xi32>
  call @printMemrefI32(%w_ui8) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[255,   128,   0,   200,   1,   42],
  // CHECK-NEXT{LITERAL}:  [255,   128,   0,   200,   1,   42]]

  %i64 = arith.constant dense<[[-9223372036854775808, 9223372036854775807, 0],
                               [-1, 1, 4294967296]]> : tensor<2x3xi64>
  %r_i64 = call @chain_i64(%i64) : (tensor<2x3xi64>) -> tensor<2x6xi64>
  %u_i64 = tensor.cast %r_i64 : tensor<2x6xi64> to tensor<*xi64>
  call @printMemrefI64(%u_i64) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 6] strides = [6, 1] data =
  // CHECK-NEXT{LITERAL}: [[-9223372036854775808,   9223372036854775807,   0,   -1,   1,   4294967296],
  // CHECK-NEXT{LITERAL}:  [-9223372036854775808,   9223372036854775807,   0,   -1,   1,   4294967296]]

  %si16 = arith.constant dense<[[-32768, 32767, 0], [-1, 1, 7]]> : tensor<2x3xsi16>
  %one = arith.constant dense<[[5]]> : tensor<1x1xi64>
  %b0, %b1 = call @broadcast_mixed(%si16, %one)
      : (tensor<2x3xsi16>, tensor<1x1xi64>) -> (tensor<2x3xsi16>, tensor<2x3xi64>)
  %w_si16 = call @widen_si16(%b0) : (tensor<2x3xsi16>) -> tensor<*xi32>
  call @printMemrefI32(%w_si16) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[-32768,   32767,   0],
  // CHECK-NEXT{LITERAL}:  [-1,   1,   7]]
  %u_b1 = tensor.cast %b1 : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u_b1) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[5,   5,   5],
  // CHECK-NEXT{LITERAL}:  [5,   5,   5]]

  %c32 = arith.constant dense<[[(1.0, -2.0), (3.5, 0.0)], [(-0.0, 1.0e+38), (7.0, 8.0)]]> : tensor<2x2xcomplex<f32>>
  %s4 = arith.constant dense<[-1]> : tensor<1xi64>
  %r_c32 = call @reshape_c32(%c32, %s4) : (tensor<2x2xcomplex<f32>>, tensor<1xi64>) -> tensor<?xcomplex<f32>>
  %u_c32 = tensor.cast %r_c32 : tensor<?xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%u_c32) : (tensor<*xcomplex<f32>>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
  // CHECK-NEXT{LITERAL}: [(1,-2),  (3.5,0),  (-0,1e+38),  (7,8)]

  %c64 = arith.constant dense<[(1.0, -2.0), (3.5, 0.0), (-0.0, 1.0e+300), (7.0, 8.0)]> : tensor<4xcomplex<f64>>
  %r_c64 = call @reshape_c64(%c64) : (tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  %u_c64 = tensor.cast %r_c64 : tensor<2x2xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%u_c64) : (tensor<*xcomplex<f64>>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT{LITERAL}: [[(1,-2),   (3.5,0)],
  // CHECK-NEXT{LITERAL}:  [(-0,1e+300),   (7,8)]]

  %x32 = arith.constant dense<[[(1.0, -2.0)], [(-0.0, 1.0e+38)]]> : tensor<2x1xcomplex<f32>>
  %s23 = arith.constant dense<[2, 3]> : tensor<2xi64>
  %e_c32 = call @expand_c32(%x32, %s23) : (tensor<2x1xcomplex<f32>>, tensor<2xi64>) -> tensor<2x3xcomplex<f32>>
  %v_c32 = tensor.cast %e_c32 : tensor<2x3xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%v_c32) : (tensor<*xcomplex<f32>>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT{LITERAL}: [[(1,-2),   (1,-2),   (1,-2)],
  // CHECK-NEXT{LITERAL}:  [(-0,1e+38),   (-0,1e+38),   (-0,1e+38)]]

  %x64 = arith.constant dense<[(0.5, -1.0e+300), (-0.0, 4.9e-324)]> : tensor<2xcomplex<f64>>
  %e_c64 = call @expand_c64(%x64) : (tensor<2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  %v_c64 = tensor.cast %e_c64 : tensor<3x2xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%v_c64) : (tensor<*xcomplex<f64>>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT{LITERAL}: [[(0.5,-1e+300),   (-0,4.94066e-324)],
  // CHECK-NEXT{LITERAL}:  [(0.5,-1e+300),   (-0,4.94066e-324)],
  // CHECK-NEXT{LITERAL}:  [(0.5,-1e+300),   (-0,4.94066e-324)]]
  return
}
