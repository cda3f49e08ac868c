// --sonnx-shape-inference leaves an op that breaks a rule as it is. When a
// refined input type makes a violation decidable, the verifier reports it
// after the pass (a run-time failure found at compile time).
// RUN: sonnx-opt %s -sonnx-shape-inference -split-input-file -verify-diagnostics

func.func @"flatten.Y.C1"(%x: tensor<6xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // expected-error @+1 {{'sonnx.flatten' op result has shape [3, 2] but the inferred shape is [2, 3] (dimension 0: 3 vs 2) [flatten.Y.C1]}}
  %1 = sonnx.flatten %0 {axis = 1 : i64} : (tensor<?x?xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// The broadcast is not refined (it breaks a rule); its user is unchanged.
func.func @"broadcast.E1"(%x: tensor<6xf32>, %y: tensor<4x3xf32>) -> tensor<?x3xf32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // expected-error @+1 {{'sonnx.broadcast' op input #1 of shape [4, 3] has size 4 where input #0 of shape [2, 3] has size 2 (dimension 0 of the rank-2 broadcast); sizes must be equal or 1 [broadcast.E1]}}
  %1:2 = sonnx.broadcast %0, %y : (tensor<?x?xf32>, tensor<4x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>)
  return %1#0 : tensor<?x3xf32>
}
