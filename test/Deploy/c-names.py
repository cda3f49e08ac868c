# The names of the C output (docs/deployment.md, "C output"): the compute
# function's parameters are the header's identifiers, its loop variables
# i0, i1, ... by nesting depth, its other values v1, v2, ...; the ACSL
# contracts and loop annotations are written with these names before the
# code is printed (nothing reads the printed C back). A name that another
# would hide takes a suffix: here the graph's input is named i0 and its
# outputs v1 and size_t (a type the code uses), so the loop variables
# become i0_2, i1, the values v2, v3, ... and the parameter size_t_2.
# The source builds warning-free with both compilers, and WP proves every
# goal with these names.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-compile %t/names.onnx --emit=c --name m -o %t/m.c --header %t/m.h
# RUN: FileCheck %s < %t/m.c
# RUN: %cc -std=c99 -Wall -Wextra -pedantic -Werror -Wshadow -c -I %t %t/m.c -o %t/m-gcc.o
# RUN: clang-22 -std=c99 -Wall -Wextra -pedantic -Werror -Wshadow -c -I %t %t/m.c -o %t/m-clang.o
# RUN: why3 config detect -C %t/why3.conf > /dev/null 2>&1
# RUN: cd %t && env WHY3CONFIG=%t/why3.conf %frama_c_wp m.c > wp.txt 2>&1
# RUN: FileCheck %s --check-prefix=WP < %t/wp.txt
#
# CHECK: /*@ requires \valid_read(i0 + (0 .. 5));
# CHECK-NEXT: requires \valid(v1 + (0 .. 5));
# CHECK-NEXT: requires \valid(size_t_2 + (0 .. 5));
# CHECK: ensures \forall integer k; 0 <= k < 6 ==> size_t_2[k] == i0[
# CHECK-NEXT: static int32_t m_compute(const uint32_t * i0, uint32_t * v1, uint32_t * size_t_2) {
# CHECK: /*@ loop invariant 0 <= i0_2 <= M_v1_D0;
# CHECK-NEXT: loop invariant \forall integer k; 0 <= k < i0_2 * 3 ==> v1[k] == i0[
# CHECK-NEXT: loop assigns i0_2, v1[0 .. 5];
# CHECK-NEXT: loop variant M_v1_D0 - i0_2; */
# CHECK-NEXT: for (size_t i0_2 = 0U; i0_2 < M_v1_D0; i0_2 += 1U) {
# CHECK: for (size_t i1 = 0U; i1 < M_v1_D1; i1 += 1U) {
# CHECK-NEXT: size_t [[V:v[2-9]]] = i0_2 * 3U + i1;
# CHECK-NEXT: uint32_t [[E:v[2-9]]] = i0[[[V]]];
# CHECK-NEXT: v1[[[V]]] = [[E]];
# The same contract in m_run, whose parameter is size_t.
# CHECK: ensures \forall integer k; 0 <= k < 6 ==> size_t[k] == i0[
# CHECK: int32_t m_run(const uint32_t *i0, uint32_t *v1, uint32_t *size_t) {
# CHECK-NEXT: return m_compute(i0, v1, size_t);
#
# WP: [wp] Proved goals: [[G:[0-9]+]] / [[G]]

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "Target", "ONNX", "Inputs"))
from lit_models import *  # noqa: E402,F403

save("names", make_model([node("Flatten", ["i0"], ["v1"], name="f", axis=1),
                      node("Flatten", ["i0"], ["size_t"], name="g", axis=0)],
                     [value_info("i0", "float", [2, 3])],
                     [value_info("v1", "float", [2, 3]),
                      value_info("size_t", "float", [1, 6])], 13))
