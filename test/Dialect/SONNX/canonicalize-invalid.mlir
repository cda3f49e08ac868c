// Never fold an op that breaks a rule. Each op below looks valid until
// canonicalization folds its shape/axes operand into a constant (or refines
// the type of its input); it then breaks a rule. No fold, identity removal,
// merge or constant fold touches it: it stays, and the verifier reports it
// after the pass. Each case would be silently "simplified" by a fold that
// did not check the rules first.
// RUN: sonnx-opt %s -canonicalize -split-input-file -verify-diagnostics

// allowzero = 1 makes the 0 a size 0: not an identity (the types are equal)
// but an element count mismatch.
func.func @"reshape.count"(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %c0, %c3 : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op input shape [2, 3] has 6 elements but shape [0, 3] resolves to [0, 3] with 0 elements [reshape.count]}}
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A constant input is not folded through an invalid reshape.
func.func @"reshape.count"() -> tensor<?xi32> {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %c4 = arith.constant 4 : i64
  %s = tensor.from_elements %c4 : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op input shape [6] has 6 elements but shape [4] resolves to [4] with 4 elements [reshape.count]}}
  %0 = sonnx.reshape %c, %s : (tensor<6xi32>, tensor<1xi64>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @"reshape.S.below"(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %cm = arith.constant -2 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %cm, %c3 : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape value -2 (shape[0]) is below -1 [reshape.S.below]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @"reshape.S.minus1"(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %cm = arith.constant -1 : i64
  %s = tensor.from_elements %cm, %cm : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape [-1, -1] holds -1 more than once (shape[0] and shape[1]) [reshape.S.minus1]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A chain that would compose: the second reshape copies a size its input
// does not have.
func.func @"reshape.S.zero-index"(%x: tensor<2x3xf32>) -> tensor<?x?x?xf32> {
  %s6 = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s6 : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %s = tensor.from_elements %c1, %c1, %c0 : tensor<3xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape[2] = 0 copies input dimension 2, but the input has rank 1 (allowzero = 0) [reshape.S.zero-index]}}
  %1 = sonnx.reshape %0, %s : (tensor<6xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

func.func @"reshape.allowzero.minus1"(%x: tensor<0x3xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : i64
  %cm = arith.constant -1 : i64
  %s = tensor.from_elements %c0, %cm : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape [0, -1] holds both 0 (shape[0]) and -1 (shape[1]) with allowzero = 1 [reshape.allowzero.minus1]}}
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// An unsqueeze of a constant with duplicate axes is not constant-folded.
func.func @"unsqueeze.A.C2"() -> tensor<?x?x?xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c0 = arith.constant 0 : i64
  %cm = arith.constant -3 : i64
  %a = tensor.from_elements %c0, %cm : tensor<2xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op axis 0 is designated twice (axes[0] = 0 and axes[1] = -3) [unsqueeze.A.C2]}}
  %0 = sonnx.unsqueeze %c, %a : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// Two unsqueezes that would merge: the second axis is out of range.
func.func @"unsqueeze.A.C1"(%x: tensor<2xf32>) -> tensor<?x?x?xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
  %c5 = arith.constant 5 : i64
  %b = tensor.from_elements %c5 : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op axis 5 (axes[0]) is out of range [-3, 2] for a result of rank 3 [unsqueeze.A.C1]}}
  %1 = sonnx.unsqueeze %0, %b : (tensor<1x2xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// The input type gets refined to [2, 3]: the declared result breaks the rule.
func.func @"unsqueeze.Y.C1"(%x: tensor<6xf32>) -> tensor<1x3x2xf32> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %c2, %c3 : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op result has shape [1, 3, 2] but the inferred shape is [1, 2, 3] (dimension 1: 3 vs 2) [unsqueeze.Y.C1]}}
  %1 = sonnx.unsqueeze %0, %a : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<1x3x2xf32>
  return %1 : tensor<1x3x2xf32>
}

// -----

func.func @"flatten.Y.C1"(%x: tensor<6xf32>) -> tensor<3x2xf32> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %c2, %c3 : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // expected-error @+1 {{'sonnx.flatten' op result has shape [3, 2] but the inferred shape is [2, 3] (dimension 0: 3 vs 2) [flatten.Y.C1]}}
  %1 = sonnx.flatten %0 {axis = 1 : i64} : (tensor<?x?xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// Looks like an identity (same types), but [4, 3] does not broadcast with
// [2, 3].
func.func @"expand.E1"(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c4 = arith.constant 4 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %c4, %c3 : tensor<2xi64>
  // expected-error @+1 {{'sonnx.expand' op shape of shape [4, 3] has size 4 where input of shape [2, 3] has size 2 (dimension 0 of the rank-2 broadcast); sizes must be equal or 1 [expand.E1]}}
  %0 = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Two expands that would merge: the intermediate is refined to [?, 4],
// which does not broadcast with [3, 5].
func.func @"expand.E1"(%x: tensor<?x1xf32>) -> tensor<3x5xf32> {
  %s1 = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s1 : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %s2 = arith.constant dense<[3, 5]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.expand' op shape of shape [3, 5] has size 5 where input of shape [?, 4] has size 4 (dimension 1 of the rank-2 broadcast); sizes must be equal or 1 [expand.E1]}}
  %1 = sonnx.expand %0, %s2 : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// -----

func.func @"expand.S.negative"() -> tensor<?x?xf32> {
  %c = arith.constant dense<1.0> : tensor<1xf32>
  %cm = arith.constant -2 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %cm, %c3 : tensor<2xi64>
  // expected-error @+1 {{'sonnx.expand' op shape value -2 (shape[0]) is negative [expand.S.negative]}}
  %0 = sonnx.expand %c, %s : (tensor<1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The broadcast is not reduced (result #0 has its input's shape [2, 3] once
// refined, and result #1 is unused) since [2, 3] and [4, 3] do not
// broadcast.
func.func @"broadcast.E1"(%x: tensor<6xf32>, %y: tensor<4x3xf32>) -> tensor<?x3xf32> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %s = tensor.from_elements %c2, %c3 : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // expected-error @+1 {{'sonnx.broadcast' op input #1 of shape [4, 3] has size 4 where input #0 of shape [2, 3] has size 2 (dimension 0 of the rank-2 broadcast); sizes must be equal or 1 [broadcast.E1]}}
  %1:2 = sonnx.broadcast %0, %y : (tensor<?x?xf32>, tensor<4x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>)
  return %1#0 : tensor<?x3xf32>
}

// -----

// The merge flatten(unsqueeze(X)) -> flatten(X) checks both ops with their
// verifiers' rule sequence: once the cast is absorbed, the declared size 6
// cannot be a product of [?, 1, 4], so the flatten is not merged (it would
// become the equally invalid flatten of [?, 4]) and is reported as it is.
func.func @"flatten.Y.C1"(%x: tensor<?x4xf32>) -> tensor<1x6xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %c = tensor.cast %x : tensor<?x4xf32> to tensor<?x?xf32>
  %u = sonnx.unsqueeze %c, %a : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?x1x?xf32>
  // expected-error @+1 {{'sonnx.flatten' op result size 6 at dimension 1 cannot be the product of the input sizes [?, 1, 4] [flatten.Y.C1]}}
  %f = sonnx.flatten %u {axis = 0 : i64} : (tensor<?x1x?xf32>) -> tensor<1x6xf32>
  return %f : tensor<1x6xf32>
}
