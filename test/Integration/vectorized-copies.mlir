// Executes broadcast and expand through the row copies of
// --sonnx-vectorize-broadcast-copies (part of --sonnx-to-llvm): rows that
// are not a multiple of the vector length, rows that start at addresses
// that are not 64-byte aligned (a scalar head before the aligned streaming
// stores), fills and copies, i8/f16/f32/f64, and results written into a
// caller's buffer (bufferization.materialize_in_destination). Every value
// is printed and checked; the same output with streaming stores on every
// size, and with the scalar loops.
// RUN: sonnx-opt %s --sonnx-to-llvm="nontemporal-threshold=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: sonnx-opt %s --sonnx-to-llvm="vector-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// The destination-passing functions allocate nothing.
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s --check-prefix=DPS

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

// DPS-LABEL: llvm.func @copy_rows_into(
// DPS-NOT: malloc
// DPS: llvm.return
func.func @copy_rows_into(%x: tensor<1x37xi8>, %out: tensor<3x37xi8>)
    -> tensor<3x37xi8> {
  %s = arith.constant dense<[3, 37]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x37xi8>, tensor<2xi64>) -> tensor<3x37xi8>
  %r = bufferization.materialize_in_destination %y in %out
      : (tensor<3x37xi8>, tensor<3x37xi8>) -> tensor<3x37xi8>
  return %r : tensor<3x37xi8>
}

// DPS-LABEL: llvm.func @fill_rows_into(
// DPS-NOT: malloc
// DPS: llvm.return
func.func @fill_rows_into(%x: tensor<2x1xf32>, %out: tensor<2x19xf32>)
    -> tensor<2x19xf32> {
  %s = arith.constant dense<[2, 19]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x19xf32>
  %r = bufferization.materialize_in_destination %y in %out
      : (tensor<2x19xf32>, tensor<2x19xf32>) -> tensor<2x19xf32>
  return %r : tensor<2x19xf32>
}

func.func @broadcast_f64(%a: tensor<2x1x3xf64>, %b: tensor<4x1xf64>)
    -> (tensor<2x4x3xf64>, tensor<2x4x3xf64>) {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<2x1x3xf64>, tensor<4x1xf64>) -> (tensor<2x4x3xf64>, tensor<2x4x3xf64>)
  return %z0, %z1 : tensor<2x4x3xf64>, tensor<2x4x3xf64>
}

func.func @main() {
  // A 1x37 i8 row 0..36 copied to 3 rows: the rows of the destination
  // start 37 bytes apart, at different alignments.
  %x8 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i8
    tensor.yield %v : i8
  } : tensor<1x37xi8>
  %init = tensor.empty() : tensor<3x37xi8>
  %r8 = func.call @copy_rows_into(%x8, %init)
      : (tensor<1x37xi8>, tensor<3x37xi8>) -> tensor<3x37xi8>
  // Printed as i32 (printMemrefI8 prints characters).
  %init32 = tensor.empty() : tensor<3x37xi32>
  %r32 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%r8 : tensor<3x37xi8>) outs(%init32 : tensor<3x37xi32>) {
  ^bb0(%v: i8, %o: i32):
    %e = arith.extsi %v : i8 to i32
    linalg.yield %e : i32
  } -> tensor<3x37xi32>
  %p8 = tensor.cast %r32 : tensor<3x37xi32> to tensor<*xi32>
  call @printMemrefI32(%p8) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 37]
  // CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,   28,   29,   30,   31,   32,   33,   34,   35,   36],
  // CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,   28,   29,   30,   31,   32,   33,   34,   35,   36],
  // CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,   28,   29,   30,   31,   32,   33,   34,   35,   36]]

  %xf = arith.constant dense<[[1.5], [-2.25]]> : tensor<2x1xf32>
  %initf = tensor.empty() : tensor<2x19xf32>
  %rf = func.call @fill_rows_into(%xf, %initf)
      : (tensor<2x1xf32>, tensor<2x19xf32>) -> tensor<2x19xf32>
  %pf = tensor.cast %rf : tensor<2x19xf32> to tensor<*xf32>
  call @printMemrefF32(%pf) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 19]
  // CHECK-NEXT: {{\[}}[1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5,   1.5],
  // CHECK-NEXT: [-2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25,   -2.25]]

  %a = arith.constant dense<[[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]]> : tensor<2x1x3xf64>
  %b = arith.constant dense<[[10.0], [20.0], [30.0], [40.0]]> : tensor<4x1xf64>
  %z0, %z1 = func.call @broadcast_f64(%a, %b)
      : (tensor<2x1x3xf64>, tensor<4x1xf64>) -> (tensor<2x4x3xf64>, tensor<2x4x3xf64>)
  %q0 = tensor.cast %z0 : tensor<2x4x3xf64> to tensor<*xf64>
  %q1 = tensor.cast %z1 : tensor<2x4x3xf64> to tensor<*xf64>
  call @printMemrefF64(%q0) : (tensor<*xf64>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 4, 3]
  // CHECK-NEXT: {{\[}}{{\[}}[1,    2,    3],
  // CHECK-NEXT: [1,    2,    3],
  // CHECK-NEXT: [1,    2,    3],
  // CHECK-NEXT: [1,    2,    3]],
  // CHECK-NEXT: {{\[}}[4,    5,    6],
  // CHECK-NEXT: [4,    5,    6],
  // CHECK-NEXT: [4,    5,    6],
  // CHECK-NEXT: [4,    5,    6]]]
  call @printMemrefF64(%q1) : (tensor<*xf64>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 4, 3]
  // CHECK-NEXT: {{\[}}{{\[}}[10,    10,    10],
  // CHECK-NEXT: [20,    20,    20],
  // CHECK-NEXT: [30,    30,    30],
  // CHECK-NEXT: [40,    40,    40]],
  // CHECK-NEXT: {{\[}}[10,    10,    10],
  // CHECK-NEXT: [20,    20,    20],
  // CHECK-NEXT: [30,    30,    30],
  // CHECK-NEXT: [40,    40,    40]]]
  return
}
