// A result written into a function argument with
// bufferization.materialize_in_destination is computed in place: no
// allocation, no copy; the broadcast writes the caller's buffer with
// streaming stores when it is large (and ordinary ones otherwise). The
// broadcast generic keeps its rank through fusion (--sonnx-fuse-elementwise
// does not move the collapse of its unit dimension below it).
//
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s \
// RUN:   --implicit-check-not=malloc --implicit-check-not=memcpy \
// RUN:   --implicit-check-not=memrefCopy
// RUN: sonnx-opt %s --canonicalize --convert-sonnx-to-linalg --sonnx-fuse-elementwise \
// RUN: | FileCheck %s --check-prefix=FUSE

// CHECK-LABEL: llvm.func @expand_into
// CHECK: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xi32>, !llvm.ptr
// CHECK: llvm.fence seq_cst
// CHECK: llvm.store {{.*}} : vector<16xi32>, !llvm.ptr
// CHECK: llvm.return

// FUSE-LABEL: func.func @expand_into
// FUSE: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// FUSE: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<4096xf32>) outs(%{{.*}} : tensor<8192x4096xf32>)
// FUSE-NOT: tensor.collapse_shape
// FUSE: bufferization.materialize_in_destination
func.func @expand_into(%x: tensor<1x4096xf32>, %out: tensor<8192x4096xf32>)
    -> tensor<8192x4096xf32> {
  %s = arith.constant dense<[8192, 4096]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x4096xf32>, tensor<2xi64>) -> tensor<8192x4096xf32>
  %r = bufferization.materialize_in_destination %y in %out
      : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  return %r : tensor<8192x4096xf32>
}
