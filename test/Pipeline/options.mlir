// The pipeline and its options are documented in the help of sonnx-opt.
// RUN: sonnx-opt --help | FileCheck %s

// CHECK: --sonnx-to-llvm
// CHECK-SAME: Lower a module of func, arith, tensor and sonnx ops to the LLVM dialect
// CHECK-NEXT: --buffer-deallocation
// CHECK-SAME: Free the buffers allocated by the lowered code
// CHECK-NEXT: --fuse-elementwise
// CHECK-SAME: Fuse elementwise linalg ops
