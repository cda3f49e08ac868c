// Every compile-time rule of sonnx.expand, each case named after the
// constraint ID it breaks.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"expand.S.rank"(%x: tensor<3x1xf32>, %s: tensor<2x1xi64>) {
  // expected-error @+1 {{'sonnx.expand' op shape must be a 1-D tensor of i64, got 'tensor<2x1xi64>' [expand.S.rank]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2x1xi64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @"expand.S.rank"(%x: tensor<3x1xf32>, %s: tensor<2xui64>) {
  // expected-error @+1 {{shape must be a 1-D tensor of i64, got 'tensor<2xui64>' [expand.S.rank]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xui64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @"expand.S.negative"(%x: tensor<3x1xf32>) {
  %s = arith.constant dense<[3, -1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.expand' op shape value -1 (shape[1]) is negative [expand.S.negative]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @"expand.E1"(%x: tensor<3x1xf32>) {
  %s = arith.constant dense<[2, 4]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.expand' op shape of shape [2, 4] has size 2 where input of shape [3, 1] has size 3 (dimension 0 of the rank-2 broadcast); sizes must be equal or 1 [expand.E1]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}

// -----

// A size 0 in the input broadcasts with 0 or 1 only.
func.func @"expand.E1"(%x: tensor<0xf32>) {
  %s = arith.constant dense<[2, 5]> : tensor<2xi64>
  // expected-error @+1 {{shape of shape [2, 5] has size 5 where input of shape [0] has size 0 (dimension 1 of the rank-2 broadcast); sizes must be equal or 1 [expand.E1]}}
  %0 = sonnx.expand %x, %s : (tensor<0xf32>, tensor<2xi64>) -> tensor<2x0xf32>
  return
}

// -----

func.func @"expand.Y.shape"(%x: tensor<3x1xf32>) {
  %s = arith.constant dense<[2, 1, 6]> : tensor<3xi64>
  // expected-error @+1 {{'sonnx.expand' op result has shape [2, 1, 6] but the inferred shape is [2, 3, 6] (dimension 1: 1 vs 3) [expand.Y.shape]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x1x6xf32>
  return
}

// -----

// With run-time shape values, a size of the input other than 1 is kept.
func.func @"expand.Y.shape"(%x: tensor<3x1xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result has shape [5, 7] but the inferred shape is [3, ?] (dimension 0: 5 vs 3) [expand.Y.shape]}}
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<5x7xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3xf32>) {
  %s = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  // expected-error @+1 {{'sonnx.expand' op axes_mapping [0, 1] has 2 entries but the input has rank 1 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 0, 1>} : (tensor<3xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3x4xf32>) {
  %s = arith.constant dense<[3, 4, 5]> : tensor<3xi64>
  // expected-error @+1 {{axes_mapping [1, 0] is not strictly increasing at index 1 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 1, 0>} : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3x4xf32>) {
  %s = arith.constant dense<[3, 4, 5]> : tensor<3xi64>
  // expected-error @+1 {{axes_mapping [1, 1] is not strictly increasing at index 1 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3xf32>) {
  %s = arith.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error @+1 {{axes_mapping[0] = 2 is out of range [0, 2) for a result of rank 2 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 2>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3xf32>) {
  %s = arith.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error @+1 {{axes_mapping[0] = -1 is out of range [0, 2) for a result of rank 2 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: -1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @"expand.axes_mapping"(%x: tensor<3xf32>) {
  %s = arith.constant dense<[2, 4, 5]> : tensor<3xi64>
  // expected-error @+1 {{input dimension 0 of size 3 maps to result dimension 1 of size 4; an input size must be 1 or the size it maps to [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
  return
}

// -----

// With axes_mapping the result has exactly the given shape: a 1 is a 1.
func.func @"expand.Y.shape"(%x: tensor<3xf32>) {
  %s = arith.constant dense<[2, 3, 1]> : tensor<3xi64>
  // expected-error @+1 {{result has shape [2, 3, 3] but the inferred shape is [2, 3, 1] (dimension 2: 3 vs 1) [expand.Y.shape]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<3xi64>) -> tensor<2x3x3xf32>
  return
}

// -----

// A shape of dynamic length cannot make the result rank smaller.
func.func @"expand.Y.shape"(%x: tensor<2x3xf32>, %s: tensor<?xi64>) {
  // expected-error @+1 {{result has rank 1, below the input rank 2 [expand.Y.shape]}}
  %0 = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?xf32>
  return
}

// -----

// A result rank above the input rank fixes the length of a dynamic-length
// shape, and the input sizes other than 1 stay.
func.func @"expand.Y.shape"(%x: tensor<2x3xf32>, %s: tensor<?xi64>) {
  // expected-error @+1 {{result has shape [4, 2, 5] but the inferred shape is [?, 2, 3] (dimension 2: 5 vs 3) [expand.Y.shape]}}
  %0 = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<4x2x5xf32>
  return
}

// -----

// With axes_mapping the result rank is the length of the shape.
func.func @"expand.axes_mapping"(%x: tensor<3xf32>, %s: tensor<?xi64>) {
  // expected-error @+1 {{axes_mapping[0] = 2 is out of range [0, 2) for a result of rank 2 [expand.axes_mapping]}}
  %0 = sonnx.expand %x, %s {axes_mapping = array<i64: 2>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @"expand.type"(%x: tensor<3xi8>) {
  %s = arith.constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.expand' op result element type 'ui8' differs from input element type 'i8' [expand.type]}}
  %0 = sonnx.expand %x, %s : (tensor<3xi8>, tensor<1xi64>) -> tensor<3xui8>
  return
}
