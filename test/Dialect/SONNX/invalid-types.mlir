// The *.types rules: each op takes the element types of its own
// specification (unsqueeze.types, broadcast.types, reshape.types,
// flatten.types, expand.types; the sets: `sonnx-opt --print-element-types`),
// and a type outside the profile altogether (profile.types) breaks the op's
// rule too. types.mlir has every type each op takes.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

// Unsqueeze (sonnx-unsqueeze.md): no bfloat16, no 4-bit type, no complex.
func.func @"unsqueeze.types"(%x: tensor<2xbf16>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op element type 'bf16' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xbf16>, tensor<1xi64>) -> tensor<1x2xbf16>
  return
}

// -----

func.func @"unsqueeze.types"(%x: tensor<2xi4>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op element type 'i4' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xi4>, tensor<1xi64>) -> tensor<1x2xi4>
  return
}

// -----

func.func @"unsqueeze.types"(%x: tensor<2xui4>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op element type 'ui4' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xui4>, tensor<1xi64>) -> tensor<1x2xui4>
  return
}

// -----

func.func @"unsqueeze.types"(%x: tensor<2xcomplex<f32>>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op element type 'complex<f32>' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xcomplex<f32>>, tensor<1xi64>) -> tensor<1x2xcomplex<f32>>
  return
}

// -----

// Outside the profile altogether (profile.types): the op's rule too.
func.func @"unsqueeze.types"(%x: tensor<2xi128>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.unsqueeze' op element type 'i128' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]}}
  %0 = sonnx.unsqueeze %x, %a : (tensor<2xi128>, tensor<1xi64>) -> tensor<1x2xi128>
  return
}

// -----

// Broadcast (sonnx-broadcast.md): no bfloat16, no 4-bit type, no complex.
func.func @"broadcast.types"(%x: tensor<3xf32>, %y: tensor<3xbf16>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'bf16' is not allowed for Broadcast by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [broadcast.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xbf16>) -> (tensor<3xf32>, tensor<3xbf16>)
  return
}

// -----

func.func @"broadcast.types"(%x: tensor<3xf32>, %y: tensor<3xsi4>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'si4' is not allowed for Broadcast by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [broadcast.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xsi4>) -> (tensor<3xf32>, tensor<3xsi4>)
  return
}

// -----

func.func @"broadcast.types"(%x: tensor<3xf32>, %y: tensor<3xui4>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'ui4' is not allowed for Broadcast by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [broadcast.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xui4>) -> (tensor<3xf32>, tensor<3xui4>)
  return
}

// -----

func.func @"broadcast.types"(%x: tensor<3xf32>, %y: tensor<3xcomplex<f64>>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'complex<f64>' is not allowed for Broadcast by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [broadcast.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xcomplex<f64>>) -> (tensor<3xf32>, tensor<3xcomplex<f64>>)
  return
}

// -----

// Outside the profile altogether.
func.func @"broadcast.types"(%x: tensor<3xf32>, %y: tensor<3xi2>) {
  // expected-error @+1 {{'sonnx.broadcast' op input #1 element type 'i2' is not allowed for Broadcast by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [broadcast.types]}}
  %0:2 = sonnx.broadcast %x, %y : (tensor<3xf32>, tensor<3xi2>) -> (tensor<3xf32>, tensor<3xi2>)
  return
}

// -----

// Reshape (ONNX Reshape-14): no 4-bit type.
func.func @"reshape.types"(%x: tensor<2xi4>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op element type 'i4' is not allowed for Reshape by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xi4>, tensor<1xi64>) -> tensor<2xi4>
  return
}

// -----

func.func @"reshape.types"(%x: tensor<2xui4>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op element type 'ui4' is not allowed for Reshape by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xui4>, tensor<1xi64>) -> tensor<2xui4>
  return
}

// -----

// Outside the profile altogether.
func.func @"reshape.types"(%x: tensor<2xindex>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op element type 'index' is not allowed for Reshape by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xindex>, tensor<1xi64>) -> tensor<2xindex>
  return
}

// -----

func.func @"reshape.types"(%x: tensor<2xcomplex<f16>>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op element type 'complex<f16>' is not allowed for Reshape by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]}}
  %0 = sonnx.reshape %x, %s : (tensor<2xcomplex<f16>>, tensor<1xi64>) -> tensor<2xcomplex<f16>>
  return
}

// -----

// Flatten (sonnx-flatten.md): no complex.
func.func @"flatten.types"(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'sonnx.flatten' op element type 'complex<f32>' is not allowed for Flatten by the profile (bool, i4, i8, i16, i32, i64, ui4, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string) [flatten.types]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  return
}

// -----

func.func @"flatten.types"(%x: tensor<2xcomplex<f64>>) {
  // expected-error @+1 {{'sonnx.flatten' op element type 'complex<f64>' is not allowed for Flatten by the profile (bool, i4, i8, i16, i32, i64, ui4, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string) [flatten.types]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
  return
}

// -----

// Outside the profile altogether.
func.func @"flatten.types"(%x: tensor<2xf8E4M3FN>) {
  // expected-error @+1 {{'sonnx.flatten' op element type 'f8E4M3FN' is not allowed for Flatten by the profile (bool, i4, i8, i16, i32, i64, ui4, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string) [flatten.types]}}
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2xf8E4M3FN>) -> tensor<2x1xf8E4M3FN>
  return
}

// -----

// Expand (ONNX Expand-13): no 4-bit type.
func.func @"expand.types"(%x: tensor<2xi4>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.expand' op element type 'i4' is not allowed for Expand by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [expand.types]}}
  %0 = sonnx.expand %x, %s : (tensor<2xi4>, tensor<1xi64>) -> tensor<2xi4>
  return
}

// -----

func.func @"expand.types"(%x: tensor<2xui4>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.expand' op element type 'ui4' is not allowed for Expand by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [expand.types]}}
  %0 = sonnx.expand %x, %s : (tensor<2xui4>, tensor<1xi64>) -> tensor<2xui4>
  return
}

// -----

// bool is the signless i1; si1/ui1 are not profile types.
func.func @"expand.types"(%x: tensor<2xui1>) {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.expand' op element type 'ui1' is not allowed for Expand by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [expand.types]}}
  %0 = sonnx.expand %x, %s : (tensor<2xui1>, tensor<1xi64>) -> tensor<2xui1>
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
