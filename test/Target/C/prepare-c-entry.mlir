// IR in, C out: the entry function of sonnx-compile's C output, lowered to
// EmitC with the header's parameters (sonnx.c_parameters), prepared by
// --sonnx-prepare-c-entry and printed by sonnx-translate --mlir-to-c as
// the C output prints its compute function: internal, named m_compute,
// each parameter the header's pointer under the header's identifier
// (sonnx.c_name; `y`, which the global `y` takes, becomes `y_2` as the
// annotations of the C output name it), the unused input `e` gone; then
// m_run, the header's prototype (the header's identifiers), which voids
// `e` and calls m_compute. The C compiles (C99, -Werror,
// -Wunused-parameter; the global `y` is there for its name only, so
// clang's -Wunused-variable is off).
//
// RUN: sonnx-opt %s --sonnx-prepare-c-entry=prefix=m | sonnx-translate --mlir-to-c | FileCheck %s
// RUN: sonnx-opt %s --sonnx-prepare-c-entry="prefix=m restrict=true" | sonnx-translate --mlir-to-c | FileCheck %s --check-prefix=RESTRICT
// RUN: sonnx-opt %s --sonnx-prepare-c-entry=prefix=m | sonnx-translate --mlir-to-c -o %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unused-function -Wno-unused-variable -fsyntax-only -include stddef.h -include stdint.h %t.c
// Without the pass, the entry function prints as lowered: m_run, arrays
// named aK, the unused one kept.
// RUN: sonnx-translate --mlir-to-c %s | FileCheck %s --check-prefix=UNPREPARED

// CHECK:      static int16_t y[1];
// CHECK-NEXT: static int32_t m_compute(const int16_t * x, int16_t * y_2) {
// CHECK-NEXT:   int16_t v1 = x[1];
// CHECK-NEXT:   y_2[0] = v1;
// CHECK-NEXT:   return 0;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: int32_t m_run(const int16_t *x, const int16_t *e, int16_t *y) {
// CHECK-NEXT:   (void)e;
// CHECK-NEXT:   return m_compute(x, y);
// CHECK-NEXT: }
// RESTRICT:   static int32_t m_compute(const int16_t *restrict x, int16_t *restrict y_2) {
// UNPREPARED: int32_t m_run(int16_t a0[2], int16_t a1[0], int16_t a2[1]) {
module {
  emitc.global static @y : !emitc.array<1xi16>
  emitc.func @m_run(%x: !emitc.array<2xi16>, %e: !emitc.array<0xi16>, %y: !emitc.array<1xi16>) -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi16>}, {identifier = "e", name = "e", output = false, type = tensor<0xi16>}, {identifier = "y", name = "y", output = true, type = tensor<1xi16>}]} {
    %zero = emitc.literal "0" : !emitc.size_t
    %one = emitc.literal "1" : !emitc.size_t
    %ok = emitc.literal "0" : i32
    %src = emitc.subscript %x[%one] : (!emitc.array<2xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
    %v = emitc.expression %src : (!emitc.lvalue<i16>) -> i16 {
      %l = emitc.load %src : <i16>
      emitc.yield %l : i16
    }
    %dst = emitc.subscript %y[%zero] : (!emitc.array<1xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
    emitc.assign %v : i16 to %dst : <i16>
    emitc.return %ok : i32
  }
}
