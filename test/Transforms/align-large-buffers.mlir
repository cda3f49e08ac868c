// RUN: sonnx-opt %s --sonnx-align-large-buffers | FileCheck %s
// RUN: sonnx-opt %s --sonnx-align-large-buffers="threshold=64" | FileCheck %s --check-prefix=T64
// RUN: not sonnx-opt %s --sonnx-align-large-buffers="huge-page-bytes=3000" 2>&1 | FileCheck %s --check-prefix=BAD

// Buffers of at least 4 MiB (the default threshold) get a 2 MiB alignment;
// smaller ones keep theirs; a larger alignment is kept; a dynamic byte size
// is compared with the threshold at run time.
// BAD: huge-page-bytes must be a power of 2 up to 2^40, got 3000

// CHECK-LABEL: func.func @static
// CHECK: memref.alloc() {alignment = 2097152 : i64} : memref<1048576xf32>
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<1048575xf32>
// CHECK: memref.alloc() {alignment = 8388608 : i64} : memref<1048576xf32>
// CHECK: memref.alloc() : memref<0x1048576xf32>
// T64-LABEL: func.func @static
// T64: memref.alloc() {alignment = 2097152 : i64} : memref<1048576xf32>
// T64: memref.alloc() {alignment = 2097152 : i64} : memref<1048575xf32>
// T64: memref.alloc() {alignment = 8388608 : i64} : memref<1048576xf32>
func.func @static() -> (memref<1048576xf32>, memref<1048575xf32>, memref<1048576xf32>, memref<0x1048576xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<1048576xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1048575xf32>
  %c = memref.alloc() {alignment = 8388608 : i64} : memref<1048576xf32>
  %d = memref.alloc() : memref<0x1048576xf32>
  return %a, %b, %c, %d : memref<1048576xf32>, memref<1048575xf32>, memref<1048576xf32>, memref<0x1048576xf32>
}

// No bytes: a static 0 after sizes whose product overflows, or beside a
// run-time size (SizeProduct.h).
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: memref.alloc() : memref<11x3632593533599455879x0xf32>
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?x0xf32>
// CHECK-NEXT: return
func.func @empty(%n: index) -> (memref<11x3632593533599455879x0xf32>, memref<?x0xf32>) {
  %a = memref.alloc() : memref<11x3632593533599455879x0xf32>
  %b = memref.alloc(%n) : memref<?x0xf32>
  return %a, %b : memref<11x3632593533599455879x0xf32>, memref<?x0xf32>
}

// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: %[[B:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: %[[T:.*]] = arith.constant 4194304 : index
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %[[B]], %[[T]] : index
// CHECK: %[[R:.*]] = scf.if %[[LARGE]] -> (memref<?xf16>) {
// CHECK-NEXT: %[[H:.*]] = memref.alloc(%[[N]]) {alignment = 2097152 : i64} : memref<?xf16>
// CHECK-NEXT: scf.yield %[[H]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[S:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf16>
// CHECK-NEXT: scf.yield %[[S]]
// CHECK-NEXT: }
// Large whatever the run-time size: decided here.
// CHECK-NOT: scf.if
// CHECK: memref.alloc(%[[M]]) {alignment = 2097152 : i64} : memref<?x1048576xf32>
// CHECK: memref.dealloc %[[R]]
func.func @dynamic(%n: index, %m: index) -> memref<?x1048576xf32> {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf16>
  %b = memref.alloc(%m) : memref<?x1048576xf32>
  memref.dealloc %a : memref<?xf16>
  return %b : memref<?x1048576xf32>
}

// A static byte size that overflows int64 counts as large (the size is
// refused later, by --sonnx-check-allocations or the C library).
// CHECK-LABEL: func.func @overflow
// CHECK-NEXT: memref.alloc() {alignment = 2097152 : i64} : memref<4611686018427387904x4xf32>
func.func @overflow() -> memref<4611686018427387904x4xf32> {
  %a = memref.alloc() : memref<4611686018427387904x4xf32>
  return %a : memref<4611686018427387904x4xf32>
}
