// RUN: sonnx-opt %s --convert-sonnx-to-linalg -split-input-file | FileCheck %s

// A result declared unranked (the ops' results are any tensor) is lowered
// for its inferred static shape, then cast to the declared type: the view
// or the copy has the inferred shape, the cast alone is unranked.

// CHECK-LABEL: func.func @reshape(
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[E]] : tensor<3x2xf32> to tensor<*xf32>
// CHECK: return %[[R]] : tensor<*xf32>
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @flatten(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[X]] : tensor<2x3xf32> to tensor<*xf32>
// CHECK: return %[[R]] : tensor<*xf32>
func.func @flatten(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @expand(
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[R:.*]] = tensor.cast %[[G]] : tensor<2x3xf32> to tensor<*xf32>
// CHECK: return %[[R]] : tensor<*xf32>
func.func @expand(%x: tensor<3xf32>) -> tensor<*xf32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze(
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[E]] : tensor<1x3xf32> to tensor<*xf32>
// CHECK: return %[[R]] : tensor<*xf32>
func.func @unsqueeze(%x: tensor<3xf32>) -> tensor<*xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<3xf32>, tensor<1xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast(
// CHECK: %[[G:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[R:.*]] = tensor.cast %[[G]] : tensor<2x3xf32> to tensor<*xf32>
// CHECK: return %[[R]], %{{.*}} : tensor<*xf32>, tensor<2x3xf32>
func.func @broadcast(%x: tensor<3xf32>, %z: tensor<2x3xf32>) -> (tensor<*xf32>, tensor<2x3xf32>) {
  %y:2 = sonnx.broadcast %x, %z : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<*xf32>, tensor<2x3xf32>)
  return %y#0, %y#1 : tensor<*xf32>, tensor<2x3xf32>
}

// -----

// A scalar reshaped to a scalar (the empty shape) is the input itself, or
// its cast to the declared unranked type.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME: %[[X:.*]]: tensor<f32>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: return %[[X]] : tensor<f32>
// CHECK-LABEL: func.func @scalar_unranked(
// CHECK-SAME: %[[X:.*]]: tensor<f32>
// CHECK: %[[R:.*]] = tensor.cast %[[X]] : tensor<f32> to tensor<*xf32>
// CHECK: return %[[R]] : tensor<*xf32>
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %s = arith.constant dense<> : tensor<0xi64>
  %y = sonnx.reshape %x, %s : (tensor<f32>, tensor<0xi64>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func @scalar_unranked(%x: tensor<f32>) -> tensor<*xf32> {
  %s = arith.constant dense<> : tensor<0xi64>
  %y = sonnx.reshape %x, %s : (tensor<f32>, tensor<0xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
