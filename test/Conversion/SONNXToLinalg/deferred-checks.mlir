// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// The lowering checks at run time exactly the rules that the verification of
// the op defers (OpVerification::deferredRules, SONNXVerification.h), and no
// other: a rule that the verification decides gets no cf.assert.

// Every rule decided at compile time: no check at all.
// CHECK-LABEL: func.func @all_decided
// CHECK-NOT: cf.assert
// CHECK: return
func.func @all_decided(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %s = arith.constant dense<[6, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// Run-time values of a shape no longer than the input rank, allowzero = 0:
// reshape.S.below, reshape.S.minus1 and reshape.count are deferred;
// reshape.S.zero-index (every 0 copies an existing input dimension),
// reshape.allowzero.minus1 and reshape.Y.shape (nothing declared) are
// decided.
// CHECK-LABEL: func.func @runtime_shape
// CHECK-NOT: reshape.S.zero-index
// CHECK-NOT: reshape.allowzero.minus1
// CHECK-NOT: reshape.Y.shape
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[0] is below -1 [reshape.S.below]"
// CHECK-NOT: reshape.S.zero-index
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[1] is below -1 [reshape.S.below]"
// CHECK-NOT: reshape.S.zero-index
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds -1 more than once [reshape.S.minus1]"
// CHECK-NOT: reshape.allowzero.minus1
// CHECK: cf.assert %{{.*}}, "{{.*}}[reshape.count]"
// CHECK-NOT: reshape.Y.shape
// CHECK: return
func.func @runtime_shape(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// allowzero = 1: reshape.allowzero.minus1 is deferred, reshape.S.zero-index
// does not apply.
// CHECK-LABEL: func.func @runtime_shape_allowzero
// CHECK-NOT: reshape.S.zero-index
// CHECK: cf.assert %{{.*}}, "{{.*}}shape[2] is below -1 [reshape.S.below]"
// CHECK-NOT: reshape.S.zero-index
// CHECK: cf.assert %{{.*}}, "{{.*}}[reshape.S.minus1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape holds both 0 and -1 with allowzero = 1 [reshape.allowzero.minus1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}[reshape.count]"
// CHECK-NOT: reshape.Y.shape
// CHECK: return
func.func @runtime_shape_allowzero(%x: tensor<2x3xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A shape longer than the input rank and a declared static size:
// reshape.S.zero-index (for shape[2] only) and reshape.Y.shape are deferred
// too.
// CHECK-LABEL: func.func @runtime_shape_declared
// CHECK-NOT: shape[0] = 0
// CHECK-NOT: shape[1] = 0
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op shape[2] = 0 copies input dimension 2, but the input has rank 2 (allowzero = 0) [reshape.S.zero-index]"
// CHECK: cf.assert %{{.*}}, "{{.*}}[reshape.S.minus1]"
// CHECK-NOT: reshape.allowzero.minus1
// CHECK: cf.assert %{{.*}}, "{{.*}}[reshape.count]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op result dimension 1 is declared 3 but is a different size at run time [reshape.Y.shape]"
// CHECK: return
func.func @runtime_shape_declared(%x: tensor<2x3xf32>, %s: tensor<3xi64>) -> tensor<?x3x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  return %y : tensor<?x3x?xf32>
}

// -----

// A constant shape and a dynamic input size: only reshape.count is deferred.
// CHECK-LABEL: func.func @dynamic_input
// CHECK-NOT: reshape.S.
// CHECK-NOT: reshape.allowzero.minus1
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.reshape' op the element count of the input overflows int64 [reshape.count]"
// CHECK-NOT: reshape.S.
// CHECK-NOT: reshape.Y.shape
// CHECK: return
func.func @dynamic_input(%x: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %s = arith.constant dense<[-1, 2, 2]> : tensor<3xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x2x2xf32>
  return %y : tensor<?x2x2xf32>
}

// -----

// Run-time axes: unsqueeze.A.C1 and unsqueeze.A.C2 are deferred,
// unsqueeze.Y.C1 is decided (the declared result promises nothing more).
// CHECK-LABEL: func.func @unsqueeze_runtime_axes
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[0] is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[1] is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]"
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.unsqueeze' op axes[0] and axes[1] designate the same axis [unsqueeze.A.C2]"
// CHECK-NOT: unsqueeze.Y.C1
// CHECK: return
func.func @unsqueeze_runtime_axes(%x: tensor<2x3xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// Static inputs: broadcast.E1 and broadcast.Z.shape are decided.
// CHECK-LABEL: func.func @broadcast_decided
// CHECK-NOT: cf.assert
// CHECK: return
func.func @broadcast_decided(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %y:2 = sonnx.broadcast %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %y#0, %y#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A dynamic input size against a static one: broadcast.E1 is deferred.
// CHECK-LABEL: func.func @broadcast_deferred
// CHECK: cf.assert %{{.*}}, "{{.*}}'sonnx.broadcast' op input #0 is neither 1 nor 3 in dimension 1 of the broadcast [broadcast.E1]"
// CHECK-NOT: broadcast.Z.shape
// CHECK: return
func.func @broadcast_deferred(%a: tensor<2x?xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %y:2 = sonnx.broadcast %a, %b : (tensor<2x?xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %y#0, %y#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// The input count of [?, 1]: the factor 1 adds no multiplication and no
// overflow check; the only 128-bit product is that of the shape values.
// CHECK-LABEL: func @count_times_one
// CHECK: arith.mulsi_extended
// CHECK-NOT: arith.mulsi_extended
// CHECK: return
func.func @count_times_one(%x: tensor<?x1xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = sonnx.reshape %x, %s : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
