// With huge-pages, a buffer of at least huge-page-threshold bytes starts on
// a 2 MiB boundary (the size is rounded up to whole huge pages and all of it
// is advised), so that no 4 KiB page is left at either end; smaller buffers
// are the C library's as they are. The results stay exact.
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
