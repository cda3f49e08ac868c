// The element types each op takes, every one of them through the op (the
// *.types rules: reshape.types, unsqueeze.types, flatten.types,
// broadcast.types, expand.types; siN counts as intN); the result keeps the
// element type of the input (reshape.type, unsqueeze.type, flatten.type,
// expand.type, broadcast.X.C1). invalid-types.mlir has the types each op
// refuses.
// RUN: sonnx-opt %s | sonnx-opt | FileCheck %s

// CHECK-LABEL: func @type_i1
// CHECK: sonnx.reshape {{.*}} -> tensor<6xi1>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xi1>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi1>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xi1>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xi1>
func.func @type_i1(%x: tensor<2x3xi1>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<6xi1>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xi1>, tensor<1xi64>) -> tensor<1x2x3xi1>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xi1>, tensor<3xf32>) -> (tensor<2x3xi1>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xi1>, tensor<3xi64>) -> tensor<4x2x3xi1>
  return
}

// CHECK-LABEL: func @type_i4
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi4>
func.func @type_i4(%x: tensor<2x3xi4>, %y: tensor<3xf32>) {
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi4>) -> tensor<2x3xi4>
  return
}

// CHECK-LABEL: func @type_si4
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xsi4>
func.func @type_si4(%x: tensor<2x3xsi4>, %y: tensor<3xf32>) {
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xsi4>) -> tensor<2x3xsi4>
  return
}

// CHECK-LABEL: func @type_ui4
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xui4>
func.func @type_ui4(%x: tensor<2x3xui4>, %y: tensor<3xf32>) {
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xui4>) -> tensor<2x3xui4>
  return
}

// CHECK-LABEL: func @type_i8
// CHECK: sonnx.reshape {{.*}} -> tensor<6xi8>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xi8>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi8>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xi8>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xi8>
func.func @type_i8(%x: tensor<2x3xi8>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xi8>, tensor<1xi64>) -> tensor<6xi8>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xi8>, tensor<1xi64>) -> tensor<1x2x3xi8>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi8>) -> tensor<2x3xi8>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xi8>, tensor<3xf32>) -> (tensor<2x3xi8>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xi8>, tensor<3xi64>) -> tensor<4x2x3xi8>
  return
}

// CHECK-LABEL: func @type_si8
// CHECK: sonnx.reshape {{.*}} -> tensor<6xsi8>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xsi8>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xsi8>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xsi8>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xsi8>
func.func @type_si8(%x: tensor<2x3xsi8>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xsi8>, tensor<1xi64>) -> tensor<6xsi8>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xsi8>, tensor<1xi64>) -> tensor<1x2x3xsi8>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xsi8>) -> tensor<2x3xsi8>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xsi8>, tensor<3xf32>) -> (tensor<2x3xsi8>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xsi8>, tensor<3xi64>) -> tensor<4x2x3xsi8>
  return
}

// CHECK-LABEL: func @type_ui8
// CHECK: sonnx.reshape {{.*}} -> tensor<6xui8>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xui8>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xui8>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xui8>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xui8>
func.func @type_ui8(%x: tensor<2x3xui8>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xui8>, tensor<1xi64>) -> tensor<6xui8>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xui8>, tensor<1xi64>) -> tensor<1x2x3xui8>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xui8>) -> tensor<2x3xui8>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xui8>, tensor<3xf32>) -> (tensor<2x3xui8>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xui8>, tensor<3xi64>) -> tensor<4x2x3xui8>
  return
}

// CHECK-LABEL: func @type_i16
// CHECK: sonnx.reshape {{.*}} -> tensor<6xi16>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xi16>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi16>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xi16>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xi16>
func.func @type_i16(%x: tensor<2x3xi16>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xi16>, tensor<1xi64>) -> tensor<6xi16>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xi16>, tensor<1xi64>) -> tensor<1x2x3xi16>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi16>) -> tensor<2x3xi16>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xi16>, tensor<3xf32>) -> (tensor<2x3xi16>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xi16>, tensor<3xi64>) -> tensor<4x2x3xi16>
  return
}

// CHECK-LABEL: func @type_si16
// CHECK: sonnx.reshape {{.*}} -> tensor<6xsi16>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xsi16>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xsi16>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xsi16>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xsi16>
func.func @type_si16(%x: tensor<2x3xsi16>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xsi16>, tensor<1xi64>) -> tensor<6xsi16>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xsi16>, tensor<1xi64>) -> tensor<1x2x3xsi16>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xsi16>) -> tensor<2x3xsi16>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xsi16>, tensor<3xf32>) -> (tensor<2x3xsi16>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xsi16>, tensor<3xi64>) -> tensor<4x2x3xsi16>
  return
}

// CHECK-LABEL: func @type_ui16
// CHECK: sonnx.reshape {{.*}} -> tensor<6xui16>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xui16>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xui16>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xui16>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xui16>
func.func @type_ui16(%x: tensor<2x3xui16>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xui16>, tensor<1xi64>) -> tensor<6xui16>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xui16>, tensor<1xi64>) -> tensor<1x2x3xui16>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xui16>) -> tensor<2x3xui16>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xui16>, tensor<3xf32>) -> (tensor<2x3xui16>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xui16>, tensor<3xi64>) -> tensor<4x2x3xui16>
  return
}

// CHECK-LABEL: func @type_i32
// CHECK: sonnx.reshape {{.*}} -> tensor<6xi32>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xi32>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi32>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xi32>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xi32>
func.func @type_i32(%x: tensor<2x3xi32>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<6xi32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<1x2x3xi32>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xi32>, tensor<3xf32>) -> (tensor<2x3xi32>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xi32>, tensor<3xi64>) -> tensor<4x2x3xi32>
  return
}

// CHECK-LABEL: func @type_si32
// CHECK: sonnx.reshape {{.*}} -> tensor<6xsi32>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xsi32>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xsi32>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xsi32>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xsi32>
func.func @type_si32(%x: tensor<2x3xsi32>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xsi32>, tensor<1xi64>) -> tensor<6xsi32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xsi32>, tensor<1xi64>) -> tensor<1x2x3xsi32>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xsi32>) -> tensor<2x3xsi32>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xsi32>, tensor<3xf32>) -> (tensor<2x3xsi32>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xsi32>, tensor<3xi64>) -> tensor<4x2x3xsi32>
  return
}

// CHECK-LABEL: func @type_ui32
// CHECK: sonnx.reshape {{.*}} -> tensor<6xui32>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xui32>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xui32>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xui32>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xui32>
func.func @type_ui32(%x: tensor<2x3xui32>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xui32>, tensor<1xi64>) -> tensor<6xui32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xui32>, tensor<1xi64>) -> tensor<1x2x3xui32>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xui32>) -> tensor<2x3xui32>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xui32>, tensor<3xf32>) -> (tensor<2x3xui32>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xui32>, tensor<3xi64>) -> tensor<4x2x3xui32>
  return
}

// CHECK-LABEL: func @type_i64
// CHECK: sonnx.reshape {{.*}} -> tensor<6xi64>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xi64>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xi64>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xi64>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xi64>
func.func @type_i64(%x: tensor<2x3xi64>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<6xi64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<1x2x3xi64>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xi64>) -> tensor<2x3xi64>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xi64>, tensor<3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<4x2x3xi64>
  return
}

// CHECK-LABEL: func @type_si64
// CHECK: sonnx.reshape {{.*}} -> tensor<6xsi64>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xsi64>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xsi64>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xsi64>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xsi64>
func.func @type_si64(%x: tensor<2x3xsi64>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xsi64>, tensor<1xi64>) -> tensor<6xsi64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xsi64>, tensor<1xi64>) -> tensor<1x2x3xsi64>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xsi64>) -> tensor<2x3xsi64>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xsi64>, tensor<3xf32>) -> (tensor<2x3xsi64>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xsi64>, tensor<3xi64>) -> tensor<4x2x3xsi64>
  return
}

// CHECK-LABEL: func @type_ui64
// CHECK: sonnx.reshape {{.*}} -> tensor<6xui64>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xui64>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xui64>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xui64>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xui64>
func.func @type_ui64(%x: tensor<2x3xui64>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xui64>, tensor<1xi64>) -> tensor<6xui64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xui64>, tensor<1xi64>) -> tensor<1x2x3xui64>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xui64>) -> tensor<2x3xui64>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xui64>, tensor<3xf32>) -> (tensor<2x3xui64>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xui64>, tensor<3xi64>) -> tensor<4x2x3xui64>
  return
}

// CHECK-LABEL: func @type_f16
// CHECK: sonnx.reshape {{.*}} -> tensor<6xf16>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xf16>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xf16>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xf16>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xf16>
func.func @type_f16(%x: tensor<2x3xf16>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf16>, tensor<1xi64>) -> tensor<6xf16>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xf16>, tensor<1xi64>) -> tensor<1x2x3xf16>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xf16>, tensor<3xf32>) -> (tensor<2x3xf16>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xf16>, tensor<3xi64>) -> tensor<4x2x3xf16>
  return
}

// CHECK-LABEL: func @type_bf16
// CHECK: sonnx.reshape {{.*}} -> tensor<6xbf16>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xbf16>
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xbf16>
func.func @type_bf16(%x: tensor<2x3xbf16>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xbf16>, tensor<1xi64>) -> tensor<6xbf16>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xbf16>, tensor<3xi64>) -> tensor<4x2x3xbf16>
  return
}

// CHECK-LABEL: func @type_f32
// CHECK: sonnx.reshape {{.*}} -> tensor<6xf32>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xf32>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xf32>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xf32>
func.func @type_f32(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  return
}

// CHECK-LABEL: func @type_f64
// CHECK: sonnx.reshape {{.*}} -> tensor<6xf64>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3xf64>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3xf64>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3xf64>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xf64>
func.func @type_f64(%x: tensor<2x3xf64>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf64>, tensor<1xi64>) -> tensor<6xf64>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xf64>, tensor<1xi64>) -> tensor<1x2x3xf64>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3xf64>, tensor<3xf32>) -> (tensor<2x3xf64>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xf64>, tensor<3xi64>) -> tensor<4x2x3xf64>
  return
}

// CHECK-LABEL: func @type_string
// CHECK: sonnx.reshape {{.*}} -> tensor<6x!sonnx.string>
// CHECK: sonnx.unsqueeze {{.*}} -> tensor<1x2x3x!sonnx.string>
// CHECK: sonnx.flatten {{.*}} -> tensor<2x3x!sonnx.string>
// CHECK: sonnx.broadcast {{.*}} -> (tensor<2x3x!sonnx.string>, tensor<2x3xf32>)
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3x!sonnx.string>
func.func @type_string(%x: tensor<2x3x!sonnx.string>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<6x!sonnx.string>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<1x2x3x!sonnx.string>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x!sonnx.string>) -> tensor<2x3x!sonnx.string>
  %3:2 = sonnx.broadcast %x, %y : (tensor<2x3x!sonnx.string>, tensor<3xf32>) -> (tensor<2x3x!sonnx.string>, tensor<2x3xf32>)
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3x!sonnx.string>, tensor<3xi64>) -> tensor<4x2x3x!sonnx.string>
  return
}

// CHECK-LABEL: func @type_c32
// CHECK: sonnx.reshape {{.*}} -> tensor<6xcomplex<f32>>
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xcomplex<f32>>
func.func @type_c32(%x: tensor<2x3xcomplex<f32>>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xcomplex<f32>>, tensor<1xi64>) -> tensor<6xcomplex<f32>>
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xcomplex<f32>>, tensor<3xi64>) -> tensor<4x2x3xcomplex<f32>>
  return
}

// CHECK-LABEL: func @type_c64
// CHECK: sonnx.reshape {{.*}} -> tensor<6xcomplex<f64>>
// CHECK: sonnx.expand {{.*}} -> tensor<4x2x3xcomplex<f64>>
func.func @type_c64(%x: tensor<2x3xcomplex<f64>>, %y: tensor<3xf32>) {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xcomplex<f64>>, tensor<1xi64>) -> tensor<6xcomplex<f64>>
  %e = arith.constant dense<[4, 1, 1]> : tensor<3xi64>
  %4 = sonnx.expand %x, %e : (tensor<2x3xcomplex<f64>>, tensor<3xi64>) -> tensor<4x2x3xcomplex<f64>>
  return
}
