// The parameters of sonnx-compile's C output are the header's pointers
// (`const T *x` for an input, `T *y` for an output, `restrict` with
// --c-restrict): the emitc.func keeps its array parameters, which
// emitc.subscript indexes, and sonnx.c_pointer ("const" or "") and
// sonnx.c_restrict make the printer write them as pointers
// (CTranslation.h). The module is verifiable EmitC: it parses and prints
// back (no `!emitc.opaque` naming a pointer, which does not verify), and the
// C compiles (C99, -Werror).
//
// RUN: sonnx-translate --mlir-to-c %s | FileCheck %s
// RUN: sonnx-translate --mlir-to-c %s -o %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -Wno-unused-function -fsyntax-only -include stddef.h -include stdint.h %t.c
// RUN: sonnx-opt %s | sonnx-opt | sonnx-translate --mlir-to-c | FileCheck %s
// RUN: sed -e 's/sonnx.c_pointer = "", sonnx.c_restrict/sonnx.c_pointer = ""/' -e 's/sonnx.c_pointer = "const", sonnx.c_restrict/sonnx.c_pointer = "const"/' %s | sonnx-translate --mlir-to-c | FileCheck %s --check-prefix=PLAIN

// CHECK:      static int32_t m_compute(const int16_t *restrict x, int16_t *restrict y) {
// CHECK-NEXT:   int16_t v1 = x[1];
// CHECK-NEXT:   y[0] = v1;
// CHECK-NEXT:   return 0;
// CHECK-NEXT: }
// PLAIN:      static int32_t m_compute(const int16_t * x, int16_t * y) {
module {
  emitc.func private @m_compute(%x: !emitc.array<2xi16> {sonnx.c_name = "x", sonnx.c_pointer = "const", sonnx.c_restrict}, %y: !emitc.array<1xi16> {sonnx.c_name = "y", sonnx.c_pointer = "", sonnx.c_restrict}) -> i32 attributes {specifiers = ["static"]} {
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
