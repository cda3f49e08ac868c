// RUN: sonnx-opt %s --sonnx-huge-page-alloc | FileCheck %s
// RUN: sonnx-opt %s --sonnx-huge-page-alloc="threshold=1024" | FileCheck %s --check-prefix=T1K
// RUN: not sonnx-opt %s --sonnx-huge-page-alloc="huge-page-bytes=3000" 2>&1 | FileCheck %s --check-prefix=BAD

// The declarations that --finalize-memref-to-llvm="use-generic-functions"
// leaves get internal definitions. A buffer below the threshold (4 MiB) is
// malloc's / aligned_alloc's as it is. A larger one: aligned_alloc on a
// 2 MiB boundary (or the requested alignment, if larger) of the size
// rounded up to whole huge pages, then madvise(MADV_HUGEPAGE = 14) on all
// of it; a size whose rounding wraps around goes to the plain call. free.
// CHECK-DAG: llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc(%{{.*}}: i64) -> !llvm.ptr
// CHECK: %[[T:.*]] = llvm.mlir.constant(4194304 : i64)
// CHECK: %[[LARGE:.*]] = llvm.icmp "uge" %[[SIZE:.*]], %[[T]]
// CHECK: llvm.cond_br %[[LARGE]], ^[[BIG:.*]], ^[[SMALL:[^ ]*]]
// CHECK: ^[[SMALL]]:
// CHECK-NEXT: %[[P:.*]] = llvm.call @malloc(%[[SIZE]])
// CHECK-NEXT: llvm.return %[[P]]
// CHECK: ^[[BIG]]:
// CHECK: %[[PAGE:.*]] = llvm.mlir.constant(2097152 : i64)
// CHECK: %[[MASK:.*]] = llvm.sub %{{.*}}, %[[PAGE]]
// CHECK: %[[PAGE1:.*]] = llvm.sub %[[PAGE]], %{{.*}}
// CHECK: %[[UP:.*]] = llvm.add %[[SIZE]], %[[PAGE1]]
// CHECK: %[[ROUNDED:.*]] = llvm.and %[[UP]], %[[MASK]]
// CHECK: %[[FITS:.*]] = llvm.icmp "uge" %[[ROUNDED]], %[[SIZE]]
// CHECK: llvm.cond_br %[[FITS]], ^[[HUGE:.*]], ^[[SMALL]]
// CHECK: ^[[HUGE]]:
// CHECK-NEXT: %[[Q:.*]] = llvm.call @aligned_alloc(%[[PAGE]], %[[ROUNDED]])
// CHECK: llvm.cond_br %{{.*}}, ^[[ADVISE:.*]], ^[[DONE:.*]](%[[Q]] : !llvm.ptr)
// CHECK: ^[[ADVISE]]:
// CHECK-NEXT: %[[MADV:.*]] = llvm.mlir.constant(14 : i32)
// CHECK-NEXT: llvm.call @madvise(%[[Q]], %[[ROUNDED]], %[[MADV]])
// CHECK-NEXT: llvm.br ^[[DONE]](%[[Q]] : !llvm.ptr)
// CHECK: ^[[DONE]](%[[R:.*]]: !llvm.ptr):
// CHECK-NEXT: llvm.return %[[R]]
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_aligned_alloc(%{{.*}}: i64, %{{.*}}: i64) -> !llvm.ptr
// CHECK: llvm.call @aligned_alloc
// CHECK: %[[APAGE:.*]] = llvm.mlir.constant(2097152 : i64)
// CHECK: %[[ABOVE:.*]] = llvm.icmp "ugt" %[[ALIGN:.*]], %[[APAGE]]
// CHECK: %[[A:.*]] = llvm.select %[[ABOVE]], %[[ALIGN]], %[[APAGE]]
// CHECK: llvm.call @aligned_alloc(%[[A]], %{{.*}})
// CHECK: llvm.call @madvise
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_free(%{{.*}}: !llvm.ptr)
// CHECK-NEXT: llvm.call @free
// CHECK-NEXT: llvm.return

// T1K-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc
// T1K: llvm.mlir.constant(1024 : i64)

// BAD: huge-page-bytes must be a power of 2 up to 2^40, got 3000
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
llvm.func @use(%n: i64) {
  %p = llvm.call @_mlir_memref_to_llvm_alloc(%n) : (i64) -> !llvm.ptr
  llvm.call @_mlir_memref_to_llvm_free(%p) : (!llvm.ptr) -> ()
  llvm.return
}
