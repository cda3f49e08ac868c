// RUN: sonnx-opt %s --sonnx-prefix-c-globals=prefix=m -split-input-file | FileCheck %s
// RUN: not sonnx-opt %s --sonnx-prefix-c-globals -split-input-file 2>&1 | FileCheck %s --check-prefix=NOPREFIX

// The globals of sonnx-compile's C output take its prefix: the lowering's
// names (`__sonnx_buffer`, `__constant_2xi64`) are identifiers that C
// reserves. Every global takes it; the leading underscores go; a name the
// module holds already takes a suffix _2, _3, ...; the uses follow.
// CHECK-LABEL: module {
// CHECK-NEXT: emitc.global static @m_sonnx_buffer_2 : !emitc.array<4xi32>
// CHECK-NEXT: emitc.global static const @m_constant_2xi16 : !emitc.array<2xi16> = dense<[1, 2]>
// CHECK-NEXT: emitc.global static @m_m_sonnx_buffer : !emitc.array<2xi32>
// CHECK-NEXT: emitc.global static @m_sonnx_buffer : !emitc.array<2xi32>
// CHECK: get_global @m_sonnx_buffer_2 : !emitc.array<4xi32>
// CHECK-NEXT: get_global @m_constant_2xi16 : !emitc.array<2xi16>
// CHECK-NEXT: get_global @m_sonnx_buffer : !emitc.array<2xi32>
// CHECK-NOT: @__
module {
  emitc.global static @__sonnx_buffer : !emitc.array<4xi32>
  emitc.global static const @__constant_2xi16 : !emitc.array<2xi16> = dense<[1, 2]>
  emitc.global static @m_sonnx_buffer : !emitc.array<2xi32>
  emitc.global static @sonnx_buffer : !emitc.array<2xi32>
  emitc.func @m_run() -> i32 {
    %a = emitc.get_global @__sonnx_buffer : !emitc.array<4xi32>
    %b = emitc.get_global @__constant_2xi16 : !emitc.array<2xi16>
    %c = emitc.get_global @sonnx_buffer : !emitc.array<2xi32>
    %0 = emitc.literal "0" : i32
    emitc.return %0 : i32
  }
}

// -----

// NOPREFIX: error: --sonnx-prefix-c-globals needs the prefix of the C names (prefix)
module {
  emitc.global static @__sonnx_buffer : !emitc.array<4xi32>
}
