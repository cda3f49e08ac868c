// Differential fuzzing of the folds and canonicalization patterns against
// numpy (utils/fuzz_folds.py): random chains of valid sonnx ops on i32 and
// !sonnx.string data, with constant data (the whole chain must fold to the
// numpy value) or argument data (the canonicalized chain, given the
// constant afterwards, must fold to the same value). A wrong composition,
// merge or constant fold shows up as a mismatch.
// RUN: %python %sonnx_src_root/utils/fuzz_folds.py sonnx-opt --seed 1 --cases 400 | FileCheck %s
// RUN: %python %sonnx_src_root/utils/fuzz_folds.py sonnx-opt --seed 5 --cases 400 | FileCheck %s
// CHECK: fold-fuzz: 400 cases ({{[0-9]+}} constant, {{[0-9]+}} argument), 0 mismatches
