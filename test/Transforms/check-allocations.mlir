// --sonnx-check-allocations: a static byte size beyond int64 is an error; a
// dynamic one is checked at run time, and so is the pointer malloc returns.
// RUN: sonnx-opt %s --sonnx-check-allocations -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @static_buffer
// CHECK: %[[A:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[NN:.*]] = arith.cmpi ne, %[[P]], %{{.*}} : index
// CHECK: cf.assert %[[NN]], "out of memory: allocation of a buffer of type memref<4x8xf32> failed"
func.func @static_buffer() -> memref<4x8xf32> {
  %a = memref.alloc() : memref<4x8xf32>
  return %a : memref<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_buffer
// CHECK: arith.divui
// CHECK: arith.cmpi ugt
// CHECK: cf.assert %{{.*}}, "the byte size of a buffer of type memref<?x8xi64> with its run-time sizes does not fit in int64"
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?x8xi64>
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: cf.assert %{{.*}}, "out of memory: allocation of a buffer of type memref<?x8xi64> failed"
func.func @dynamic_buffer(%n: index) -> memref<?x8xi64> {
  %a = memref.alloc(%n) : memref<?x8xi64>
  return %a : memref<?x8xi64>
}

// -----

// No bytes: nothing to check, even next to a huge size.
// CHECK-LABEL: func.func @empty_buffer
// CHECK-NEXT: memref.alloc() : memref<4611686018427387904x0xf32>
// CHECK-NEXT: return
func.func @empty_buffer() -> memref<4611686018427387904x0xf32> {
  %a = memref.alloc() : memref<4611686018427387904x0xf32>
  return %a : memref<4611686018427387904x0xf32>
}

// -----

// The 0 may come after sizes whose product overflows, or before them.
// CHECK-LABEL: func.func @empty_after_overflow
// CHECK-NEXT: memref.alloc() : memref<11x3632593533599455879x0xf32>
// CHECK-NEXT: memref.alloc() : memref<0x3632593533599455879x11xf32>
// CHECK-NEXT: return
func.func @empty_after_overflow() -> (memref<11x3632593533599455879x0xf32>, memref<0x3632593533599455879x11xf32>) {
  %a = memref.alloc() : memref<11x3632593533599455879x0xf32>
  %b = memref.alloc() : memref<0x3632593533599455879x11xf32>
  return %a, %b : memref<11x3632593533599455879x0xf32>, memref<0x3632593533599455879x11xf32>
}

// -----

// A 0 among dynamic sizes: no bytes either.
// CHECK-LABEL: func.func @empty_dynamic
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?x4611686018427387904x0xf32>
// CHECK-NEXT: return
func.func @empty_dynamic(%n: index) -> memref<?x4611686018427387904x0xf32> {
  %a = memref.alloc(%n) : memref<?x4611686018427387904x0xf32>
  return %a : memref<?x4611686018427387904x0xf32>
}

// -----

func.func @too_large() -> memref<4611686018427387904xf32> {
  // expected-error @+1 {{'memref.alloc' op allocates a buffer of type 'memref<4611686018427387904xf32>', whose byte size does not fit in int64}}
  %a = memref.alloc() : memref<4611686018427387904xf32>
  return %a : memref<4611686018427387904xf32>
}

// -----

// Elements of no bytes (i0): each counted as one byte, so the buffer is not
// one of no bytes (which malloc may return as a null pointer): its pointer
// is checked like any other.
// CHECK-LABEL: func.func @zero_byte_elements
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xi0>
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: cf.assert %{{.*}}, "out of memory: allocation of a buffer of type memref<4xi0> failed"
func.func @zero_byte_elements() -> memref<4xi0> {
  %a = memref.alloc() : memref<4xi0>
  return %a : memref<4xi0>
}
