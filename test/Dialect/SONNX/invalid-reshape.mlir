// Every compile-time rule of sonnx.reshape, one case per rule (or more), each
// function named after the constraint ID it breaks.
// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

func.func @"reshape.S.rank"(%x: tensor<2x3xf32>, %s: tensor<1x2xi64>) {
  // expected-error @+1 {{'sonnx.reshape' op shape must be a 1-D tensor of i64, got 'tensor<1x2xi64>' [reshape.S.rank]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1x2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @"reshape.S.rank"(%x: tensor<2x3xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{shape must be a 1-D tensor of i64, got 'tensor<2xi32>' [reshape.S.rank]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @"reshape.S.rank"(%x: tensor<2x3xf32>, %s: tensor<*xi64>) {
  // expected-error @+1 {{shape must be a 1-D tensor of i64, got 'tensor<*xi64>' [reshape.S.rank]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<*xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @"reshape.S.below"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[-2, 3]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape value -2 (shape[0]) is below -1 [reshape.S.below]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}

// -----

// INT64_MIN is a real value, not a marker for "unknown".
func.func @"reshape.S.below"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[6, -9223372036854775808]> : tensor<2xi64>
  // expected-error @+1 {{shape value -9223372036854775808 (shape[1]) is below -1 [reshape.S.below]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<6x?xf32>
  return
}

// -----

func.func @"reshape.S.minus1"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[-1, 3, -1]> : tensor<3xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape [-1, 3, -1] holds -1 more than once (shape[0] and shape[2]) [reshape.S.minus1]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  return
}

// -----

func.func @"reshape.S.zero-index"(%x: tensor<6xf32>) {
  %s = arith.constant dense<[6, 0]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape[1] = 0 copies input dimension 1, but the input has rank 1 (allowzero = 0) [reshape.S.zero-index]}}
  %0 = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<6x?xf32>
  return
}

// -----

// allowzero = 0 written explicitly behaves as the default.
func.func @"reshape.S.zero-index"(%x: tensor<f32>) {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+1 {{shape[0] = 0 copies input dimension 0, but the input has rank 0 (allowzero = 0) [reshape.S.zero-index]}}
  %0 = sonnx.reshape %x, %s {allowzero = 0 : i64} : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @"reshape.allowzero.minus1"(%x: tensor<0x3xf32>) {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op shape [0, -1] holds both 0 (shape[0]) and -1 (shape[1]) with allowzero = 1 [reshape.allowzero.minus1]}}
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x?xf32>
  return
}

// -----

func.func @"reshape.count"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op input shape [2, 3] has 6 elements but shape [4, 2] resolves to [4, 2] with 8 elements [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @"reshape.count"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[4, -1]> : tensor<2xi64>
  // expected-error @+1 {{cannot infer the -1 of shape [4, -1]: 6 elements of input shape [2, 3] are not a multiple of 4 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return
}

// -----

// -1 next to a size 0 (here copied from the input) cannot be inferred, even
// when there are no elements.
func.func @"reshape.count"(%x: tensor<3x0xf32>) {
  %s = arith.constant dense<[-1, 0]> : tensor<2xi64>
  // expected-error @+1 {{cannot infer the -1 of shape [-1, 0]: the product of the other sizes [-1, 0] is 0 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<3x0xf32>, tensor<2xi64>) -> tensor<?x0xf32>
  return
}

// -----

// The known input sizes already rule the shape out: 4 * ? elements is never 6.
func.func @"reshape.count"(%x: tensor<?x4xf32>) {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+1 {{shape [2, 3] resolves to [2, 3], which no input of shape [?, 4] has as many elements as [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

// A copied unknown size cancels out: [?, 6] -> [0, -1] gives [?, 6], and
// [?, 6] -> [0, 4, -1] needs 6 to be a multiple of 4.
func.func @"reshape.count"(%x: tensor<?x6xf32>) {
  %s = arith.constant dense<[0, 4, -1]> : tensor<3xi64>
  // expected-error @+1 {{cannot infer the -1 of shape [0, 4, -1]: 6 elements of input shape [?, 6] are not a multiple of 4 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x4x?xf32>
  return
}

// -----

func.func @"reshape.count"(%x: tensor<4294967296x4294967296xi8>) {
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  // expected-error @+1 {{element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<4294967296x4294967296xi8>, tensor<1xi64>) -> tensor<?xi8>
  return
}

// -----

// The known sizes beside an unknown one overflow int64: no input has them
// (canHaveSameElementCount, the data side).
func.func @"reshape.count"(%x: tensor<?x4294967296x4294967296xf32>) {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x4294967296x4294967296xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

// The same with a -1: the input sizes left once the copied unknown size
// cancels out overflow.
func.func @"reshape.count"(%x: tensor<?x4294967296x4294967296xf32>) {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x4294967296x4294967296xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

// The shape sizes other than the -1 and the copied unknown size overflow.
func.func @"reshape.count"(%x: tensor<?x4xf32>) {
  %s = arith.constant dense<[0, 4294967296, 4294967296, -1]> : tensor<4xi64>
  // expected-error @+1 {{'sonnx.reshape' op element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<4xi64>) -> tensor<?x4294967296x4294967296x?xf32>
  return
}

// -----

// Run-time shape values: the known sizes of the declared result overflow
// (canHaveSameElementCount, the result side).
func.func @"reshape.count"(%x: tensor<2x?xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{'sonnx.reshape' op element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x?xf32>, tensor<3xi64>) -> tensor<4294967296x4294967296x?xf32>
  return
}

// -----

// Run-time shape values: the declared result still cannot change the count.
func.func @"reshape.count"(%x: tensor<2x3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result of shape [4, 2] cannot have as many elements as the input of shape [2, 3] [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @"reshape.count"(%x: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result of shape [5, ?] cannot have as many elements as the input of shape [] [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<f32>, tensor<2xi64>) -> tensor<5x?xf32>
  return
}

// -----

// What inference knows joins what the type declares: the shape gives [?, 5]
// and the type [3, ?], so the result is [3, 5], 15 elements, which is never a
// multiple of 4.
func.func @"reshape.count"(%x: tensor<?x4xf32>) {
  %s = arith.constant dense<[0, 5]> : tensor<2xi64>
  // expected-error @+1 {{result of shape [3, 5] cannot have as many elements as the input of shape [?, 4] [reshape.count]}}
  %0 = sonnx.reshape %x, %s : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @"reshape.Y.shape"(%x: tensor<2x3x4xf32>) {
  %s = arith.constant dense<[3, -1]> : tensor<2xi64>
  // expected-error @+1 {{'sonnx.reshape' op result has shape [3, 4] but the inferred shape is [3, 8] (dimension 1: 4 vs 8) [reshape.Y.shape]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}

// -----

// The result rank is the length of the shape, even when the values are unknown.
func.func @"reshape.Y.shape"(%x: tensor<2x3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result has rank 3 but the inferred shape [?, ?] has rank 2 [reshape.Y.shape]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x2x3xf32>
  return
}

// -----

// A 0 with allowzero = 0 copies the input size, which the result must keep.
func.func @"reshape.Y.shape"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[0, 3]> : tensor<2xi64>
  // expected-error @+1 {{result has shape [0, 3] but the inferred shape is [2, 3] (dimension 0: 0 vs 2) [reshape.Y.shape]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  return
}

// -----

func.func @"reshape.type"(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  // expected-error @+1 {{'sonnx.reshape' op result element type 'f16' differs from input element type 'f32' [reshape.type]}}
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf16>
  return
}

// -----

// A shape of length 0, constant or not, resolves to a scalar: its one
// element is checked against the input's 2 first, as for a constant.
func.func @"reshape.count"(%x: tensor<2xf32>, %e: tensor<0xi64>) {
  // expected-error @+1 {{'sonnx.reshape' op input shape [2] has 2 elements but shape [] resolves to [] with 1 elements [reshape.count]}}
  %0 = sonnx.reshape %x, %e : (tensor<2xf32>, tensor<0xi64>) -> tensor<?xf32>
  return
}

// -----

// allowzero is a boolean flag of ONNX: only 0 and 1 are meaningful.
func.func @allowzero_domain(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  // expected-error @+1 {{attribute 'allowzero' failed to satisfy constraint}}
  %0 = sonnx.reshape %x, %s {allowzero = 2 : i64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return
}
