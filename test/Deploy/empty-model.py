# A model whose tensors all have no elements (a Flatten of a 1x0x3 input):
# the compute function then takes no parameter, and its definition says
# `(void)`, not `()`, which declares no prototype (clang-22's
# -Wstrict-prototypes; MISRA C:2012 rule 8.2). The source and the harness
# build with both compilers under -std=c99 -pedantic -Werror
# -Wstrict-prototypes, and the harness runs.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-compile %t/empty.onnx --emit=c --name m -o %t/m.c --header %t/m.h --harness %t/harness.c
# RUN: FileCheck %s < %t/m.c
# RUN: %cc -std=c99 -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -I %t %t/harness.c %t/m.c -o %t/gcc
# RUN: %t/gcc
# RUN: clang-22 -std=c99 -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -I %t %t/harness.c %t/m.c -o %t/clang
# RUN: %t/clang
#
# CHECK: static int32_t m_compute(void) {
# CHECK-NEXT: return 0;
# CHECK: int32_t m_run(const uint32_t *x, uint32_t *y) {
# CHECK-NEXT: (void)x;
# CHECK-NEXT: (void)y;
# CHECK-NEXT: return m_compute();

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "Target", "ONNX", "Inputs"))
from lit_models import *  # noqa: E402,F403

save("empty", model1(node("Flatten", ["x"], ["y"], name="f", axis=1),
                     [value_info("x", "float", [1, 0, 3])],
                     [value_info("y", "float", [1, 0])], 13))
