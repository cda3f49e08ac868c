// --convert-sonnx-to-linalg creates no LLVM dialect op: a constant string
// tensor stays for --convert-sonnx-string-constants and its users read it
// through a cast to handles. Run after the conversion, that pass leaves casts
// from handles to strings and back, which --canonicalize folds.
// RUN: sonnx-opt %s --convert-sonnx-to-linalg | FileCheck %s
// RUN: sonnx-opt %s --convert-sonnx-to-linalg --convert-sonnx-string-constants --canonicalize \
// RUN:   | FileCheck %s --check-prefix=AFTER

// CHECK-NOT: llvm.
// CHECK-LABEL: func.func @constant() -> tensor<2x2xi64>
// CHECK: %[[C:.*]] = arith.constant dense<["a", "bc", "a", "d"]> : tensor<4x!sonnx.string>
// CHECK: %[[H:.*]] = builtin.unrealized_conversion_cast %[[C]] : tensor<4x!sonnx.string> to tensor<4xi64>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[H]] {{\[}}[0, 1]] output_shape [2, 2] : tensor<4xi64> into tensor<2x2xi64>
// CHECK: return %[[Y]]
// CHECK-NOT: llvm.

// AFTER-LABEL: func.func @constant() -> tensor<2x2xi64>
// AFTER-NOT: unrealized_conversion_cast
// AFTER: %[[Y:.*]] = tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x2xi64>
// AFTER-NOT: unrealized_conversion_cast
// AFTER: return %[[Y]]
func.func @constant() -> tensor<2x2x!sonnx.string> {
  %c = arith.constant dense<["a", "bc", "a", "d"]> : tensor<4x!sonnx.string>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %y = sonnx.reshape %c, %s : (tensor<4x!sonnx.string>, tensor<2xi64>) -> tensor<2x2x!sonnx.string>
  return %y : tensor<2x2x!sonnx.string>
}
