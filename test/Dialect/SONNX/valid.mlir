// Positive edge cases: each op accepts these, and the printed IR keeps the
// types. The negative counterparts are in invalid-*.mlir.
// RUN: sonnx-opt %s -split-input-file | FileCheck %s

// CHECK-LABEL: func @reshape_edges
func.func @reshape_edges(%x: tensor<1x1xf32>, %z: tensor<0x3xf32>, %d: tensor<?x6xf32>,
                         %s: tensor<?xi64>, %t: tensor<2xi64>) {
  // To a scalar with an empty shape, and back.
  %e = arith.constant dense<> : tensor<0xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
  %0 = sonnx.reshape %x, %e : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
  %one = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3xi64>) -> tensor<1x1x1xf32>
  %1 = sonnx.reshape %0, %one : (tensor<f32>, tensor<3xi64>) -> tensor<1x1x1xf32>
  // A 0 copies the input size (allowzero absent means 0); -1 resolves to 0
  // for an empty input when the other sizes are not 0.
  %c = arith.constant dense<[-1, 0]> : tensor<2xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  %2 = sonnx.reshape %z, %c : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  %m = arith.constant dense<[-1, 3]> : tensor<2xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  %3 = sonnx.reshape %z, %m : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  // allowzero = 1: a 0 is a size 0.
  %a = arith.constant dense<[3, 0, 7]> : tensor<3xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<3xi64>) -> tensor<3x0x7xf32>
  %4 = sonnx.reshape %z, %a {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<3xi64>) -> tensor<3x0x7xf32>
  // An unknown size copied by 0 cancels out of the -1: [?, 6] -> [?, 2, 3].
  %k = arith.constant dense<[0, 2, -1]> : tensor<3xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x2x3xf32>
  %5 = sonnx.reshape %d, %k : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x2x3xf32>
  // Less static result types are accepted, unranked included.
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %6 = sonnx.reshape %d, %k : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<*xf32>
  %7 = sonnx.reshape %d, %k : (tensor<?x6xf32>, tensor<3xi64>) -> tensor<*xf32>
  // Run-time shapes: the length gives the rank; a dynamic length gives none.
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
  %r2 = sonnx.reshape %x, %t : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  %8 = sonnx.reshape %d, %t : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<?xi64>) -> tensor<*xf32>
  %9 = sonnx.reshape %d, %s : (tensor<?x6xf32>, tensor<?xi64>) -> tensor<*xf32>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<?xi64>) -> tensor<2x3x?xf32>
  %10 = sonnx.reshape %d, %s : (tensor<?x6xf32>, tensor<?xi64>) -> tensor<2x3x?xf32>
  // A -1 that depends on an unknown input size is unknown, so any declared
  // size is compatible with it.
  %m6 = arith.constant dense<[-1, 6]> : tensor<2xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<5x6xf32>
  %12 = sonnx.reshape %d, %m6 : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<5x6xf32>
  // A static result is accepted for unknown input sizes when it can hold.
  %s12 = arith.constant dense<[12]> : tensor<1xi64>
  // CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<?x6xf32>, tensor<1xi64>) -> tensor<12xf32>
  %11 = sonnx.reshape %d, %s12 : (tensor<?x6xf32>, tensor<1xi64>) -> tensor<12xf32>
  return
}

// -----

// CHECK-LABEL: func @reshape_complex
func.func @reshape_complex(%x: tensor<2x2xcomplex<f32>>, %y: tensor<4xcomplex<f64>>) {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  // CHECK: -> tensor<4xcomplex<f32>>
  %0 = sonnx.reshape %x, %s : (tensor<2x2xcomplex<f32>>, tensor<1xi64>) -> tensor<4xcomplex<f32>>
  %t = arith.constant dense<2> : tensor<2xi64>
  // CHECK: -> tensor<2x2xcomplex<f64>>
  %1 = sonnx.reshape %y, %t : (tensor<4xcomplex<f64>>, tensor<2xi64>) -> tensor<2x2xcomplex<f64>>
  return
}

// -----

// CHECK-LABEL: func @unsqueeze_edges
func.func @unsqueeze_edges(%s: tensor<f32>, %x: tensor<?x0xi8>, %a: tensor<2xi64>, %n: tensor<?xi64>) {
  %z = arith.constant dense<[0]> : tensor<1xi64>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
  %0 = sonnx.unsqueeze %s, %z : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
  // Unsorted axes, negative axes, zero and unknown sizes.
  %u = arith.constant dense<[3, -4]> : tensor<2xi64>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  %1 = sonnx.unsqueeze %x, %u : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  // No axes at all.
  %e = arith.constant dense<> : tensor<0xi64>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<0xi64>) -> tensor<?x0xi8>
  %2 = sonnx.unsqueeze %x, %e : (tensor<?x0xi8>, tensor<0xi64>) -> tensor<?x0xi8>
  // Run-time axes: the rank is known, the sizes are not.
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<?x?x?x?xi8>
  %3 = sonnx.unsqueeze %x, %a : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<?x?x?x?xi8>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  %4 = sonnx.unsqueeze %x, %a : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2xi64>) -> tensor<1x1xf32>
  %u2 = sonnx.unsqueeze %s, %a : (tensor<f32>, tensor<2xi64>) -> tensor<1x1xf32>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<*xi8>
  %5 = sonnx.unsqueeze %x, %n : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<*xi8>
  // Run-time axes of run-time length, a partly static result: the input
  // sizes in order with 1s inserted, where the unknown sizes agree with
  // any size.
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<?x7x1x0xi8>
  %7 = sonnx.unsqueeze %x, %n : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<?x7x1x0xi8>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<1x?x?x1xi8>
  %8 = sonnx.unsqueeze %x, %n : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<1x?x?x1xi8>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<?x0xi8>
  %9 = sonnx.unsqueeze %x, %n : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<?x0xi8>
  // Every position of a rank-3 result: [-3, 2].
  %all = arith.constant dense<[-3, 1, 2]> : tensor<3xi64>
  // CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3xi64>) -> tensor<1x1x1xf32>
  %6 = sonnx.unsqueeze %s, %all : (tensor<f32>, tensor<3xi64>) -> tensor<1x1x1xf32>
  return
}

// -----

// CHECK-LABEL: func @flatten_edges
func.func @flatten_edges(%s: tensor<f32>, %x: tensor<2x3x4xf32>, %d: tensor<2x?x0xi1>) {
  // CHECK: sonnx.flatten %{{.*}} {axis = 0 : i64} : (tensor<f32>) -> tensor<1x1xf32>
  %0 = sonnx.flatten %s {axis = 0 : i64} : (tensor<f32>) -> tensor<1x1xf32>
  // CHECK: sonnx.flatten %{{.*}} {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  %1 = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  // CHECK: sonnx.flatten %{{.*}} {axis = 3 : i64} : (tensor<2x3x4xf32>) -> tensor<24x1xf32>
  %2 = sonnx.flatten %x {axis = 3 : i64} : (tensor<2x3x4xf32>) -> tensor<24x1xf32>
  // CHECK: sonnx.flatten %{{.*}} {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %3 = sonnx.flatten %x {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: sonnx.flatten %{{.*}} {axis = -3 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  %4 = sonnx.flatten %x {axis = -3 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  // CHECK: sonnx.flatten %{{.*}} {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<?x0xi1>
  %5 = sonnx.flatten %d {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<?x0xi1>
  // CHECK: sonnx.flatten %{{.*}} {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<6x0xi1>
  %7 = sonnx.flatten %d {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<6x0xi1>
  // CHECK: sonnx.flatten %{{.*}} {axis = 1 : i64} : (tensor<2x?x0xi1>) -> tensor<2x0xi1>
  %6 = sonnx.flatten %d {axis = 1 : i64} : (tensor<2x?x0xi1>) -> tensor<2x0xi1>
  return
}

// -----

// CHECK-LABEL: func @broadcast_edges
func.func @broadcast_edges(%s: tensor<f16>, %x: tensor<0x1xi64>, %y: tensor<1xui8>, %d: tensor<?x4xf32>, %e: tensor<3x1xf64>) {
  // A single input is its own broadcast.
  // CHECK: sonnx.broadcast %{{.*}} : (tensor<f16>) -> tensor<f16>
  %0 = sonnx.broadcast %s : (tensor<f16>) -> tensor<f16>
  // 0 against 1 gives 0; a scalar takes the shape of the others.
  // CHECK: sonnx.broadcast %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f16>, tensor<0x1xi64>, tensor<1xui8>) -> (tensor<0x1xf16>, tensor<0x1xi64>, tensor<0x1xui8>)
  %1:3 = sonnx.broadcast %s, %x, %y : (tensor<f16>, tensor<0x1xi64>, tensor<1xui8>) -> (tensor<0x1xf16>, tensor<0x1xi64>, tensor<0x1xui8>)
  // An unknown size next to a known size other than 1 is that size.
  // CHECK: sonnx.broadcast %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<3x1xf64>) -> (tensor<3x4xf32>, tensor<3x4xf64>)
  %2:2 = sonnx.broadcast %d, %e : (tensor<?x4xf32>, tensor<3x1xf64>) -> (tensor<3x4xf32>, tensor<3x4xf64>)
  // Results may be more static than the inputs, alike.
  // CHECK: sonnx.broadcast %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<5x4xf32>, tensor<?x4xui8>)
  %4:2 = sonnx.broadcast %d, %y : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<5x4xf32>, tensor<?x4xui8>)
  // CHECK: sonnx.broadcast %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<?x4xf32>, tensor<?x?xui8>)
  %3:2 = sonnx.broadcast %d, %y : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<?x4xf32>, tensor<?x?xui8>)
  return
}

// -----

// CHECK-LABEL: func @expand_edges
func.func @expand_edges(%x: tensor<3x1xf32>, %z: tensor<0x1xi8>, %d: tensor<?x1xf64>, %t: tensor<2xi64>, %n: tensor<?xi64>) {
  // A 1 in the shape keeps the input size; a shorter shape is aligned right.
  %s = arith.constant dense<[1, 5]> : tensor<2xi64>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x5xf32>
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x5xf32>
  %short = arith.constant dense<[4]> : tensor<1xi64>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<3x4xf32>
  %1 = sonnx.expand %x, %short : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<3x4xf32>
  // 0 with 1 gives 0, and a size 0 in the shape expands a 1 to 0.
  %zz = arith.constant dense<[2, 1, 0]> : tensor<3xi64>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<0x1xi8>, tensor<3xi64>) -> tensor<2x0x0xi8>
  %2 = sonnx.expand %z, %zz : (tensor<0x1xi8>, tensor<3xi64>) -> tensor<2x0x0xi8>
  // Run-time shape values and dynamic input sizes.
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<?x1xf64>, tensor<1xi64>) -> tensor<?x4xf64>
  %3 = sonnx.expand %d, %short : (tensor<?x1xf64>, tensor<1xi64>) -> tensor<?x4xf64>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  %4 = sonnx.expand %x, %t : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  // A ranked result fixes the rank when the shape has a dynamic length.
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<2x3x7xf32>
  %e3 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<2x3x7xf32>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<3x?xf32>
  %e2 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<3x?xf32>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<*xf32>
  %5 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<*xf32>
  // axes_mapping: [H, W] -> [N, H, W, C].
  %m = arith.constant dense<[2, 3, 1, 4]> : tensor<4xi64>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} {axes_mapping = array<i64: 1, 2>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<2x3x1x4xf32>
  %6 = sonnx.expand %x, %m {axes_mapping = array<i64: 1, 2>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<2x3x1x4xf32>
  // CHECK: sonnx.expand %{{.*}}, %{{.*}} {axes_mapping = array<i64: 0, 3>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<3x3x1x4xf32>
  %m2 = arith.constant dense<[3, 3, 1, 4]> : tensor<4xi64>
  %7 = sonnx.expand %x, %m2 {axes_mapping = array<i64: 0, 3>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<3x3x1x4xf32>
  return
}

// -----

// An empty input whose other size is unknown: the count is 0 on the input
// side, unknown on the result side (a 0 copies the unknown size), and a
// result of 3 x ? can have 0 elements.
// CHECK-LABEL: func @reshape_empty_copied_unknown
// CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<0x?xf32>, tensor<2xi64>) -> tensor<3x?xf32>
func.func @reshape_empty_copied_unknown(%x: tensor<0x?xf32>) -> tensor<3x?xf32> {
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<0x?xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// An unranked result beside ranked ones that agree.
// CHECK-LABEL: func @broadcast_unranked_result
// CHECK: sonnx.broadcast %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<?xf32>) -> (tensor<*xf32>, tensor<2xf32>)
func.func @broadcast_unranked_result(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<*xf32>, tensor<2xf32>) {
  %0:2 = sonnx.broadcast %x, %y : (tensor<?xf32>, tensor<?xf32>) -> (tensor<*xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<*xf32>, tensor<2xf32>
}
