// Every compile-time rule of sonnx.flatten, each case named after the
// constraint ID it breaks.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"flatten.axis.C2"(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'sonnx.flatten' op axis 4 is out of range [-3, 3] for an input of rank 3 [flatten.axis.C2]}}
  %0 = sonnx.flatten %x {axis = 4 : i64} : (tensor<2x3x4xf32>) -> tensor<24x1xf32>
  return
}

// -----

func.func @"flatten.axis.C2"(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{axis -4 is out of range [-3, 3] for an input of rank 3 [flatten.axis.C2]}}
  %0 = sonnx.flatten %x {axis = -4 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  return
}

// -----

func.func @"flatten.axis.C2"(%x: tensor<f32>) {
  // expected-error @+1 {{axis 1 is out of range [0, 0] for an input of rank 0 [flatten.axis.C2]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<f32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @"flatten.Y.C1"(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'sonnx.flatten' op result has shape [6, 4] but the inferred shape is [2, 12] (dimension 0: 6 vs 2) [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @"flatten.Y.C1"(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{result has rank 3 but the inferred shape [2, 12] has rank 2 [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// A size 0 makes the product 0 even next to an unknown size.
func.func @"flatten.Y.C1"(%x: tensor<?x0x4xf32>) {
  // expected-error @+1 {{result has shape [1, 4] but the inferred shape is [0, 4] (dimension 0: 1 vs 0) [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x0x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @"flatten.Y.C1"(%x: tensor<4294967296x4294967296xi8>) {
  // expected-error @+1 {{element count of shape [4294967296, 4294967296] does not fit in int64 [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 0 : i64} : (tensor<4294967296x4294967296xi8>) -> tensor<1x?xi8>
  return
}

// -----

// The outer size is 2 times an unknown size: never 5.
func.func @"flatten.Y.C1"(%x: tensor<2x?xf32>) {
  // expected-error @+1 {{result size 5 at dimension 0 cannot be the product of the input sizes [2, ?] [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 2 : i64} : (tensor<2x?xf32>) -> tensor<5x1xf32>
  return
}

// -----

func.func @"flatten.type"(%x: tensor<2x3xbf16>) {
  // expected-error @+1 {{'sonnx.flatten' op result element type 'f16' differs from input element type 'bf16' [flatten.type]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xbf16>) -> tensor<2x3xf16>
  return
}

// -----

// The sizes before the axis overflow int64: the first result size has no
// value.
func.func @"flatten.Y.C1"(%x: tensor<4294967296x4294967296x2xf32>) {
  // expected-error @+1 {{'sonnx.flatten' op element count of shape [4294967296, 4294967296] does not fit in int64 [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 2 : i64} : (tensor<4294967296x4294967296x2xf32>) -> tensor<?x2xf32>
  return
}

// -----

// Beside an unknown size the product is unknown, but its known sizes
// already overflow: no input has them (checkDeclaredFlatten).
func.func @"flatten.Y.C1"(%x: tensor<?x4294967296x4294967296xf32>) {
  // expected-error @+1 {{'sonnx.flatten' op element count of shape [4294967296, 4294967296] does not fit in int64 [flatten.Y.C1]}}
  %0 = sonnx.flatten %x {axis = 3 : i64} : (tensor<?x4294967296x4294967296xf32>) -> tensor<?x1xf32>
  return
}

// -----

// The profile has no default values (profile.GR4): axis must be written.
func.func @"profile.GR4"(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{requires attribute 'axis'}}
  %0 = "sonnx.flatten"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
