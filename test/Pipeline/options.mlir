// The pipeline and its options are documented in the help of sonnx-opt.
// RUN: sonnx-opt --help | FileCheck %s

// CHECK: --sonnx-to-llvm
// CHECK-SAME: Lower a module of func, arith, tensor and sonnx ops to the LLVM dialect
// CHECK-NEXT: --buffer-deallocation
// CHECK-SAME: Free the buffers allocated by the lowered code
// CHECK-NEXT: --fuse-elementwise
// CHECK-SAME: Fuse elementwise linalg ops

// The options of the row copies and the allocation (docs/benchmarks.md).
// CHECK-NEXT: --huge-page-threshold=<ulong>
// CHECK-SAME: Buffer size in bytes from which huge-pages applies
// CHECK-NEXT: --huge-pages
// CHECK-SAME: madvise(MADV_HUGEPAGE)
// CHECK-NEXT: --nontemporal-allocated
// CHECK-SAME: Streaming stores also into the outputs that a function allocates itself
// CHECK-NEXT: --nontemporal-threshold=<long>
// CHECK-SAME: streaming (non-temporal) stores
// The code of sonnx-compile's objects (docs/deployment.md,
// test/Pipeline/static-memory.mlir).
// CHECK-NEXT: --static-memory
// CHECK-SAME: Code for ahead-of-time objects (sonnx-compile)
// CHECK-SAME: every buffer is a static global instead of a heap allocation, memrefs are passed as bare pointers
// CHECK-SAME: returns its status code (the function must return i32) instead of aborting
// The JIT's checks: the status code and message to a handler
// (test/Conversion/AssertToLLVM/status-handler.mlir).
// CHECK-NEXT: --status-handler=<string>
// CHECK-SAME: a failing run-time check calls this function, void(i32 status, ptr message), with the status code of its rule and its message
// Attention's intermediate results one tile at a time
// (test/Transforms/tile-and-fuse.mlir).
// CHECK-NEXT: --tile-and-fuse
// CHECK-SAME: tile by tile along parallel dimensions, so that those results are one tile (--sonnx-tile-and-fuse)
// CHECK-NEXT: --tile-block=<long>
// CHECK-SAME: --sonnx-tile-and-fuse's block
// CHECK-NEXT: --vector-bytes=<ulong>
// CHECK-SAME: Bytes per vector store
