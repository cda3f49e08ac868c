// Every compile-time rule of sonnx.unsqueeze, each case named after the
// constraint ID it breaks.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"unsqueeze.A.rank"(%x: tensor<3x4xf32>, %a: tensor<1x1xi64>) {
  // expected-error @+1 {{'sonnx.unsqueeze' op axes must be a 1-D tensor of i64, got 'tensor<1x1xi64>' [unsqueeze.A.rank]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1x1xi64>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @"unsqueeze.A.rank"(%x: tensor<3x4xf32>, %a: tensor<i64>) {
  // expected-error @+1 {{axes must be a 1-D tensor of i64, got 'tensor<i64>' [unsqueeze.A.rank]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<i64>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @"unsqueeze.A.rank"(%x: tensor<3x4xf32>, %a: tensor<1xf32>) {
  // expected-error @+1 {{axes must be a 1-D tensor of i64, got 'tensor<1xf32>' [unsqueeze.A.rank]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xf32>) -> tensor<1x3x4xf32>
  return
}

// -----

func.func @"unsqueeze.A.C1"(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op axis 3 (axes[0]) is out of range [-3, 2] for a result of rank 3 [unsqueeze.A.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @"unsqueeze.A.C1"(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[0, -5]> : tensor<2xi64>
  // expected-error @+1 {{axis -5 (axes[1]) is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @"unsqueeze.A.C2"(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[1, 1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op axis 1 is designated twice (axes[0] = 1 and axes[1] = 1) [unsqueeze.A.C2]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x1x1x4xf32>
  return
}

// -----

// The same axis through a negative and a positive value.
func.func @"unsqueeze.A.C2"(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[3, -1]> : tensor<2xi64>
  // expected-error @+1 {{axis 3 is designated twice (axes[0] = 3 and axes[1] = -1) [unsqueeze.A.C2]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x4x1x1xf32>
  return
}

// -----

func.func @"unsqueeze.Y.C1"(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op result has shape [3, 1, 1, 4] but the inferred shape is [1, 3, 4, 1] (dimension 0: 3 vs 1) [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x1x1x4xf32>
  return
}

// -----

// With run-time axes the rank is still rank(data) + length(axes).
func.func @"unsqueeze.Y.C1"(%x: tensor<3x4xf32>, %a: tensor<2xi64>) {
  // expected-error @+1 {{result has rank 3 but the inferred shape [?, ?, ?, ?] has rank 4 [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4xf32>
  return
}

// -----

// With run-time axes, a static result must still be the input with 1s
// inserted.
func.func @"unsqueeze.Y.C1"(%x: tensor<3x4xf32>, %a: tensor<2xi64>) {
  // expected-error @+1 {{result of shape [1, 4, 3, 1] is not the input shape [3, 4] with 1s inserted [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x4x3x1xf32>
  return
}

// -----

func.func @"unsqueeze.Y.C1"(%x: tensor<2x3xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{result of shape [5, ?, ?] cannot have as many elements as the input of shape [2, 3] [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<5x?x?xf32>
  return
}

// -----

// Axes of dynamic length: the result rank is unknown but cannot be below the
// input rank.
func.func @"unsqueeze.Y.C1"(%x: tensor<2x3xf32>, %a: tensor<?xi64>) {
  // expected-error @+1 {{result has rank 1, below the input rank 2 [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @"unsqueeze.type"(%x: tensor<3x4xi32>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op result element type 'ui32' differs from input element type 'i32' [unsqueeze.type]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xi32>, tensor<1xi64>) -> tensor<1x3x4xui32>
  return
}

// -----

// Axes of length 0 have no values to know, constant or not: the result is
// the input itself, so a declared size 2 for the input's 3 is an error at
// compile time.
func.func @"unsqueeze.Y.C1"(%x: tensor<2x3xf32>, %e: tensor<0xi64>) {
  // expected-error @+1 {{'sonnx.unsqueeze' op result has shape [?, 2] but the inferred shape is [2, 3] (dimension 1: 2 vs 3) [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %e : (tensor<2x3xf32>, tensor<0xi64>) -> tensor<?x2xf32>
  return
}

// -----

// Run-time axes of run-time length: a ranked result fixes their number
// (here 0), so a partly static result must still be the input with that
// many 1s inserted (found by the onnx-import fuzzer: fuzz/regressions).
func.func @"unsqueeze.Y.C1"(%x: tensor<1x3x16x5xf32>, %n: tensor<?xi64>) {
  // expected-error @+1 {{'sonnx.unsqueeze' op result of shape [?, 3, 1, 5] is not the input shape [1, 3, 16, 5] with 1s inserted [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %n : (tensor<1x3x16x5xf32>, tensor<?xi64>) -> tensor<?x3x1x5xf32>
  return
}

// -----

// The same element count and the same sizes other than 1, but no 1 is
// inserted (the result rank is the input rank): the sizes must keep their
// order and places.
func.func @"unsqueeze.Y.C1"(%x: tensor<1x3xf32>, %n: tensor<?xi64>) {
  // expected-error @+1 {{'sonnx.unsqueeze' op result of shape [3, 1] is not the input shape [1, 3] with 1s inserted [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %n : (tensor<1x3xf32>, tensor<?xi64>) -> tensor<3x1xf32>
  return
}

// -----

// An unknown input size agrees with any result size, but the known ones
// must still find their places in order.
func.func @"unsqueeze.Y.C1"(%x: tensor<?x4xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'sonnx.unsqueeze' op result of shape [4, 2, ?] is not the input shape [?, 4] with 1s inserted [unsqueeze.Y.C1]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<?x4xf32>, tensor<1xi64>) -> tensor<4x2x?xf32>
  return
}
