// RUN: sonnx-opt %s --split-input-file --sonnx-huge-page-alloc | FileCheck %s

// --sonnx-huge-page-alloc defines only the allocation functions the module
// declares without a body, and leaves a module without any unchanged.

// Only free is declared: it alone is defined, and no C allocation function
// is declared.
// CHECK-NOT: @malloc
// CHECK-NOT: @aligned_alloc
// CHECK-NOT: @madvise
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_free(%{{.*}}: !llvm.ptr)
// CHECK-NEXT: llvm.call @free
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)

// -----

// An allocation function that already has a body is the module's own: kept
// as it is (external linkage, its body), and nothing is declared.
// CHECK-NOT: @malloc
// CHECK-LABEL: llvm.func @_mlir_memref_to_llvm_alloc(%{{.*}}: i64) -> !llvm.ptr {
// CHECK-NEXT: llvm.mlir.zero
// CHECK-NEXT: llvm.return
// CHECK-NOT: @madvise
llvm.func @_mlir_memref_to_llvm_alloc(%n: i64) -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// No allocation function at all: the module is unchanged.
// CHECK-LABEL: llvm.func @other(i64) -> !llvm.ptr
// CHECK-NOT: llvm.func
llvm.func @other(i64) -> !llvm.ptr
