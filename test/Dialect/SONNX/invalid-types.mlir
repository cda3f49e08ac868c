// profile.types: the element types of the SONNX profile, and nothing else.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"profile.types"(%x: tensor<2xf8E4M3FN>) {
  // expected-error @+1 {{'sonnx.flatten' op input element type 'f8E4M3FN' is not an element type of the profile [profile.types]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2xf8E4M3FN>) -> tensor<2x1xf8E4M3FN>
  return
}

// -----

func.func @"profile.types"(%x: tensor<2xi128>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op input element type 'i128' is not an element type of the profile [profile.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xi128>, tensor<1xi64>) -> tensor<1x2xi128>
  return
}

// -----

// bool is the signless i1; si1/ui1 are not profile types.
func.func @"profile.types"(%x: tensor<2xui1>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.expand' op input element type 'ui1' is not an element type of the profile [profile.types]}}
  %0 = sonnx.expand %x, %s : (tensor<2xui1>, tensor<1xi64>) -> tensor<2xui1>
  return
}

// -----

func.func @"profile.types"(%x: tensor<2xindex>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op input element type 'index' is not an element type of the profile [profile.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xindex>, tensor<1xi64>) -> tensor<2xindex>
  return
}

// -----

// complex is a profile type for reshape only.
func.func @"profile.types"(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'sonnx.flatten' op input element type 'complex<f32>' is not an element type of the profile [profile.types]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  return
}

// -----

func.func @"profile.types"(%x: tensor<2xcomplex<f16>>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op input element type 'complex<f16>' is not an element type of the profile [profile.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xcomplex<f16>>, tensor<1xi64>) -> tensor<2xcomplex<f16>>
  return
}

// -----

func.func @"profile.types"(%x: tensor<3xf32>, %y: tensor<3xi2>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'i2' is not an element type of the profile [profile.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xi2>) -> (tensor<3xf32>, tensor<3xi2>)
  return
}

// -----

// Data operands are ranked tensors.
func.func @unranked_data(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of any type values}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<*xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @not_a_tensor(%x: f32) {
  // expected-error @+1 {{operand #0 must be ranked tensor of any type values}}
  %0 = sonnx.flatten %x {axis = 0 : i64} : (f32) -> tensor<1x1xf32>
  return
}
