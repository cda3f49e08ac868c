// The run-time checks: each entry point breaks one rule of the constraint
// catalogue with values known only at run time, and must abort with a
// message citing the rule's ID. Entry point `valid` runs the same functions
// on valid values and must not abort.
//
// RUN: sonnx-opt %s --sonnx-to-llvm -o %t
// RUN: mlir-runner %t -e valid -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALID
//
// RUN: not --crash mlir-runner %t -e reshape_below -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-BELOW
// RUN: not --crash mlir-runner %t -e reshape_minus1 -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-MINUS1
// RUN: not --crash mlir-runner %t -e reshape_zero_index -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-ZERO-INDEX
// RUN: not --crash mlir-runner %t -e reshape_allowzero_minus1 -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-ALLOWZERO
// RUN: not --crash mlir-runner %t -e reshape_count -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-COUNT
// RUN: not --crash mlir-runner %t -e reshape_count_multiple -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-COUNT-MULTIPLE
// RUN: not --crash mlir-runner %t -e reshape_count_zero -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-COUNT-ZERO
// RUN: not --crash mlir-runner %t -e reshape_copied_zero -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-COPIED-ZERO
// RUN: not --crash mlir-runner %t -e reshape_count_overflow -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-COUNT-OVERFLOW
// RUN: not --crash mlir-runner %t -e reshape_declared -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-DECLARED
// RUN: not --crash mlir-runner %t -e reshape_length -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESHAPE-LENGTH
// RUN: not --crash mlir-runner %t -e unranked_below -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNRANKED-BELOW
// RUN: not --crash mlir-runner %t -e unranked_minus1 -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNRANKED-MINUS1
// RUN: not --crash mlir-runner %t -e unranked_zero_index -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNRANKED-ZERO-INDEX
// RUN: not --crash mlir-runner %t -e unranked_allowzero_minus1 -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNRANKED-ALLOWZERO
// RUN: not --crash mlir-runner %t -e unranked_count -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNRANKED-COUNT
// RUN: not --crash mlir-runner %t -e unsqueeze_range -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-RANGE
// RUN: not --crash mlir-runner %t -e unsqueeze_twice -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-TWICE
// RUN: not --crash mlir-runner %t -e unsqueeze_declared -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-DECLARED
// RUN: not --crash mlir-runner %t -e unsqueeze_length -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-LENGTH
// RUN: not --crash mlir-runner %t -e flatten_declared -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=FLATTEN-DECLARED
// RUN: not --crash mlir-runner %t -e flatten_overflow -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=FLATTEN-OVERFLOW
// RUN: not --crash mlir-runner %t -e broadcast_sizes -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BROADCAST-SIZES
// RUN: not --crash mlir-runner %t -e broadcast_static_size -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BROADCAST-STATIC-SIZE
// RUN: not --crash mlir-runner %t -e broadcast_declared -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BROADCAST-DECLARED
// RUN: not --crash mlir-runner %t -e expand_negative -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-NEGATIVE
// RUN: not --crash mlir-runner %t -e expand_sizes -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-SIZES
// RUN: not --crash mlir-runner %t -e expand_shape_value -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-SHAPE-VALUE
// RUN: not --crash mlir-runner %t -e expand_mapping -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-MAPPING
// RUN: not --crash mlir-runner %t -e expand_mapping_value -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-MAPPING-VALUE
// RUN: not --crash mlir-runner %t -e expand_declared -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-DECLARED

func.func private @printMemrefShapeF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

//===----------------------------------------------------------------------===//
// Functions under test: shapes, axes and sizes are run-time values.
//===----------------------------------------------------------------------===//

func.func @reshape(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape3(%x: tensor<?x3xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @reshape_az(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
// A constant shape whose -1 the shape rules resolve statically (3) by
// cancelling the copied size, which is 0 at run time for an empty input.
func.func @reshape_copy(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
func.func @reshape_to_3x2(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
func.func @reshape_any_length(%x: tensor<?x3xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape_unranked(%x: tensor<?x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
func.func @reshape_unranked_az(%x: tensor<?x3xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
func.func @unsqueeze(%x: tensor<2x3xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}
func.func @unsqueeze_to_1x2x3(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<1x2x3xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  return %y : tensor<1x2x3xf32>
}
func.func @unsqueeze_any_length(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @flatten_to_3x4(%x: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
func.func @flatten2(%x: tensor<?x4x0xf32>) -> tensor<?x0xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x4x0xf32>) -> tensor<?x0xf32>
  return %y : tensor<?x0xf32>
}
func.func @broadcast(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return %z0, %z1 : tensor<?xf32>, tensor<?xf32>
}
func.func @broadcast_static(%a: tensor<?xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %z0, %z1 : tensor<4xf32>, tensor<4xf32>
}
func.func @broadcast_to_5(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>) {
  %z0, %z1 = sonnx.broadcast %a, %b : (tensor<?xf32>, tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>)
  return %z0, %z1 : tensor<5xf32>, tensor<?xf32>
}
func.func @expand(%x: tensor<?x1xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @expand_static(%x: tensor<3x1xf32>, %s: tensor<2xi64>) -> tensor<3x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}
func.func @expand_map(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @expand_map_static(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<3x?xf32> {
  %y = sonnx.expand %x, %s {axes_mapping = array<i64: 0>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}
func.func @expand_to_2x5(%x: tensor<1x1xf32>, %s: tensor<2xi64>) -> tensor<2x5xf32> {
  %y = sonnx.expand %x, %s : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

//===----------------------------------------------------------------------===//
// Inputs.
//===----------------------------------------------------------------------===//

func.func @x2x3() -> tensor<?x3xf32> {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %d = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  return %d : tensor<?x3xf32>
}
func.func @x0x3() -> tensor<?x3xf32> {
  %x = tensor.empty() : tensor<0x3xf32>
  %d = tensor.cast %x : tensor<0x3xf32> to tensor<?x3xf32>
  return %d : tensor<?x3xf32>
}
func.func @vec(%n: index) -> tensor<?xf32> {
  %x = tensor.empty(%n) : tensor<?xf32>
  return %x : tensor<?xf32>
}
func.func @col(%n: index) -> tensor<?x1xf32> {
  %x = tensor.empty(%n) : tensor<?x1xf32>
  return %x : tensor<?x1xf32>
}

//===----------------------------------------------------------------------===//
// Valid values: no check fires.
//===----------------------------------------------------------------------===//

// VALID: rank = 2 offset = 0 sizes = [3, 2]
// VALID: rank = 2 offset = 0 sizes = [2, 3]
// VALID: rank = 3 offset = 0 sizes = [2, 3, 1]
// VALID: rank = 2 offset = 0 sizes = [0, 3]
// VALID: rank = 2 offset = 0 sizes = [3, 2]
// VALID: rank = 2 offset = 0 sizes = [1, 6]
// VALID: rank = 3 offset = 0 sizes = [6, 1, 1]
// VALID: rank = 4 offset = 0 sizes = [1, 2, 3, 1]
// VALID: rank = 3 offset = 0 sizes = [1, 2, 3]
// VALID: rank = 3 offset = 0 sizes = [2, 3, 1]
// VALID: rank = 2 offset = 0 sizes = [3, 4]
// VALID: rank = 2 offset = 0 sizes = [0, 0]
// VALID: rank = 1 offset = 0 sizes = [4]
// VALID: rank = 1 offset = 0 sizes = [4]
// VALID: rank = 1 offset = 0 sizes = [5]
// VALID: rank = 2 offset = 0 sizes = [3, 2]
// VALID: rank = 2 offset = 0 sizes = [3, 2]
// VALID: rank = 2 offset = 0 sizes = [3, 5]
// VALID: rank = 2 offset = 0 sizes = [3, 5]
// VALID: rank = 2 offset = 0 sizes = [2, 5]
func.func @valid() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s1 = arith.constant dense<[3, -1]> : tensor<2xi64>
  %r1 = call @reshape(%x, %s1) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u1) : (tensor<*xf32>) -> ()
  %r1b = call @reshape_copy(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %u1b = tensor.cast %r1b : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u1b) : (tensor<*xf32>) -> ()
  %s2 = arith.constant dense<[0, 0, -1]> : tensor<3xi64>
  %r2 = call @reshape3(%x, %s2) : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u2) : (tensor<*xf32>) -> ()
  %e = call @x0x3() : () -> tensor<?x3xf32>
  %s3 = arith.constant dense<[0, 3]> : tensor<2xi64>
  %r3 = call @reshape_az(%e, %s3) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %u3 = tensor.cast %r3 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u3) : (tensor<*xf32>) -> ()
  %s4 = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r4 = call @reshape_to_3x2(%x, %s4) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %u4 = tensor.cast %r4 : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u4) : (tensor<*xf32>) -> ()
  %s5 = arith.constant dense<[1, 6]> : tensor<2xi64>
  %s5d = tensor.cast %s5 : tensor<2xi64> to tensor<?xi64>
  %r5 = call @reshape_any_length(%x, %s5d) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u5 = tensor.cast %r5 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u5) : (tensor<*xf32>) -> ()
  %s6 = arith.constant dense<[-1, 1, 1]> : tensor<3xi64>
  %s6d = tensor.cast %s6 : tensor<3xi64> to tensor<?xi64>
  %r6 = call @reshape_unranked(%x, %s6d) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefShapeF32(%r6) : (tensor<*xf32>) -> ()
  %x23 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a7 = arith.constant dense<[0, 3]> : tensor<2xi64>
  %r7 = call @unsqueeze(%x23, %a7) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  %u7 = tensor.cast %r7 : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u7) : (tensor<*xf32>) -> ()
  %a8 = arith.constant dense<[-3]> : tensor<1xi64>
  %r8 = call @unsqueeze_to_1x2x3(%x23, %a8) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %u8 = tensor.cast %r8 : tensor<1x2x3xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u8) : (tensor<*xf32>) -> ()
  %a9 = arith.constant dense<[2]> : tensor<1xi64>
  %a9d = tensor.cast %a9 : tensor<1xi64> to tensor<?xi64>
  %r9 = call @unsqueeze_any_length(%x23, %a9d) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  %u9 = tensor.cast %r9 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u9) : (tensor<*xf32>) -> ()
  %c3 = arith.constant 3 : index
  %m = tensor.empty(%c3) : tensor<?x4xf32>
  %r10 = call @flatten_to_3x4(%m) : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %u10 = tensor.cast %r10 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u10) : (tensor<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %z = tensor.empty(%c0) : tensor<?x4x0xf32>
  %r11 = call @flatten2(%z) : (tensor<?x4x0xf32>) -> tensor<?x0xf32>
  %u11 = tensor.cast %r11 : tensor<?x0xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u11) : (tensor<*xf32>) -> ()
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %v1 = call @vec(%c1) : (index) -> tensor<?xf32>
  %v4 = call @vec(%c4) : (index) -> tensor<?xf32>
  %b0, %b1 = call @broadcast(%v1, %v4) : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %u12 = tensor.cast %b0 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u12) : (tensor<*xf32>) -> ()
  %f4 = tensor.empty() : tensor<4xf32>
  %b2, %b3 = call @broadcast_static(%v1, %f4) : (tensor<?xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %u13 = tensor.cast %b2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u13) : (tensor<*xf32>) -> ()
  %v5 = call @vec(%c5) : (index) -> tensor<?xf32>
  %b4, %b5 = call @broadcast_to_5(%v5, %v1) : (tensor<?xf32>, tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>)
  %u14 = tensor.cast %b4 : tensor<5xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u14) : (tensor<*xf32>) -> ()
  %col3 = call @col(%c3) : (index) -> tensor<?x1xf32>
  %s15 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r15 = call @expand(%col3, %s15) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %u15 = tensor.cast %r15 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u15) : (tensor<*xf32>) -> ()
  %x31 = tensor.empty() : tensor<3x1xf32>
  %s16 = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r16 = call @expand_static(%x31, %s16) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  %u16 = tensor.cast %r16 : tensor<3x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u16) : (tensor<*xf32>) -> ()
  %v3 = call @vec(%c3) : (index) -> tensor<?xf32>
  %s17 = arith.constant dense<[3, 5]> : tensor<2xi64>
  %r17 = call @expand_map(%v3, %s17) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %u17 = tensor.cast %r17 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u17) : (tensor<*xf32>) -> ()
  %f3 = tensor.empty() : tensor<3xf32>
  %r18 = call @expand_map_static(%f3, %s17) : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  %u18 = tensor.cast %r18 : tensor<3x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u18) : (tensor<*xf32>) -> ()
  %one = tensor.empty() : tensor<1x1xf32>
  %s19 = arith.constant dense<[2, 5]> : tensor<2xi64>
  %r19 = call @expand_to_2x5(%one, %s19) : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  %u19 = tensor.cast %r19 : tensor<2x5xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u19) : (tensor<*xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Violations.
//===----------------------------------------------------------------------===//

// RESHAPE-BELOW: runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'sonnx.reshape' op shape[1] is below -1 [reshape.S.below]
func.func @reshape_below() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[-1, -2]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// RESHAPE-MINUS1: 'sonnx.reshape' op shape holds -1 more than once [reshape.S.minus1]
func.func @reshape_minus1() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[-1, -1]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// RESHAPE-ZERO-INDEX: 'sonnx.reshape' op shape[2] = 0 copies input dimension 2, but the input has rank 2 (allowzero = 0) [reshape.S.zero-index]
func.func @reshape_zero_index() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[2, 3, 0]> : tensor<3xi64>
  %r = call @reshape3(%x, %s) : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return
}

// RESHAPE-ALLOWZERO: 'sonnx.reshape' op shape holds both 0 and -1 with allowzero = 1 [reshape.allowzero.minus1]
func.func @reshape_allowzero_minus1() {
  %x = call @x0x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %r = call @reshape_az(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// RESHAPE-COUNT: 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @reshape_count() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, 2]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// RESHAPE-COUNT-MULTIPLE: 'sonnx.reshape' op cannot infer the -1 of shape: the element count of the input is not a multiple of the product of the other sizes [reshape.count]
func.func @reshape_count_multiple() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4, -1]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// A 0 copies the input size 0: the -1 is not inferable.
// RESHAPE-COUNT-ZERO: 'sonnx.reshape' op cannot infer the -1 of shape: the product of the other sizes is 0 [reshape.count]
func.func @reshape_count_zero() {
  %x = call @x0x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// RESHAPE-COPIED-ZERO: 'sonnx.reshape' op cannot infer the -1 of shape: the product of the other sizes is 0 [reshape.count]
func.func @reshape_copied_zero() {
  %x = call @x0x3() : () -> tensor<?x3xf32>
  %r = call @reshape_copy(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return
}

// RESHAPE-COUNT-OVERFLOW: 'sonnx.reshape' op the product of the sizes of shape overflows int64 [reshape.count]
func.func @reshape_count_overflow() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[4611686018427387904, 4]> : tensor<2xi64>
  %r = call @reshape(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// The shape is valid, but the result type says 3 x 2.
// RESHAPE-DECLARED: 'sonnx.reshape' op result dimension 0 is declared 3 but is a different size at run time [reshape.Y.shape]
func.func @reshape_declared() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = call @reshape_to_3x2(%x, %s) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// RESHAPE-LENGTH: 'sonnx.reshape' op shape has a length other than 2, the length that the declared result type implies [reshape.Y.shape]
func.func @reshape_length() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %sd = tensor.cast %s : tensor<3xi64> to tensor<?xi64>
  %r = call @reshape_any_length(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// UNRANKED-BELOW: 'sonnx.reshape' op a value of shape is below -1 [reshape.S.below]
func.func @unranked_below() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[6, 1, -7]> : tensor<3xi64>
  %sd = tensor.cast %s : tensor<3xi64> to tensor<?xi64>
  %r = call @reshape_unranked(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNRANKED-MINUS1: 'sonnx.reshape' op shape holds -1 more than once [reshape.S.minus1]
func.func @unranked_minus1() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[-1, 1, -1]> : tensor<3xi64>
  %sd = tensor.cast %s : tensor<3xi64> to tensor<?xi64>
  %r = call @reshape_unranked(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNRANKED-ZERO-INDEX: 'sonnx.reshape' op shape holds a 0 at an index that is not below the input rank 2 (allowzero = 0) [reshape.S.zero-index]
func.func @unranked_zero_index() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %sd = tensor.cast %s : tensor<3xi64> to tensor<?xi64>
  %r = call @reshape_unranked(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNRANKED-ALLOWZERO: 'sonnx.reshape' op shape holds both 0 and -1 with allowzero = 1 [reshape.allowzero.minus1]
func.func @unranked_allowzero_minus1() {
  %x = call @x0x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[-1, 0]> : tensor<2xi64>
  %sd = tensor.cast %s : tensor<2xi64> to tensor<?xi64>
  %r = call @reshape_unranked_az(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNRANKED-COUNT: 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
func.func @unranked_count() {
  %x = call @x2x3() : () -> tensor<?x3xf32>
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %sd = tensor.cast %s : tensor<1xi64> to tensor<?xi64>
  %r = call @reshape_unranked(%x, %sd) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNSQUEEZE-RANGE: 'sonnx.unsqueeze' op axes[1] is out of range [-4, 3] for a result of rank 4 [unsqueeze.A.C1]
func.func @unsqueeze_range() {
  %x = arith.constant dense<0.0> : tensor<2x3xf32>
  %a = arith.constant dense<[0, 4]> : tensor<2xi64>
  %r = call @unsqueeze(%x, %a) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return
}

// UNSQUEEZE-TWICE: 'sonnx.unsqueeze' op axes[0] and axes[1] designate the same axis [unsqueeze.A.C2]
func.func @unsqueeze_twice() {
  %x = arith.constant dense<0.0> : tensor<2x3xf32>
  %a = arith.constant dense<[3, -1]> : tensor<2xi64>
  %r = call @unsqueeze(%x, %a) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return
}

// Axes [2] give 2 x 3 x 1, but the result type says 1 x 2 x 3.
// UNSQUEEZE-DECLARED: 'sonnx.unsqueeze' op result dimension 0 is declared 1 but is a different size at run time [unsqueeze.Y.C1]
func.func @unsqueeze_declared() {
  %x = arith.constant dense<0.0> : tensor<2x3xf32>
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %r = call @unsqueeze_to_1x2x3(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  return
}

// UNSQUEEZE-LENGTH: 'sonnx.unsqueeze' op axes has a length other than 1, the length that the declared result type implies [unsqueeze.Y.C1]
func.func @unsqueeze_length() {
  %x = arith.constant dense<0.0> : tensor<2x3xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ad = tensor.cast %a : tensor<2xi64> to tensor<?xi64>
  %r = call @unsqueeze_any_length(%x, %ad) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  return
}

// FLATTEN-DECLARED: 'sonnx.flatten' op result dimension 0 is declared 3 but is a different size at run time [flatten.Y.C1]
func.func @flatten_declared() {
  %c2 = arith.constant 2 : index
  %x = tensor.empty(%c2) : tensor<?x4xf32>
  %r = call @flatten_to_3x4(%x) : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return
}

// An empty tensor whose sizes before the axis multiply beyond int64.
// FLATTEN-OVERFLOW: 'sonnx.flatten' op the product of the input sizes overflows int64 [flatten.Y.C1]
func.func @flatten_overflow() {
  %big = arith.constant 4611686018427387904 : index
  %x = tensor.empty(%big) : tensor<?x4x0xf32>
  %r = call @flatten2(%x) : (tensor<?x4x0xf32>) -> tensor<?x0xf32>
  return
}

// BROADCAST-SIZES: 'sonnx.broadcast' op input #0 is neither 1 nor the size of the other operands in dimension 0 of the broadcast [broadcast.E1]
func.func @broadcast_sizes() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = call @vec(%c3) : (index) -> tensor<?xf32>
  %b = call @vec(%c4) : (index) -> tensor<?xf32>
  %z0, %z1 = call @broadcast(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// BROADCAST-STATIC-SIZE: 'sonnx.broadcast' op input #0 is neither 1 nor 4 in dimension 0 of the broadcast [broadcast.E1]
func.func @broadcast_static_size() {
  %c3 = arith.constant 3 : index
  %a = call @vec(%c3) : (index) -> tensor<?xf32>
  %b = tensor.empty() : tensor<4xf32>
  %z0, %z1 = call @broadcast_static(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// BROADCAST-DECLARED: 'sonnx.broadcast' op result dimension 0 is declared 5 but the inputs broadcast to a different size at run time [broadcast.Z.shape]
func.func @broadcast_declared() {
  %c4 = arith.constant 4 : index
  %a = call @vec(%c4) : (index) -> tensor<?xf32>
  %z0, %z1 = call @broadcast_to_5(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> (tensor<5xf32>, tensor<?xf32>)
  return
}

// EXPAND-NEGATIVE: 'sonnx.expand' op shape[0] is negative [expand.S.negative]
func.func @expand_negative() {
  %c3 = arith.constant 3 : index
  %x = call @col(%c3) : (index) -> tensor<?x1xf32>
  %s = arith.constant dense<[-3, 2]> : tensor<2xi64>
  %r = call @expand(%x, %s) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-SIZES: 'sonnx.expand' op input dimension 0 is neither 1 nor the size of the other operands in dimension 0 of the broadcast [expand.E1]
func.func @expand_sizes() {
  %c3 = arith.constant 3 : index
  %x = call @col(%c3) : (index) -> tensor<?x1xf32>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %r = call @expand(%x, %s) : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-SHAPE-VALUE: 'sonnx.expand' op shape[0] is neither 1 nor 3 in dimension 0 of the broadcast [expand.E1]
func.func @expand_shape_value() {
  %x = tensor.empty() : tensor<3x1xf32>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %r = call @expand_static(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return
}

// EXPAND-MAPPING: 'sonnx.expand' op input dimension 0 is neither 1 nor shape[0] [expand.axes_mapping]
func.func @expand_mapping() {
  %c3 = arith.constant 3 : index
  %x = call @vec(%c3) : (index) -> tensor<?xf32>
  %s = arith.constant dense<[2, 5]> : tensor<2xi64>
  %r = call @expand_map(%x, %s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-MAPPING-VALUE: 'sonnx.expand' op shape[0] is not 3, the size of input dimension 0 mapped to it [expand.axes_mapping]
func.func @expand_mapping_value() {
  %x = tensor.empty() : tensor<3xf32>
  %s = arith.constant dense<[2, 5]> : tensor<2xi64>
  %r = call @expand_map_static(%x, %s) : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  return
}

// EXPAND-DECLARED: 'sonnx.expand' op result dimension 1 is declared 5 but is a different size at run time [expand.Y.shape]
func.func @expand_declared() {
  %x = tensor.empty() : tensor<1x1xf32>
  %s = arith.constant dense<[2, 4]> : tensor<2xi64>
  %r = call @expand_to_2x5(%x, %s) : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  return
}
