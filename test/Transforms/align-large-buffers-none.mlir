// RUN: sonnx-opt %s --sonnx-align-large-buffers | FileCheck %s

// A module of small buffers only (below the 4 MiB threshold, or aligned
// less than a huge page): --sonnx-align-large-buffers changes nothing (and
// marks every analysis preserved).
// CHECK-LABEL: func.func @small
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
// CHECK-NEXT: return
func.func @small() -> (memref<16xf32>, memref<1024xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  return %a, %b : memref<16xf32>, memref<1024xf32>
}
