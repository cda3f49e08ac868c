// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// The element count of an input known through the views it comes from
// (getViewOrigin, SONNXVerificationInContext.cpp; known-counts.mlir has the
// sonnx views): each view op of tensor and the one-to-one
// unrealized_conversion_cast are seen through, an unranked value on the way
// too. The walk stops at an op that is not a view (a conversion cast of
// several values included), at a static shape whose count does not fit
// int64 or differs from the closer one, and after 64 views: without a
// count the op is lowered with its run-time check (reshape.count).

func.func @collapse_shape(%x: tensor<2x3xf32>) -> tensor<4x2xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %d = tensor.cast %c : tensor<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?xf32>' does not say so, but it is a view of 'tensor<2x3xf32>'), but shape [4, 2] resolves to 'tensor<4x2xf32>' with 8 elements [reshape.count]}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %d, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @expand_shape(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %c = tensor.expand_shape %x [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %d = tensor.cast %c : tensor<2x3xf32> to tensor<?x?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %d, %s : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @tensor_reshape(%x: tensor<6xf32>, %t: tensor<2xi64>) -> tensor<4x2xf32> {
  %c = tensor.reshape %x(%t) : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?x?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %c, %s : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @conversion_cast(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %c = builtin.unrealized_conversion_cast %x : tensor<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @through_unranked(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %u = tensor.cast %x : tensor<6xf32> to tensor<*xf32>
  %c = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// 60 casts: within the bound.
func.func @sixty_views(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %c0 = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
  %c1 = tensor.cast %c0 : tensor<?xf32> to tensor<?xf32>
  %c2 = tensor.cast %c1 : tensor<?xf32> to tensor<?xf32>
  %c3 = tensor.cast %c2 : tensor<?xf32> to tensor<?xf32>
  %c4 = tensor.cast %c3 : tensor<?xf32> to tensor<?xf32>
  %c5 = tensor.cast %c4 : tensor<?xf32> to tensor<?xf32>
  %c6 = tensor.cast %c5 : tensor<?xf32> to tensor<?xf32>
  %c7 = tensor.cast %c6 : tensor<?xf32> to tensor<?xf32>
  %c8 = tensor.cast %c7 : tensor<?xf32> to tensor<?xf32>
  %c9 = tensor.cast %c8 : tensor<?xf32> to tensor<?xf32>
  %c10 = tensor.cast %c9 : tensor<?xf32> to tensor<?xf32>
  %c11 = tensor.cast %c10 : tensor<?xf32> to tensor<?xf32>
  %c12 = tensor.cast %c11 : tensor<?xf32> to tensor<?xf32>
  %c13 = tensor.cast %c12 : tensor<?xf32> to tensor<?xf32>
  %c14 = tensor.cast %c13 : tensor<?xf32> to tensor<?xf32>
  %c15 = tensor.cast %c14 : tensor<?xf32> to tensor<?xf32>
  %c16 = tensor.cast %c15 : tensor<?xf32> to tensor<?xf32>
  %c17 = tensor.cast %c16 : tensor<?xf32> to tensor<?xf32>
  %c18 = tensor.cast %c17 : tensor<?xf32> to tensor<?xf32>
  %c19 = tensor.cast %c18 : tensor<?xf32> to tensor<?xf32>
  %c20 = tensor.cast %c19 : tensor<?xf32> to tensor<?xf32>
  %c21 = tensor.cast %c20 : tensor<?xf32> to tensor<?xf32>
  %c22 = tensor.cast %c21 : tensor<?xf32> to tensor<?xf32>
  %c23 = tensor.cast %c22 : tensor<?xf32> to tensor<?xf32>
  %c24 = tensor.cast %c23 : tensor<?xf32> to tensor<?xf32>
  %c25 = tensor.cast %c24 : tensor<?xf32> to tensor<?xf32>
  %c26 = tensor.cast %c25 : tensor<?xf32> to tensor<?xf32>
  %c27 = tensor.cast %c26 : tensor<?xf32> to tensor<?xf32>
  %c28 = tensor.cast %c27 : tensor<?xf32> to tensor<?xf32>
  %c29 = tensor.cast %c28 : tensor<?xf32> to tensor<?xf32>
  %c30 = tensor.cast %c29 : tensor<?xf32> to tensor<?xf32>
  %c31 = tensor.cast %c30 : tensor<?xf32> to tensor<?xf32>
  %c32 = tensor.cast %c31 : tensor<?xf32> to tensor<?xf32>
  %c33 = tensor.cast %c32 : tensor<?xf32> to tensor<?xf32>
  %c34 = tensor.cast %c33 : tensor<?xf32> to tensor<?xf32>
  %c35 = tensor.cast %c34 : tensor<?xf32> to tensor<?xf32>
  %c36 = tensor.cast %c35 : tensor<?xf32> to tensor<?xf32>
  %c37 = tensor.cast %c36 : tensor<?xf32> to tensor<?xf32>
  %c38 = tensor.cast %c37 : tensor<?xf32> to tensor<?xf32>
  %c39 = tensor.cast %c38 : tensor<?xf32> to tensor<?xf32>
  %c40 = tensor.cast %c39 : tensor<?xf32> to tensor<?xf32>
  %c41 = tensor.cast %c40 : tensor<?xf32> to tensor<?xf32>
  %c42 = tensor.cast %c41 : tensor<?xf32> to tensor<?xf32>
  %c43 = tensor.cast %c42 : tensor<?xf32> to tensor<?xf32>
  %c44 = tensor.cast %c43 : tensor<?xf32> to tensor<?xf32>
  %c45 = tensor.cast %c44 : tensor<?xf32> to tensor<?xf32>
  %c46 = tensor.cast %c45 : tensor<?xf32> to tensor<?xf32>
  %c47 = tensor.cast %c46 : tensor<?xf32> to tensor<?xf32>
  %c48 = tensor.cast %c47 : tensor<?xf32> to tensor<?xf32>
  %c49 = tensor.cast %c48 : tensor<?xf32> to tensor<?xf32>
  %c50 = tensor.cast %c49 : tensor<?xf32> to tensor<?xf32>
  %c51 = tensor.cast %c50 : tensor<?xf32> to tensor<?xf32>
  %c52 = tensor.cast %c51 : tensor<?xf32> to tensor<?xf32>
  %c53 = tensor.cast %c52 : tensor<?xf32> to tensor<?xf32>
  %c54 = tensor.cast %c53 : tensor<?xf32> to tensor<?xf32>
  %c55 = tensor.cast %c54 : tensor<?xf32> to tensor<?xf32>
  %c56 = tensor.cast %c55 : tensor<?xf32> to tensor<?xf32>
  %c57 = tensor.cast %c56 : tensor<?xf32> to tensor<?xf32>
  %c58 = tensor.cast %c57 : tensor<?xf32> to tensor<?xf32>
  %c59 = tensor.cast %c58 : tensor<?xf32> to tensor<?xf32>
  %c60 = tensor.cast %c59 : tensor<?xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %c60, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A conversion cast between static types of different counts (it checks
// nothing): the closest static type, 6 elements, is the count; the walk
// stops at the 4 of the type before it.
func.func @counts_differ(%x: tensor<4xf32>) -> tensor<4x2xf32> {
  %u = builtin.unrealized_conversion_cast %x : tensor<4xf32> to tensor<6xf32>
  %c = tensor.cast %u : tensor<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{'sonnx.reshape' op the input has 6 elements (its type 'tensor<?xf32>' does not say so, but it is a view of 'tensor<6xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'sonnx.reshape'}}
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A result whose count does not fit int64 cannot be compared.
func.func @result_count_overflows(%x: tensor<6xi8>, %t: tensor<3xi64>) -> tensor<?x4294967296x4294967296xi8> {
  %c = tensor.cast %x : tensor<6xi8> to tensor<?xi8>
  // expected-error @+1 {{'sonnx.reshape' op element count of shape [4294967296, 4294967296] does not fit in int64 [reshape.count]}}
  %r = sonnx.reshape %c, %t : (tensor<?xi8>, tensor<3xi64>) -> tensor<?x4294967296x4294967296xi8>
  return %r : tensor<?x4294967296x4294967296xi8>
}

// -----

// The lowered cases: the count is checked at run time.

// 70 casts: past the bound, the count is not known.
// CHECK-LABEL: func.func @seventy_views
// CHECK: cf.assert {{.*}}reshape.count
func.func @seventy_views(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %c0 = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
  %c1 = tensor.cast %c0 : tensor<?xf32> to tensor<?xf32>
  %c2 = tensor.cast %c1 : tensor<?xf32> to tensor<?xf32>
  %c3 = tensor.cast %c2 : tensor<?xf32> to tensor<?xf32>
  %c4 = tensor.cast %c3 : tensor<?xf32> to tensor<?xf32>
  %c5 = tensor.cast %c4 : tensor<?xf32> to tensor<?xf32>
  %c6 = tensor.cast %c5 : tensor<?xf32> to tensor<?xf32>
  %c7 = tensor.cast %c6 : tensor<?xf32> to tensor<?xf32>
  %c8 = tensor.cast %c7 : tensor<?xf32> to tensor<?xf32>
  %c9 = tensor.cast %c8 : tensor<?xf32> to tensor<?xf32>
  %c10 = tensor.cast %c9 : tensor<?xf32> to tensor<?xf32>
  %c11 = tensor.cast %c10 : tensor<?xf32> to tensor<?xf32>
  %c12 = tensor.cast %c11 : tensor<?xf32> to tensor<?xf32>
  %c13 = tensor.cast %c12 : tensor<?xf32> to tensor<?xf32>
  %c14 = tensor.cast %c13 : tensor<?xf32> to tensor<?xf32>
  %c15 = tensor.cast %c14 : tensor<?xf32> to tensor<?xf32>
  %c16 = tensor.cast %c15 : tensor<?xf32> to tensor<?xf32>
  %c17 = tensor.cast %c16 : tensor<?xf32> to tensor<?xf32>
  %c18 = tensor.cast %c17 : tensor<?xf32> to tensor<?xf32>
  %c19 = tensor.cast %c18 : tensor<?xf32> to tensor<?xf32>
  %c20 = tensor.cast %c19 : tensor<?xf32> to tensor<?xf32>
  %c21 = tensor.cast %c20 : tensor<?xf32> to tensor<?xf32>
  %c22 = tensor.cast %c21 : tensor<?xf32> to tensor<?xf32>
  %c23 = tensor.cast %c22 : tensor<?xf32> to tensor<?xf32>
  %c24 = tensor.cast %c23 : tensor<?xf32> to tensor<?xf32>
  %c25 = tensor.cast %c24 : tensor<?xf32> to tensor<?xf32>
  %c26 = tensor.cast %c25 : tensor<?xf32> to tensor<?xf32>
  %c27 = tensor.cast %c26 : tensor<?xf32> to tensor<?xf32>
  %c28 = tensor.cast %c27 : tensor<?xf32> to tensor<?xf32>
  %c29 = tensor.cast %c28 : tensor<?xf32> to tensor<?xf32>
  %c30 = tensor.cast %c29 : tensor<?xf32> to tensor<?xf32>
  %c31 = tensor.cast %c30 : tensor<?xf32> to tensor<?xf32>
  %c32 = tensor.cast %c31 : tensor<?xf32> to tensor<?xf32>
  %c33 = tensor.cast %c32 : tensor<?xf32> to tensor<?xf32>
  %c34 = tensor.cast %c33 : tensor<?xf32> to tensor<?xf32>
  %c35 = tensor.cast %c34 : tensor<?xf32> to tensor<?xf32>
  %c36 = tensor.cast %c35 : tensor<?xf32> to tensor<?xf32>
  %c37 = tensor.cast %c36 : tensor<?xf32> to tensor<?xf32>
  %c38 = tensor.cast %c37 : tensor<?xf32> to tensor<?xf32>
  %c39 = tensor.cast %c38 : tensor<?xf32> to tensor<?xf32>
  %c40 = tensor.cast %c39 : tensor<?xf32> to tensor<?xf32>
  %c41 = tensor.cast %c40 : tensor<?xf32> to tensor<?xf32>
  %c42 = tensor.cast %c41 : tensor<?xf32> to tensor<?xf32>
  %c43 = tensor.cast %c42 : tensor<?xf32> to tensor<?xf32>
  %c44 = tensor.cast %c43 : tensor<?xf32> to tensor<?xf32>
  %c45 = tensor.cast %c44 : tensor<?xf32> to tensor<?xf32>
  %c46 = tensor.cast %c45 : tensor<?xf32> to tensor<?xf32>
  %c47 = tensor.cast %c46 : tensor<?xf32> to tensor<?xf32>
  %c48 = tensor.cast %c47 : tensor<?xf32> to tensor<?xf32>
  %c49 = tensor.cast %c48 : tensor<?xf32> to tensor<?xf32>
  %c50 = tensor.cast %c49 : tensor<?xf32> to tensor<?xf32>
  %c51 = tensor.cast %c50 : tensor<?xf32> to tensor<?xf32>
  %c52 = tensor.cast %c51 : tensor<?xf32> to tensor<?xf32>
  %c53 = tensor.cast %c52 : tensor<?xf32> to tensor<?xf32>
  %c54 = tensor.cast %c53 : tensor<?xf32> to tensor<?xf32>
  %c55 = tensor.cast %c54 : tensor<?xf32> to tensor<?xf32>
  %c56 = tensor.cast %c55 : tensor<?xf32> to tensor<?xf32>
  %c57 = tensor.cast %c56 : tensor<?xf32> to tensor<?xf32>
  %c58 = tensor.cast %c57 : tensor<?xf32> to tensor<?xf32>
  %c59 = tensor.cast %c58 : tensor<?xf32> to tensor<?xf32>
  %c60 = tensor.cast %c59 : tensor<?xf32> to tensor<?xf32>
  %c61 = tensor.cast %c60 : tensor<?xf32> to tensor<?xf32>
  %c62 = tensor.cast %c61 : tensor<?xf32> to tensor<?xf32>
  %c63 = tensor.cast %c62 : tensor<?xf32> to tensor<?xf32>
  %c64 = tensor.cast %c63 : tensor<?xf32> to tensor<?xf32>
  %c65 = tensor.cast %c64 : tensor<?xf32> to tensor<?xf32>
  %c66 = tensor.cast %c65 : tensor<?xf32> to tensor<?xf32>
  %c67 = tensor.cast %c66 : tensor<?xf32> to tensor<?xf32>
  %c68 = tensor.cast %c67 : tensor<?xf32> to tensor<?xf32>
  %c69 = tensor.cast %c68 : tensor<?xf32> to tensor<?xf32>
  %c70 = tensor.cast %c69 : tensor<?xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c70, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A static input whose count does not fit int64 says nothing.
// CHECK-LABEL: func.func @static_count_overflows
// CHECK: cf.assert {{.*}}reshape.count
func.func @static_count_overflows(%x: tensor<4294967296x4294967296xi8>) -> tensor<4x2xi8> {
  %c = tensor.cast %x : tensor<4294967296x4294967296xi8> to tensor<?x?xi8>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<?x?xi8>, tensor<2xi64>) -> tensor<4x2xi8>
  return %r : tensor<4x2xi8>
}

// -----

// A conversion cast from a memref is not a view of a tensor.
// CHECK-LABEL: func.func @from_memref
// CHECK: cf.assert {{.*}}reshape.count
func.func @from_memref(%x: memref<6xf32>) -> tensor<4x2xf32> {
  %c = builtin.unrealized_conversion_cast %x : memref<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// Conversion casts of two operands or two results are not views.
// CHECK-LABEL: func.func @cast_of_two_operands
// CHECK: cf.assert {{.*}}reshape.count
func.func @cast_of_two_operands(%x: tensor<6xf32>, %y: tensor<6xf32>) -> tensor<4x2xf32> {
  %c = builtin.unrealized_conversion_cast %x, %y : tensor<6xf32>, tensor<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @cast_of_two_results
// CHECK: cf.assert {{.*}}reshape.count
func.func @cast_of_two_results(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  %c:2 = builtin.unrealized_conversion_cast %x : tensor<6xf32> to tensor<?xf32>, tensor<?xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = sonnx.reshape %c#0, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
