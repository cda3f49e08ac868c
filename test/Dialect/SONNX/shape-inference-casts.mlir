// RUN: sonnx-opt %s -sonnx-shape-inference -split-input-file | FileCheck %s

// The tensor.cast operands that --sonnx-shape-inference looks through
// (ShapeInference.cpp): a cast that only hides static sizes; not one that
// adds sizes (its source is less static than its result), and a cast that
// another op still uses stays.

// The cast adds the size 6: the reshape keeps it as operand.
// CHECK-LABEL: func @cast_adds_sizes
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<?xf32> to tensor<6xf32>
// CHECK: sonnx.reshape %[[C]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @cast_adds_sizes(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  %c = tensor.cast %x : tensor<?xf32> to tensor<6xf32>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// The first reshape looks through the cast, which the return still uses:
// it stays for the return; the second reshape looks through it as well.
// CHECK-LABEL: func @cast_used_twice
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<6xf32> to tensor<?xf32>
// CHECK: sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: sonnx.reshape %[[X]], %{{.*}} : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK: return %[[C]],
func.func @cast_used_twice(%x: tensor<6xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = sonnx.reshape %c, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %t = arith.constant dense<[3, 2]> : tensor<2xi64>
  %q = sonnx.reshape %c, %t : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %c, %r, %q : tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
