// A result too large for memory aborts with a message; it never runs on a
// wrapped-around or null buffer. 2^62 f32 elements is 2^64 bytes: the byte
// size does not fit in int64. 2^40 elements (4 TiB) is beyond the memory of
// any machine the suite runs on: malloc returns null.
// RUN: sonnx-opt %s --sonnx-to-llvm > %t
// RUN: not --crash mlir-runner %t -e wraps -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=WRAPS
// WRAPS: the byte size of a buffer of type memref<?xf32> with its run-time sizes does not fit in int64
// RUN: not --crash mlir-runner %t -e too_much -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=OOM
// OOM: out of memory: allocation of a buffer of type memref<?xf32> failed
// RUN: mlir-runner %t -e fits -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=FITS
// FITS: 2

func.func private @expand(%x: tensor<1xf32>, %n: i64) -> tensor<?xf32> {
  %s = tensor.from_elements %n : tensor<1xi64>
  %e = sonnx.expand %x, %s : (tensor<1xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func private @print_element(%e: tensor<?xf32>) {
  %c = arith.constant 3 : index
  %v = tensor.extract %e[%c] : tensor<?xf32>
  vector.print %v : f32
  return
}

func.func @wraps() {
  %x = arith.constant dense<[2.0]> : tensor<1xf32>
  %n = arith.constant 4611686018427387904 : i64
  %e = call @expand(%x, %n) : (tensor<1xf32>, i64) -> tensor<?xf32>
  call @print_element(%e) : (tensor<?xf32>) -> ()
  return
}

func.func @too_much() {
  %x = arith.constant dense<[2.0]> : tensor<1xf32>
  %n = arith.constant 1099511627776 : i64
  %e = call @expand(%x, %n) : (tensor<1xf32>, i64) -> tensor<?xf32>
  call @print_element(%e) : (tensor<?xf32>) -> ()
  return
}

func.func @fits() {
  %x = arith.constant dense<[2.0]> : tensor<1xf32>
  %n = arith.constant 8 : i64
  %e = call @expand(%x, %n) : (tensor<1xf32>, i64) -> tensor<?xf32>
  call @print_element(%e) : (tensor<?xf32>) -> ()
  return
}
