// With huge-pages, the data of a buffer of at least huge-page-threshold
// bytes starts on a 2 MiB boundary (and every huge page of it is advised),
// whether its size is static or known at run time only, so that no 4 KiB
// page is left at either end. The results stay exact.
// RUN: sonnx-opt %s --sonnx-to-llvm="huge-pages" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// An alignment above the huge page size is kept.
// RUN: sonnx-opt %s --sonnx-to-llvm="huge-pages huge-page-threshold=4096" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

// The address of the first element modulo `m`.
func.func private @misalignment(%b: memref<?xf32>, %m: index) -> i64 {
  %p = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %r = arith.remui %p, %m : index
  %i = arith.index_cast %r : index to i64
  return %i : i64
}

// 4 MiB + 4 bytes: one byte past the default threshold's whole huge pages.
func.func private @expand(%x: tensor<1xf32>) -> tensor<1048577xf32> {
  %s = arith.constant dense<[1048577]> : tensor<1xi64>
  %e = sonnx.expand %x, %s : (tensor<1xf32>, tensor<1xi64>) -> tensor<1048577xf32>
  return %e : tensor<1048577xf32>
}

// The same size known at run time only.
func.func private @expand_dynamic(%x: tensor<1xf32>, %n: i64) -> tensor<?xf32> {
  %s = tensor.from_elements %n : tensor<1xi64>
  %e = sonnx.expand %x, %s : (tensor<1xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func @main() {
  %huge = arith.constant 2097152 : index
  %x = arith.constant dense<2.5> : tensor<1xf32>
  %e = call @expand(%x) : (tensor<1xf32>) -> tensor<1048577xf32>
  %b = bufferization.to_buffer %e : tensor<1048577xf32> to memref<1048577xf32>
  %d = memref.cast %b : memref<1048577xf32> to memref<?xf32>
  // CHECK: 0
  %m0 = call @misalignment(%d, %huge) : (memref<?xf32>, index) -> i64
  call @printI64(%m0) : (i64) -> ()
  call @printNewline() : () -> ()
  // The first and the last element.
  // CHECK-NEXT: 2.5
  // CHECK-NEXT: 2.5
  %c0 = arith.constant 0 : index
  %last = arith.constant 1048576 : index
  %v0 = memref.load %b[%c0] : memref<1048577xf32>
  %v1 = memref.load %b[%last] : memref<1048577xf32>
  call @printF32(%v0) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%v1) : (f32) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: 0
  // CHECK-NEXT: 2.5
  %n = arith.constant 1048577 : i64
  %y = call @expand_dynamic(%x, %n) : (tensor<1xf32>, i64) -> tensor<?xf32>
  %yb = bufferization.to_buffer %y : tensor<?xf32> to memref<?xf32>
  %m2 = call @misalignment(%yb, %huge) : (memref<?xf32>, index) -> i64
  call @printI64(%m2) : (i64) -> ()
  call @printNewline() : () -> ()
  %v2 = memref.load %yb[%last] : memref<?xf32>
  call @printF32(%v2) : (f32) -> ()
  call @printNewline() : () -> ()

  // A 4 MiB alignment requested by the buffer itself.
  // CHECK-NEXT: 0
  %four = arith.constant 4194304 : index
  %a = memref.alloc() {alignment = 4194304 : i64} : memref<1048577xf32>
  %ad = memref.cast %a : memref<1048577xf32> to memref<?xf32>
  %m1 = call @misalignment(%ad, %four) : (memref<?xf32>, index) -> i64
  call @printI64(%m1) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %a : memref<1048577xf32>
  return
}
