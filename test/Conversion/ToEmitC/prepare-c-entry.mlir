// RUN: sonnx-opt %s --sonnx-prepare-c-entry=prefix=m -split-input-file | FileCheck %s
// RUN: sonnx-opt %s --sonnx-prepare-c-entry="prefix=m restrict=true" -split-input-file | FileCheck %s --check-prefix=RESTRICT
// RUN: not sonnx-opt %s --sonnx-prepare-c-entry -split-input-file 2>&1 | FileCheck %s --check-prefix=NOPREFIX

// The entry function of sonnx-compile's C output becomes the internal
// m_compute: each argument it uses is named by the header's identifier and
// becomes the header's pointer (const for an input; restrict with
// restrict=true), the argument it does not use (the empty input `e`) is
// removed, and the header's parameters stay on the function. After it,
// m_run as the header declares it, a verbatim that voids `e` and passes
// the others on.
// CHECK-LABEL: emitc.func @m_compute(
// CHECK-SAME: %{{.*}}: !emitc.array<2xi16> {sonnx.c_name = "x", sonnx.c_pointer = "const"},
// CHECK-SAME: %{{.*}}: !emitc.array<1xi16> {sonnx.c_name = "y_2", sonnx.c_pointer = ""}) -> i32
// CHECK-SAME: attributes {sonnx.c_parameters = [{identifier = "x",
// CHECK-SAME: specifiers = ["static"]}
// CHECK: return %{{.*}} : i32
// CHECK-NEXT: }
// CHECK-NEXT: emitc.verbatim "int32_t m_run(const int16_t *x, const uint32_t *e, int16_t *y_2) {\0A  (void)e;\0A  return m_compute(x, y_2);\0A}\0A"
// CHECK-NOT: @m_run
// RESTRICT: %{{.*}}: !emitc.array<2xi16> {sonnx.c_name = "x", sonnx.c_pointer = "const", sonnx.c_restrict},
// RESTRICT-SAME: %{{.*}}: !emitc.array<1xi16> {sonnx.c_name = "y_2", sonnx.c_pointer = "", sonnx.c_restrict}) -> i32
// NOPREFIX: error: --sonnx-prepare-c-entry needs the prefix of the C names (prefix)
module {
  emitc.func @m_run(%x: !emitc.array<2xi16>, %e: !emitc.array<0xf32>, %y: !emitc.array<1xi16>) -> i32 attributes {sonnx.c_parameters = [{identifier = "x", name = "x", output = false, type = tensor<2xi16>}, {identifier = "e", name = "e", output = false, type = tensor<0xf32>}, {identifier = "y_2", name = "y.2", output = true, type = tensor<1xi16>}]} {
    %zero = emitc.literal "0" : !emitc.size_t
    %one = emitc.literal "1" : !emitc.size_t
    %ok = emitc.literal "0" : i32
    %src = emitc.subscript %x[%one] : (!emitc.array<2xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
    %v = emitc.load %src : <i16>
    %dst = emitc.subscript %y[%zero] : (!emitc.array<1xi16>, !emitc.size_t) -> !emitc.lvalue<i16>
    emitc.assign %v : i16 to %dst : <i16>
    emitc.return %ok : i32
  }
}
