// Functions for test/Deploy/functional-ops.test: the constructs of the
// profile's ops that the functional contracts of the C output state, one
// small function each (sonnx-compile --function).

// A broadcast of three inputs: each result reads its own input.
func.func @broadcast3(%a: tensor<3x1xi8>, %b: tensor<4xi8>, %c: tensor<1xi8>)
    -> (tensor<3x4xi8>, tensor<3x4xi8>, tensor<3x4xi8>) {
  %z:3 = sonnx.broadcast %a, %b, %c : (tensor<3x1xi8>, tensor<4xi8>, tensor<1xi8>) -> (tensor<3x4xi8>, tensor<3x4xi8>, tensor<3x4xi8>)
  return %z#0, %z#1, %z#2 : tensor<3x4xi8>, tensor<3x4xi8>, tensor<3x4xi8>
}

// An expand with axes_mapping: input axis 1 (size 1) is result axis 2.
func.func @axes_mapping(%a: tensor<3x1xi8>) -> tensor<3x5x4xi8> {
  %s = arith.constant dense<[3, 5, 4]> : tensor<3xi64>
  %m = sonnx.expand %a, %s {axes_mapping = array<i64: 0, 2>} : (tensor<3x1xi8>, tensor<3xi64>) -> tensor<3x5x4xi8>
  return %m : tensor<3x5x4xi8>
}

// Two expands of bools in a row (the inliner's canonicalization folds
// them into one in the code; the contract composes both).
func.func @expands(%d: tensor<2x3xi1>) -> tensor<2x4x3xi1> {
  %s = arith.constant dense<[2, 1, 3]> : tensor<3xi64>
  %u = sonnx.expand %d, %s {axes_mapping = array<i64: 0, 2>} : (tensor<2x3xi1>, tensor<3xi64>) -> tensor<2x1x3xi1>
  %s2 = arith.constant dense<[2, 4, 3]> : tensor<3xi64>
  %v = sonnx.expand %u, %s2 : (tensor<2x1x3xi1>, tensor<3xi64>) -> tensor<2x4x3xi1>
  return %v : tensor<2x4x3xi1>
}

// A broadcast, two expands and three reshapes in a row.
func.func @chain(%a: tensor<3x1xi8>, %b: tensor<4xi8>) -> tensor<4x12xi8> {
  %z:2 = sonnx.broadcast %a, %b : (tensor<3x1xi8>, tensor<4xi8>) -> (tensor<3x4xi8>, tensor<3x4xi8>)
  %s = arith.constant dense<[2, 1, 1, 1]> : tensor<4xi64>
  %t = sonnx.expand %z#0, %s : (tensor<3x4xi8>, tensor<4xi64>) -> tensor<2x1x3x4xi8>
  %s2 = arith.constant dense<[1, 2, 1, 1]> : tensor<4xi64>
  %t2 = sonnx.expand %t, %s2 : (tensor<2x1x3x4xi8>, tensor<4xi64>) -> tensor<2x2x3x4xi8>
  %s3 = arith.constant dense<[2, 2, 2, 6]> : tensor<4xi64>
  %t3 = sonnx.reshape %t2, %s3 : (tensor<2x2x3x4xi8>, tensor<4xi64>) -> tensor<2x2x2x6xi8>
  %s4 = arith.constant dense<[2, 2, 2, 1, 6]> : tensor<5xi64>
  %t4 = sonnx.reshape %t3, %s4 : (tensor<2x2x2x6xi8>, tensor<5xi64>) -> tensor<2x2x2x1x6xi8>
  %s5 = arith.constant dense<[4, 12]> : tensor<2xi64>
  %t5 = sonnx.reshape %t4, %s5 : (tensor<2x2x2x1x6xi8>, tensor<2xi64>) -> tensor<4x12xi8>
  return %t5 : tensor<4x12xi8>
}

// An expand whose result shape only the canonicalization makes static:
// the contract is derived after it (from the inlined function).
func.func @refined(%x: tensor<3x1xf32>) -> tensor<12xf32> {
  %c = arith.constant dense<[3, 4]> : tensor<2xi64>
  %y = sonnx.expand %x, %c : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %s = arith.constant dense<[12]> : tensor<1xi64>
  %z = sonnx.reshape %y, %s : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<12xf32>
  return %z : tensor<12xf32>
}

// An expand of a rank-0 f64: every element is the only one.
func.func @scalar(%e: tensor<f64>) -> tensor<2x2xf64> {
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %f = sonnx.expand %e, %s : (tensor<f64>, tensor<2xi64>) -> tensor<2x2xf64>
  return %f : tensor<2x2xf64>
}
