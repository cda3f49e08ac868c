// Shape operands of dynamic length whose length the declared result type
// does not fix: `sonnx.expand` to a result of the input rank (the run-time
// length L of shape may be anything up to that rank, [expand.Y.shape]) and
// `sonnx.unsqueeze` to an unranked result (rank rank(X) + L). Entry point
// `valid` runs valid values and prints the results; each other entry point
// breaks one rule at run time and must abort citing its ID.
//
// RUN: sonnx-opt %s --sonnx-to-llvm -o %t
// RUN: mlir-runner %t -e valid -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALID
//
// RUN: not --crash mlir-runner %t -e expand_too_long -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-TOO-LONG
// RUN: not --crash mlir-runner %t -e expand_negative -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-NEGATIVE
// RUN: not --crash mlir-runner %t -e expand_sizes -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-SIZES
// RUN: not --crash mlir-runner %t -e expand_dynamic_sizes -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EXPAND-DYNAMIC-SIZES
// RUN: not --crash mlir-runner %t -e unsqueeze_range -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-RANGE
// RUN: not --crash mlir-runner %t -e unsqueeze_twice -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UNSQUEEZE-TWICE

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

//===----------------------------------------------------------------------===//
// Functions under test
//===----------------------------------------------------------------------===//

func.func @expand(%x: tensor<3x1xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @expand_dynamic(%x: tensor<?x?xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @unsqueeze(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

func.func @x3x1() -> tensor<3x1xf32> {
  %x = arith.constant dense<[[0.0], [1.0], [2.0]]> : tensor<3x1xf32>
  return %x : tensor<3x1xf32>
}
func.func @x2x3() -> tensor<2x3xf32> {
  %x = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}
func.func @print(%y: tensor<?x?xf32>) {
  %u = tensor.cast %y : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Valid values
//===----------------------------------------------------------------------===//

// A shorter shape: [4] is read as [1, 4].
// VALID: rank = 2 offset = 0 sizes = [3, 4]
// VALID-NEXT: {{\[}}[0, 0, 0, 0],
// VALID-NEXT: [1, 1, 1, 1],
// VALID-NEXT: [2, 2, 2, 2]]
// A shape of the input rank.
// VALID: rank = 2 offset = 0 sizes = [3, 4]
// VALID-NEXT: {{\[}}[0, 0, 0, 0],
// VALID-NEXT: [1, 1, 1, 1],
// VALID-NEXT: [2, 2, 2, 2]]
// An empty shape: the input itself.
// VALID: rank = 2 offset = 0 sizes = [3, 1]
// VALID-NEXT: {{\[}}[0],
// VALID-NEXT: [1],
// VALID-NEXT: [2]]
// A 1 in a shorter shape keeps the input size; dynamic input sizes.
// VALID: rank = 2 offset = 0 sizes = [3, 1]
// VALID: rank = 2 offset = 0 sizes = [3, 4]
// Unsqueeze to an unranked result: axes [0, 3], [-1] and [].
// VALID: rank = 4 offset = 0 sizes = [1, 2, 3, 1]
// VALID-NEXT: {{\[}}[{{\[}}[0],
// VALID: rank = 3 offset = 0 sizes = [2, 3, 1]
// VALID: rank = 2 offset = 0 sizes = [2, 3]
// VALID-NEXT: {{\[}}[0, 1, 2],
// VALID-NEXT: [3, 4, 5]]
func.func @valid() {
  %x = call @x3x1() : () -> tensor<3x1xf32>
  %s1 = arith.constant dense<[4]> : tensor<1xi64>
  %s1d = tensor.cast %s1 : tensor<1xi64> to tensor<?xi64>
  %y1 = call @expand(%x, %s1d) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%y1) : (tensor<?x?xf32>) -> ()
  %s2 = arith.constant dense<[3, 4]> : tensor<2xi64>
  %s2d = tensor.cast %s2 : tensor<2xi64> to tensor<?xi64>
  %y2 = call @expand(%x, %s2d) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%y2) : (tensor<?x?xf32>) -> ()
  %s3 = arith.constant dense<> : tensor<0xi64>
  %s3d = tensor.cast %s3 : tensor<0xi64> to tensor<?xi64>
  %y3 = call @expand(%x, %s3d) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%y3) : (tensor<?x?xf32>) -> ()
  %xd = tensor.cast %x : tensor<3x1xf32> to tensor<?x?xf32>
  %s4 = arith.constant dense<[1]> : tensor<1xi64>
  %s4d = tensor.cast %s4 : tensor<1xi64> to tensor<?xi64>
  %y4 = call @expand_dynamic(%xd, %s4d) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%y4) : (tensor<?x?xf32>) -> ()
  %y5 = call @expand_dynamic(%xd, %s1d) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%y5) : (tensor<?x?xf32>) -> ()

  %x23 = call @x2x3() : () -> tensor<2x3xf32>
  %a1 = arith.constant dense<[0, 3]> : tensor<2xi64>
  %a1d = tensor.cast %a1 : tensor<2xi64> to tensor<?xi64>
  %u1 = call @unsqueeze(%x23, %a1d) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %a2 = arith.constant dense<[-1]> : tensor<1xi64>
  %a2d = tensor.cast %a2 : tensor<1xi64> to tensor<?xi64>
  %u2 = call @unsqueeze(%x23, %a2d) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = call @unsqueeze(%x23, %s3d) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Rule violations
//===----------------------------------------------------------------------===//

// EXPAND-TOO-LONG: 'sonnx.expand' op shape has a length above 2, the rank of the declared result type [expand.Y.shape]
func.func @expand_too_long() {
  %x = call @x3x1() : () -> tensor<3x1xf32>
  %s = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %sd = tensor.cast %s : tensor<3xi64> to tensor<?xi64>
  %y = call @expand(%x, %sd) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-NEGATIVE: 'sonnx.expand' op the value of shape aligned with result dimension 1 is negative [expand.S.negative]
func.func @expand_negative() {
  %x = call @x3x1() : () -> tensor<3x1xf32>
  %s = arith.constant dense<[-4]> : tensor<1xi64>
  %sd = tensor.cast %s : tensor<1xi64> to tensor<?xi64>
  %y = call @expand(%x, %sd) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-SIZES: 'sonnx.expand' op the value of shape aligned with result dimension 0 is neither 1 nor 3 in dimension 0 of the broadcast [expand.E1]
func.func @expand_sizes() {
  %x = call @x3x1() : () -> tensor<3x1xf32>
  %s = arith.constant dense<[2, 4]> : tensor<2xi64>
  %sd = tensor.cast %s : tensor<2xi64> to tensor<?xi64>
  %y = call @expand(%x, %sd) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// EXPAND-DYNAMIC-SIZES: 'sonnx.expand' op input dimension 0 is neither 1 nor the size of the other operands in dimension 0 of the broadcast [expand.E1]
func.func @expand_dynamic_sizes() {
  %x = call @x3x1() : () -> tensor<3x1xf32>
  %xd = tensor.cast %x : tensor<3x1xf32> to tensor<?x?xf32>
  %s = arith.constant dense<[2, 4]> : tensor<2xi64>
  %sd = tensor.cast %s : tensor<2xi64> to tensor<?xi64>
  %y = call @expand_dynamic(%xd, %sd) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return
}

// UNSQUEEZE-RANGE: 'sonnx.unsqueeze' op a value of axes is out of range [-r, r - 1] for the result rank r = rank(data) + length of axes [unsqueeze.A.C1]
func.func @unsqueeze_range() {
  %x = call @x2x3() : () -> tensor<2x3xf32>
  %a = arith.constant dense<[0, 4]> : tensor<2xi64>
  %ad = tensor.cast %a : tensor<2xi64> to tensor<?xi64>
  %y = call @unsqueeze(%x, %ad) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}

// UNSQUEEZE-TWICE: 'sonnx.unsqueeze' op two values of axes designate the same axis [unsqueeze.A.C2]
func.func @unsqueeze_twice() {
  %x = call @x2x3() : () -> tensor<2x3xf32>
  %a = arith.constant dense<[1, -3]> : tensor<2xi64>
  %ad = tensor.cast %a : tensor<2xi64> to tensor<?xi64>
  %y = call @unsqueeze(%x, %ad) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  return
}
