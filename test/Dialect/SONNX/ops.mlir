// Round trip of every op in the custom form, through the generic form, and
// through bytecode-free reparsing of both.
// RUN: sonnx-opt %s | sonnx-opt | FileCheck %s
// RUN: sonnx-opt %s -mlir-print-op-generic | sonnx-opt | FileCheck %s
// RUN: sonnx-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @reshape
// CHECK: sonnx.reshape %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x8xf32>
// CHECK: sonnx.reshape %{{.*}}, %{{.*}} {allowzero = 1 : i64} : (tensor<0x3x4xf32>, tensor<3xi64>) -> tensor<3x4x0xf32>
// GENERIC-LABEL: sym_name = "reshape"
// GENERIC: "sonnx.reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x8xf32>
// GENERIC: "sonnx.reshape"(%{{.*}}, %{{.*}}) <{allowzero = 1 : i64}> : (tensor<0x3x4xf32>, tensor<3xi64>) -> tensor<3x4x0xf32>
func.func @reshape(%x: tensor<2x3x4xf32>, %z: tensor<0x3x4xf32>) -> (tensor<3x8xf32>, tensor<3x4x0xf32>) {
  %s = arith.constant dense<[3, -1]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x8xf32>
  %s0 = arith.constant dense<[3, 4, 0]> : tensor<3xi64>
  %1 = sonnx.reshape %z, %s0 {allowzero = 1 : i64} : (tensor<0x3x4xf32>, tensor<3xi64>) -> tensor<3x4x0xf32>
  return %0, %1 : tensor<3x8xf32>, tensor<3x4x0xf32>
}

// The generic form is accepted as input as well.
// CHECK-LABEL: func @generic_input
// CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
// CHECK: sonnx.flatten %{{.*}} {axis = 1 : i64} : (tensor<1x3x4x1xf32>) -> tensor<1x12xf32>
func.func @generic_input(%x: tensor<3x4xf32>) -> tensor<1x12xf32> {
  %a = "arith.constant"() <{value = dense<[0, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "sonnx.unsqueeze"(%x, %a) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
  %1 = "sonnx.flatten"(%0) <{axis = 1 : i64}> : (tensor<1x3x4x1xf32>) -> tensor<1x12xf32>
  return %1 : tensor<1x12xf32>
}

// CHECK-LABEL: func @unsqueeze
// CHECK: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
// GENERIC-LABEL: sym_name = "unsqueeze"
// GENERIC: "sonnx.unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
func.func @unsqueeze(%x: tensor<3x4xf32>) -> tensor<1x3x4x1xf32> {
  %a = arith.constant dense<[0, -1]> : tensor<2xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
  return %0 : tensor<1x3x4x1xf32>
}

// CHECK-LABEL: func @flatten
// CHECK: sonnx.flatten %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// GENERIC-LABEL: sym_name = "flatten"
// GENERIC: "sonnx.flatten"(%{{.*}}) <{axis = 1 : i64}> : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
func.func @flatten(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// CHECK-LABEL: func @broadcast
// CHECK: %{{.*}}:2 = sonnx.broadcast %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
// GENERIC-LABEL: sym_name = "broadcast"
// GENERIC: "sonnx.broadcast"(%{{.*}}, %{{.*}}) : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
func.func @broadcast(%x0: tensor<3x1xf32>, %x1: tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>) {
  %z:2 = sonnx.broadcast %x0, %x1 : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
  return %z#0, %z#1 : tensor<3x4xf32>, tensor<3x4xi8>
}

// CHECK-LABEL: func @expand
// CHECK: sonnx.expand %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
// CHECK: sonnx.expand %{{.*}}, %{{.*}} {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
// GENERIC-LABEL: sym_name = "expand"
// GENERIC: "sonnx.expand"(%{{.*}}, %{{.*}}) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
// GENERIC: "sonnx.expand"(%{{.*}}, %{{.*}}) <{axes_mapping = array<i64: 1>}> : (tensor<3xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
func.func @expand(%x: tensor<3x1xf32>, %v: tensor<3xf32>) -> (tensor<2x3x6xf32>, tensor<2x3x4x5xf32>) {
  %s = arith.constant dense<[2, 1, 6]> : tensor<3xi64>
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
  %c = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
  %1 = sonnx.expand %v, %c {axes_mapping = array<i64: 1>} : (tensor<3xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
  return %0, %1 : tensor<2x3x6xf32>, tensor<2x3x4x5xf32>
}

// CHECK-LABEL: func @string_type
// CHECK: sonnx.flatten %{{.*}} {axis = 0 : i64} : (tensor<2x3x!sonnx.string>) -> tensor<1x6x!sonnx.string>
func.func @string_type(%x: tensor<2x3x!sonnx.string>) -> tensor<1x6x!sonnx.string> {
  %0 = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3x!sonnx.string>) -> tensor<1x6x!sonnx.string>
  return %0 : tensor<1x6x!sonnx.string>
}
