// Upstream mlir-opt with the plugin reports a broken rule with its
// constraint ID, as sonnx-opt does.
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin -split-input-file -verify-diagnostics
// RUN: not mlir-opt %s --load-dialect-plugin=%sonnx_plugin -split-input-file 2>&1 | FileCheck %s
// CHECK: error: 'sonnx.unsqueeze' op axis 1 is designated twice (axes[0] = 1 and axes[1] = 1) [unsqueeze.A.C2]
// CHECK: error: 'sonnx.reshape' op input shape [2, 3] has 6 elements but shape [5] resolves to [5] with 5 elements [reshape.count]

func.func @duplicate_axis(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[1, 1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op axis 1 is designated twice (axes[0] = 1 and axes[1] = 1) [unsqueeze.A.C2]}}
  %y = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x1x1x4xf32>
  return
}

// -----

func.func @count(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[5]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op input shape [2, 3] has 6 elements but shape [5] resolves to [5] with 5 elements [reshape.count]}}
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<5xf32>
  return
}
