// RUN: sonnx-opt %s --sonnx-huge-page-alloc | FileCheck %s
// RUN: sonnx-opt %s --sonnx-huge-page-alloc="threshold=1024" | FileCheck %s --check-prefix=T1K
// RUN: not sonnx-opt %s --sonnx-huge-page-alloc="huge-page-bytes=3000" 2>&1 | FileCheck %s --check-prefix=BAD

// The declarations that --finalize-memref-to-llvm="use-generic-functions"
// leaves get internal definitions. A request below the threshold (4 MiB)
// is malloc's / aligned_alloc's as it is. A larger one is rounded up to
// whole huge pages (2 MiB), unless that wraps around, and
// madvise(MADV_HUGEPAGE = 14) on every whole huge page inside the block;
// free.
// CHECK-DAG: llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc(%{{.*}}: i64) -> !llvm.ptr
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(-2097152 : i64)
// CHECK: %[[PAGE1:.*]] = llvm.mlir.constant(2097151 : i64)
// CHECK: %[[UP:.*]] = llvm.add %[[SIZE:.*]], %[[PAGE1]]
// CHECK: %[[PADDED:.*]] = llvm.and %[[UP]], %[[MASK]]
// CHECK: %[[T:.*]] = llvm.mlir.constant(4194304 : i64)
// CHECK: %[[ABOVE:.*]] = llvm.icmp "uge" %[[SIZE]], %[[T]]
// CHECK: %[[NOWRAP:.*]] = llvm.icmp "uge" %[[PADDED]], %[[SIZE]]
// CHECK: %[[LARGE:.*]] = llvm.and %[[ABOVE]], %[[NOWRAP]]
// CHECK: %[[BYTES:.*]] = llvm.select %[[LARGE]], %[[PADDED]], %[[SIZE]]
// CHECK: %[[P:.*]] = llvm.call @malloc(%[[BYTES]])
// CHECK: %[[NONNULL:.*]] = llvm.icmp "ne" %[[P]]
// CHECK: %[[ADVISE:.*]] = llvm.and %[[LARGE]], %[[NONNULL]]
// CHECK: llvm.cond_br %[[ADVISE]], ^[[BB1:.*]], ^[[DONE:[^ ]*]]
// CHECK: ^[[BB1]]:
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[P]]
// CHECK: %[[FIRST:.*]] = llvm.and %{{.*}}, %[[MASK]]
// CHECK: %[[END:.*]] = llvm.add %[[A]], %[[BYTES]]
// CHECK: %[[LAST:.*]] = llvm.and %[[END]], %[[MASK]]
// CHECK: llvm.icmp "ult" %[[FIRST]], %[[LAST]]
// CHECK: %[[LEN:.*]] = llvm.sub %[[LAST]], %[[FIRST]]
// CHECK: %[[MADV:.*]] = llvm.mlir.constant(14 : i32)
// CHECK: llvm.call @madvise(%{{.*}}, %[[LEN]], %[[MADV]])
// CHECK: ^[[DONE]]:
// CHECK-NEXT: llvm.return %[[P]]
// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_aligned_alloc(%{{.*}}: i64, %{{.*}}: i64) -> !llvm.ptr
// CHECK: llvm.call @aligned_alloc
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
