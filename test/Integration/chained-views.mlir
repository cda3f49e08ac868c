// Chains of shape ops where an op with a run-time shape or axes hides static
// sizes from the static op after it (issue 12). The lowering makes a size
// static on the strength of a run-time check through tensor.reshape, which
// upstream folding does not see through: the program stays valid IR whatever
// canonicalization learns of the sizes, and the check fires with its ID.
// (Where the element count is known through the chain, the lowering rejects
// the program at compile time instead: test/Conversion/SONNXToLinalg/
// known-counts.mlir.) Entry point `valid` runs every chain on valid values.
//
// RUN: sonnx-opt %s --sonnx-to-llvm -o %t
// RUN: mlir-runner %t -e valid -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALID
// RUN: not --crash mlir-runner %t -e count_at_run_time -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not --crash mlir-runner %t -e mapped_size_at_run_time -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=MAPPED

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

//===----------------------------------------------------------------------===//
// Chains under test.
//===----------------------------------------------------------------------===//

// The reproducer of the issue with a valid element count: 8 elements through
// a 5-D view of run-time sizes to 2x2x2.
func.func @eight_to_2x2x2(%x: tensor<8xf32>, %s: tensor<5xi64>) -> tensor<2x2x2xf32> {
  %a = sonnx.reshape %x, %s : (tensor<8xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  %c = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %b = sonnx.reshape %a, %c : (tensor<?x?x?x?x?xf32>, tensor<3xi64>) -> tensor<2x2x2xf32>
  return %b : tensor<2x2x2xf32>
}

// The same chain on an input of run-time size: reshape.count is checked at
// run time.
func.func @any_to_2x2x2(%x: tensor<?xf32>, %s: tensor<5xi64>) -> tensor<2x2x2xf32> {
  %a = sonnx.reshape %x, %s : (tensor<?xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  %c = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %b = sonnx.reshape %a, %c : (tensor<?x?x?x?x?xf32>, tensor<3xi64>) -> tensor<2x2x2xf32>
  return %b : tensor<2x2x2xf32>
}

// The rank-0 reproducer with a valid count: a scalar unsqueezed with
// run-time axes, then reshaped to one element.
func.func @scalar_to_1(%x: tensor<f32>, %a: tensor<2xi64>) -> tensor<1xf32> {
  %u = sonnx.unsqueeze %x, %a : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<[1]> : tensor<1xi64>
  %y = sonnx.reshape %u, %c : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// expand with axes_mapping maps a size known only at run time to a static
// result size 1; its input is a view of a 5x1 (resp. 1x1) tensor. The generic
// would pair the static loop range 1 with that input, which folding finds to
// have size 5: the input is made static through tensor.reshape.
func.func @map_5x1(%x: tensor<5x1xf32>, %s: tensor<2xi64>) -> tensor<1x3xf32> {
  %a = sonnx.reshape %x, %s : (tensor<5x1xf32>, tensor<2xi64>) -> tensor<?x1xf32>
  %c = arith.constant dense<[1, 3]> : tensor<2xi64>
  %b = sonnx.expand %a, %c {axes_mapping = array<i64: 0, 1>} : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<1x3xf32>
  return %b : tensor<1x3xf32>
}
func.func @map_1x1(%x: tensor<1x1xf32>, %s: tensor<2xi64>) -> tensor<1x3xf32> {
  %a = sonnx.reshape %x, %s : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<?x1xf32>
  %c = arith.constant dense<[1, 3]> : tensor<2xi64>
  %b = sonnx.expand %a, %c {axes_mapping = array<i64: 0, 1>} : (tensor<?x1xf32>, tensor<2xi64>) -> tensor<1x3xf32>
  return %b : tensor<1x3xf32>
}

//===----------------------------------------------------------------------===//
// Entry points.
//===----------------------------------------------------------------------===//

// VALID: rank = 3 offset = 0 sizes = [2, 2, 2] strides = [4, 2, 1] data =
// VALID-NEXT{LITERAL}: [[[0,    1],
// VALID-NEXT{LITERAL}:   [2,    3]],
// VALID-NEXT{LITERAL}:  [[4,    5],
// VALID-NEXT{LITERAL}:   [6,    7]]]
// VALID: rank = 3 offset = 0 sizes = [2, 2, 2] strides = [4, 2, 1] data =
// VALID-NEXT{LITERAL}: [[[0,    1],
// VALID-NEXT{LITERAL}:   [2,    3]],
// VALID-NEXT{LITERAL}:  [[4,    5],
// VALID-NEXT{LITERAL}:   [6,    7]]]
// VALID: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// VALID-NEXT: [42]
// VALID: rank = 2 offset = 0 sizes = [1, 3] strides = [3, 1] data =
// VALID-NEXT{LITERAL}: [[7,   7,   7]]
// VALID-NOT: rank
func.func @valid() {
  %x8 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %s = arith.constant dense<[2, 1, 2, 1, 2]> : tensor<5xi64>
  %r1 = call @eight_to_2x2x2(%x8, %s) : (tensor<8xf32>, tensor<5xi64>) -> tensor<2x2x2xf32>
  %u1 = tensor.cast %r1 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %xd = tensor.cast %x8 : tensor<8xf32> to tensor<?xf32>
  %s2 = arith.constant dense<[1, 8, 1, 1, 1]> : tensor<5xi64>
  %r2 = call @any_to_2x2x2(%xd, %s2) : (tensor<?xf32>, tensor<5xi64>) -> tensor<2x2x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %scalar = arith.constant dense<42.0> : tensor<f32>
  %a = arith.constant dense<[1, -2]> : tensor<2xi64>
  %r3 = call @scalar_to_1(%scalar, %a) : (tensor<f32>, tensor<2xi64>) -> tensor<1xf32>
  %u3 = tensor.cast %r3 : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %x11 = arith.constant dense<[[7.0]]> : tensor<1x1xf32>
  %s11 = arith.constant dense<[1, 1]> : tensor<2xi64>
  %r4 = call @map_1x1(%x11, %s11) : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<1x3xf32>
  %u4 = tensor.cast %r4 : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}

// The 4 elements of the input cannot make 2x2x2.
// COUNT: chained-views.mlir:{{[0-9]+}}:{{[0-9]+}}: 'sonnx.reshape' op the input and the resolved shape have different element counts [reshape.count]
// COUNT-NOT: rank =
func.func @count_at_run_time() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %xd = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %s = arith.constant dense<[1, 2, 1, 2, 1]> : tensor<5xi64>
  %r = call @any_to_2x2x2(%xd, %s) : (tensor<?xf32>, tensor<5xi64>) -> tensor<2x2x2xf32>
  %u = tensor.cast %r : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Input dimension 0 has size 5 at run time: it cannot map to size 1.
// MAPPED: chained-views.mlir:{{[0-9]+}}:{{[0-9]+}}: 'sonnx.expand' op {{.*}}[expand.axes_mapping]
// MAPPED-NOT: rank =
func.func @mapped_size_at_run_time() {
  %x = arith.constant dense<[[1.0], [2.0], [3.0], [4.0], [5.0]]> : tensor<5x1xf32>
  %s = arith.constant dense<[5, 1]> : tensor<2xi64>
  %r = call @map_5x1(%x, %s) : (tensor<5x1xf32>, tensor<2xi64>) -> tensor<1x3xf32>
  %u = tensor.cast %r : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
