// IR in, C out: a sonnx function made an entry function and lowered by
// --sonnx-to-emitc, printed by sonnx-translate --mlir-to-c as the C output
// prints the function (before sonnx-compile adds its names, comments and
// contracts). The reshape is a view: the copy of the constant into the
// output is the only loop nest; its bounds and steps are literals
// (--sonnx-emitc-literal-constants, the last pass of --sonnx-to-emitc).
// (The entry function is private until sonnx-compile publishes it, so it
// prints static: nothing here calls it, which clang reports as an unused
// function, gcc with -fsyntax-only does not.)
//
// RUN: sonnx-opt %s --sonnx-make-entry-function=function=model_run --sonnx-to-emitc | sonnx-translate --mlir-to-c | FileCheck %s
// RUN: sonnx-opt %s --sonnx-make-entry-function=function=model_run --sonnx-to-emitc | sonnx-translate --mlir-to-c -o %t.c
// RUN: %cc -std=c99 -Wall -Werror -Wno-unused-function -fsyntax-only -include stddef.h -include stdint.h %t.c

// CHECK:      static const int16_t __constant_3x2xi16[6] = {1, 2, 3, 4, 5, 6};
// CHECK-NEXT: static int32_t model_run(int16_t a0[6], int16_t a1[6]) {
// CHECK-NEXT:   for (size_t i0 = 0U; i0 < 3U; i0 += 1U) {
// CHECK-NEXT:     for (size_t i1 = 0U; i1 < 2U; i1 += 1U) {
// CHECK-NEXT:       size_t v1 = i0 * 2U + i1;
// CHECK-NEXT:       int16_t v2 = __constant_3x2xi16[v1];
// CHECK-NEXT:       a1[v1] = v2;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return 0;
// CHECK-NEXT: }
func.func @model_run(%x: tensor<2x3xi16>) -> tensor<3x2xi16> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xi16>, tensor<2xi64>) -> tensor<3x2xi16>
  %c = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  return %c : tensor<3x2xi16>
}
