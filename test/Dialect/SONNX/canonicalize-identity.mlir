// Identity removal: a reshape, unsqueeze, flatten or expand whose result
// type is its (static) input type is its input, once every rule of the op is
// decided at compile time. With a dynamic size or a run-time shape the op
// may carry a run-time check, so it stays.
// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func @identity_fires
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identity_fires(%x: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // A 0 (allowzero = 0) copies 2 and -1 resolves to 3.
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %e = arith.constant dense<> : tensor<0xi64>
  %1 = sonnx.unsqueeze %x, %e : (tensor<2x3xf32>, tensor<0xi64>) -> tensor<2x3xf32>
  %2 = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = arith.constant dense<[1, 3]> : tensor<2xi64>
  %3 = sonnx.expand %x, %t : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %m = arith.constant dense<[2, 3]> : tensor<2xi64>
  %4 = sonnx.expand %x, %m {axes_mapping = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// allowzero = 1 on a zero-size input: the 0 is a size 0, equal to the input.
// CHECK-LABEL: func @identity_allowzero
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xf32>
// CHECK-NOT: sonnx.
// CHECK: return %[[X]]
func.func @identity_allowzero(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %s = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// -----

// A flatten of a 2-D input at axis 0 with a leading 1 is an identity too.
// CHECK-LABEL: func @identity_flatten_axis0
// CHECK-SAME: (%[[X:.*]]: tensor<1x5xi8>
// CHECK-NOT: sonnx.
// CHECK: return %[[X]]
func.func @identity_flatten_axis0(%x: tensor<1x5xi8>) -> tensor<1x5xi8> {
  %0 = sonnx.flatten %x {axis = -2 : i64} : (tensor<1x5xi8>) -> tensor<1x5xi8>
  return %0 : tensor<1x5xi8>
}

// -----

// Run-time shape values: the reshape must check them at run time.
// CHECK-LABEL: func @no_identity_runtime_shape
// CHECK: sonnx.reshape
// CHECK: sonnx.expand
func.func @no_identity_runtime_shape(%x: tensor<2x3xf32>, %s: tensor<2xi64>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  // The broadcast shape is [2, 3] whatever %s is, but %s must still be
  // checked (expand.E1 at run time).
  %1 = sonnx.expand %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Dynamic sizes. flatten and unsqueeze compute their result from the input
// sizes alone and have no run-time check: an identity goes. A reshape may
// check at run time: [?, 3] -> [0, -1] is [?, 3], but the -1 cannot be
// inferred when the ? is 0 (reshape.count), so it stays. An expand to
// [5, 3] declared ?x3 is no identity at all: a ? of 1 becomes 5.
// CHECK-LABEL: func @identity_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>
// CHECK: %[[R:.*]] = sonnx.reshape %[[X]]
// CHECK-NOT: sonnx.flatten
// CHECK-NOT: sonnx.unsqueeze
// CHECK: %[[E:.*]] = sonnx.expand %[[X]], %{{.*}} -> tensor<5x3xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<5x3xf32> to tensor<?x3xf32>
// CHECK: return %[[R]], %[[X]], %[[X]], %[[C]]
func.func @identity_dynamic(%x: tensor<?x3xf32>)
    -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %1 = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %e = arith.constant dense<> : tensor<0xi64>
  %2 = sonnx.unsqueeze %x, %e : (tensor<?x3xf32>, tensor<0xi64>) -> tensor<?x3xf32>
  %t = arith.constant dense<[5, 3]> : tensor<2xi64>
  %3 = sonnx.expand %x, %t : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0, %1, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// reshape.count proved symbolically (getSymbolicReshape): the 0s
// copy every unknown input size, so both element counts are the same
// product whatever the ? is, the reshape decides every rule and an identity
// goes. [2, 3] on [?, 3] does not copy the ?, and [0, -1] may meet a ? of 0
// (the -1 is then not inferable): both keep their run-time check.
// CHECK-LABEL: func @identity_count_proved
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[Z:.*]]: tensor<?x0x?xf32>
// CHECK-NOT: sonnx.reshape %[[X]], %{{.*}} -> tensor<?x3xf32>
// CHECK: %[[N:.*]] = sonnx.reshape %[[X]], %{{.*}} -> tensor<2x3xf32>
// CHECK: %[[M:.*]] = sonnx.reshape %[[X]], %{{.*}} -> tensor<?x3xf32>
// CHECK-NOT: sonnx.reshape
// CHECK: return %[[X]], %{{.*}}, %[[M]], %[[Z]]
func.func @identity_count_proved(%x: tensor<?x3xf32>, %z: tensor<?x0x?xf32>)
    -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x0x?xf32>) {
  %s = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %t = arith.constant dense<[2, 3]> : tensor<2xi64>
  %1 = sonnx.reshape %x, %t : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %m = arith.constant dense<[0, -1]> : tensor<2xi64>
  %2 = sonnx.reshape %x, %m : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  // Without elements: 0 = 0, whatever the ?s.
  %k = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %3 = sonnx.reshape %z, %k : (tensor<?x0x?xf32>, tensor<3xi64>) -> tensor<?x0x?xf32>
  return %0, %1, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x0x?xf32>
}

// -----

// Not identities: the type changes.
// CHECK-LABEL: func @no_identity_new_type
// CHECK: sonnx.reshape
// CHECK: sonnx.unsqueeze
// CHECK: sonnx.flatten
// CHECK: sonnx.expand
func.func @no_identity_new_type(%x: tensor<2x3xf32>)
    -> (tensor<3x2xf32>, tensor<1x2x3xf32>, tensor<1x6xf32>, tensor<2x2x3xf32>) {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %0 = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %2 = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x6xf32>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %3 = sonnx.expand %x, %t : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x2x3xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<1x2x3xf32>, tensor<1x6xf32>, tensor<2x2x3xf32>
}

// -----

// A tensor.cast that adds static sizes (a promise about a dynamic input) is
// not absorbed: the reshape keeps reading the cast, whose static 2 its
// rules were decided on.
// CHECK-LABEL: func.func @keep_refining_cast
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK: %[[R:.*]] = sonnx.reshape %[[C]], %{{.*}} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK: return %[[R]]
func.func @keep_refining_cast(%x: tensor<?x3xf32>) -> tensor<3x2xf32> {
  %c = tensor.cast %x : tensor<?x3xf32> to tensor<2x3xf32>
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %z = sonnx.reshape %c, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %z : tensor<3x2xf32>
}
