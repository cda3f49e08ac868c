// RUN: sonnx-opt %s --split-input-file --verify-diagnostics --sonnx-huge-page-alloc
// RUN: not sonnx-opt %s --split-input-file --sonnx-huge-page-alloc="huge-page-bytes=2199023255552" 2>&1 | FileCheck %s --check-prefix=BIG

// --sonnx-huge-page-alloc refuses what it cannot define, naming the function
// and the types: allocation functions of another signature than
// --finalize-memref-to-llvm="use-generic-functions" declares, and C library
// functions the module declares with another type.

// A huge page larger than 2^40 bytes (a power of 2 still) is refused.
// BIG: error: huge-page-bytes must be a power of 2 up to 2^40, got 2199023255552

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_alloc: '!llvm.func<ptr (i32)>'}}
llvm.func @_mlir_memref_to_llvm_alloc(i32) -> !llvm.ptr

// -----

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_alloc: '!llvm.func<i64 (i64)>'}}
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> i64

// -----

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_alloc: '!llvm.func<ptr (i64, i64)>'}}
llvm.func @_mlir_memref_to_llvm_alloc(i64, i64) -> !llvm.ptr

// -----

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_aligned_alloc: '!llvm.func<ptr (i64)>'}}
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64) -> !llvm.ptr

// -----

// expected-error @+1 {{redefinition of function 'malloc' of different type '!llvm.func<ptr (i64)>' is prohibited}}
llvm.func @malloc(i32) -> !llvm.ptr
// expected-error @+1 {{cannot define _mlir_memref_to_llvm_alloc: the module declares the C library function 'malloc' with another type than '!llvm.func<ptr (i64)>'}}
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr

// -----

// expected-error @+1 {{redefinition of function 'aligned_alloc' of different type}}
llvm.func @aligned_alloc(i64) -> !llvm.ptr
// expected-error @+1 {{cannot define _mlir_memref_to_llvm_aligned_alloc: the module declares the C library function 'aligned_alloc' with another type than '!llvm.func<ptr (i64, i64)>'}}
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr

// -----

// expected-error @+1 {{redefinition of function 'madvise' of different type}}
llvm.func @madvise(!llvm.ptr, i64, i64) -> i32
// expected-error @+1 {{cannot define _mlir_memref_to_llvm_aligned_alloc: the module declares the C library function 'madvise' with another type than '!llvm.func<i32 (ptr, i64, i32)>'}}
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr

// -----

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_free: '!llvm.func<void (ptr, i64)>'}}
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr, i64)

// -----

// expected-error @+1 {{unexpected signature of _mlir_memref_to_llvm_free: '!llvm.func<void (i64)>'}}
llvm.func @_mlir_memref_to_llvm_free(i64)

// -----

// expected-error @+1 {{redefinition of function 'free' of different type '!llvm.func<void (ptr)>' is prohibited}}
llvm.func @free(!llvm.ptr) -> i32
// expected-error @+1 {{cannot define _mlir_memref_to_llvm_free: the module declares the C library function 'free' with another type than '!llvm.func<void (ptr)>'}}
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
