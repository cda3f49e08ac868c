// The size limit of constant folding: no fold creates a non-splat constant
// of more than N elements (N = 65536 for -canonicalize, the
// max-fold-elements option of -sonnx-canonicalize otherwise), so that
// expanding or copying a constant cannot blow up the IR. Splats are always
// folded.
// RUN: sonnx-opt %s -canonicalize -split-input-file -mlir-elide-elementsattrs-if-larger=16 | FileCheck %s --check-prefix=DEFAULT
// RUN: sonnx-opt %s -sonnx-canonicalize="max-fold-elements=4" -split-input-file -mlir-elide-elementsattrs-if-larger=16 | FileCheck %s --check-prefix=LIMIT4
// RUN: not sonnx-opt %s -sonnx-canonicalize="max-fold-elements=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: max-fold-elements must not be negative, got -1

// 65536 elements is at the default limit, 65538 above it.
// DEFAULT-LABEL: func @default_limit
// DEFAULT: %[[AT:.*]] = arith.constant dense_resource<__elided__> : tensor<32768x2xf32>
// DEFAULT: %[[ABOVE:.*]] = sonnx.expand %{{.*}} : (tensor<2xf32>, tensor<2xi64>) -> tensor<32769x2xf32>
// DEFAULT: return %[[AT]], %[[ABOVE]]
// LIMIT4-LABEL: func @default_limit
// LIMIT4-COUNT-2: sonnx.expand
func.func @default_limit() -> (tensor<32768x2xf32>, tensor<32769x2xf32>) {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = arith.constant dense<[32768, 2]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<32768x2xf32>
  %t = arith.constant dense<[32769, 2]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<2xf32>, tensor<2xi64>) -> tensor<32769x2xf32>
  return %0, %1 : tensor<32768x2xf32>, tensor<32769x2xf32>
}

// -----

// With max-fold-elements=4: 4 elements fold, 6 do not, for every op; a
// splat of 10000 elements does. The broadcast left with one used result
// becomes an expand (not folded either).
// DEFAULT-LABEL: func @small_limit
// DEFAULT-NOT: sonnx.
// DEFAULT: return
// LIMIT4-LABEL: func @small_limit
// LIMIT4-DAG: %[[AT:.*]] = arith.constant dense<{{\[\[}}1, 2], [1, 2]]> : tensor<2x2xi8>
// LIMIT4-DAG: %[[SPLAT:.*]] = arith.constant dense<5> : tensor<100x100xi8>
// LIMIT4-DAG: %[[ABOVE:.*]] = sonnx.expand %{{.*}} -> tensor<3x2xi8>
// LIMIT4-DAG: %[[R:.*]] = sonnx.reshape %{{.*}} -> tensor<2x3xi8>
// LIMIT4-DAG: %[[B:.*]] = sonnx.expand %{{.*}} -> tensor<3x2xi8>
// LIMIT4-NOT: sonnx.broadcast
// LIMIT4: return %[[AT]], %[[ABOVE]], %[[SPLAT]], %[[R]], %[[B]]
func.func @small_limit() -> (tensor<2x2xi8>, tensor<3x2xi8>, tensor<100x100xi8>, tensor<2x3xi8>, tensor<3x2xi8>) {
  %c = arith.constant dense<[1, 2]> : tensor<2xi8>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<2xi8>, tensor<2xi64>) -> tensor<2x2xi8>
  %t = arith.constant dense<[3, 2]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<2xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  %five = arith.constant dense<5> : tensor<1x100xi8>
  %u = arith.constant dense<[100, 100]> : tensor<2xi64>
  %2 = sonnx.expand %five, %u : (tensor<1x100xi8>, tensor<2xi64>) -> tensor<100x100xi8>
  %six = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
  %v = arith.constant dense<[2, 3]> : tensor<2xi64>
  %3 = sonnx.reshape %six, %v : (tensor<6xi8>, tensor<2xi64>) -> tensor<2x3xi8>
  %col = arith.constant dense<[[1], [2], [3]]> : tensor<3x1xi8>
  %4:2 = sonnx.broadcast %c, %col : (tensor<2xi8>, tensor<3x1xi8>) -> (tensor<3x2xi8>, tensor<3x2xi8>)
  return %0, %1, %2, %3, %4#0 : tensor<2x2xi8>, tensor<3x2xi8>, tensor<100x100xi8>, tensor<2x3xi8>, tensor<3x2xi8>
}
