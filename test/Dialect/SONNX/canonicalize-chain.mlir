// The chains of bench/gen_chain.py (the scaling benchmark of
// bench/canonicalize_scaling.sh) collapse as expected under -canonicalize.
// RUN: %python %sonnx_src_root/bench/gen_chain.py 301 --kind static | sonnx-opt -canonicalize | FileCheck %s --check-prefix=STATIC
// RUN: %python %sonnx_src_root/bench/gen_chain.py 300 --kind static | sonnx-opt -canonicalize | FileCheck %s --check-prefix=IDENTITY
// RUN: %python %sonnx_src_root/bench/gen_chain.py 302 --kind refine | sonnx-opt -canonicalize | FileCheck %s --check-prefix=REFINE
// RUN: %python %sonnx_src_root/bench/gen_chain.py 300 --kind dynamic | sonnx-opt -canonicalize | FileCheck %s --check-prefix=DYNAMIC
// RUN: %python %sonnx_src_root/bench/gen_chain.py 301 --kind expand | sonnx-opt -canonicalize | FileCheck %s --check-prefix=EXPAND
// RUN: %python %sonnx_src_root/bench/gen_chain.py 300 --kind broadcast | sonnx-opt -canonicalize | FileCheck %s --check-prefix=BROADCAST

// 301 = 3 * 100 + 1: the identity cycles go, one unsqueeze stays.
// STATIC: %[[U:.*]] = sonnx.unsqueeze %arg0, %{{.*}} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1x2x3x4xf32>
// STATIC-NOT: sonnx.
// STATIC: tensor.cast %[[U]]

// IDENTITY-NOT: sonnx.
// IDENTITY: tensor.cast %arg0 : tensor<2x3x4xf32> to tensor<*xf32>

// 302 = 3 * 100 + 2: unsqueeze then flatten, declared fully dynamic.
// REFINE: %[[C:.*]] = arith.constant dense<[2, 12]> : tensor<2xi64>
// REFINE: %[[R:.*]] = sonnx.reshape %arg0, %[[C]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x12xf32>
// REFINE-NOT: sonnx.
// REFINE: tensor.cast %[[R]] : tensor<2x12xf32> to tensor<*xf32>

// Each flatten(unsqueeze) merges; each reshape stays.
// DYNAMIC-COUNT-100: sonnx.flatten
// DYNAMIC-NOT: sonnx.unsqueeze

// EXPAND: sonnx.expand %arg0, %{{.*}} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// EXPAND-NOT: sonnx.

// BROADCAST: sonnx.expand %arg0, %{{.*}} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// BROADCAST-NOT: sonnx.
