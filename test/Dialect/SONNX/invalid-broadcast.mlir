// Every compile-time rule of sonnx.broadcast, each case named after the
// constraint ID it breaks.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"broadcast.arity"() {
  // expected-error @+1 {{'sonnx.broadcast' op expects at least one input, got none [broadcast.arity]}}
  sonnx.broadcast : () -> ()
  return
}

// -----

func.func @"broadcast.arity"(%x: tensor<3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'sonnx.broadcast' op expects one result per input, got 2 inputs and 1 results [broadcast.arity]}}
  %0 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @"broadcast.E1"(%x: tensor<2x3xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 of shape [4] has size 4 where input #0 of shape [2, 3] has size 3 (dimension 1 of the rank-2 broadcast); sizes must be equal or 1 [broadcast.E1]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<2x3xf32>, tensor<4xf32>) -> (tensor<2x?xf32>, tensor<2x?xf32>)
  return
}

// -----

// 0 broadcasts with 1 only; against 3 it is an error.
func.func @"broadcast.E1"(%x: tensor<0x1xf32>, %y: tensor<3x3xf32>, %z: tensor<1xi8>) {
  // expected-error @+1 {{input #1 of shape [3, 3] has size 3 where input #0 of shape [0, 1] has size 0 (dimension 0 of the rank-2 broadcast); sizes must be equal or 1 [broadcast.E1]}}
  %0:3 = sonnx.broadcast %x, %y, %z : (tensor<0x1xf32>, tensor<3x3xf32>, tensor<1xi8>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi8>)
  return
}

// -----

func.func @"broadcast.Z.shape"(%x: tensor<3x1xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'sonnx.broadcast' op result #1 has shape [3, 1] but the inferred shape is [3, 4] (dimension 1: 1 vs 4) [broadcast.Z.shape]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x1xf32>)
  return
}

// -----

func.func @"broadcast.Z.shape"(%x: tensor<3x1xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{result #0 has rank 1 but the inferred shape [3, 4] has rank 2 [broadcast.Z.shape]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
  return
}

// -----

// A dimension that is 1 in every input stays 1.
func.func @"broadcast.Z.shape"(%x: tensor<1x?xf32>, %y: tensor<1x1xf32>) {
  // expected-error @+1 {{result #0 has shape [5, ?] but the inferred shape is [1, ?] (dimension 0: 5 vs 1) [broadcast.Z.shape]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<1x?xf32>, tensor<1x1xf32>) -> (tensor<5x?xf32>, tensor<1x?xf32>)
  return
}

// -----

// Unknown input sizes: the results must still declare one shape.
func.func @"broadcast.Z.shape"(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  // expected-error @+1 {{result #1 has size 4 at dimension 0 but result #0 has size 3 [broadcast.Z.shape]}}
  %0:2 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return
}

// -----

// An unranked result declares nothing; the ranked ones still must agree.
func.func @"broadcast.Z.shape"(%x: tensor<?xf32>, %y: tensor<?xf32>, %z: tensor<?xf32>) {
  // expected-error @+1 {{'sonnx.broadcast' op result #2 has size 3 at dimension 0 but result #1 has size 2 [broadcast.Z.shape]}}
  %0:3 = sonnx.broadcast %x, %y, %z : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<*xf32>, tensor<2xf32>, tensor<3xf32>)
  return
}

// -----

func.func @"broadcast.X.C1"(%x: tensor<3xf32>, %y: tensor<3xi8>) {
  // expected-error @+1 {{'sonnx.broadcast' op result #1 element type 'f32' differs from input #1 element type 'i8' [broadcast.X.C1]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xi8>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}
