// Constant folding: every sonnx op whose data is a constant (and whose
// rules are decided) becomes an arith.constant, for every element type of
// the profile, !sonnx.string included. reshape, unsqueeze and flatten keep
// the row-major order of the elements; expand and broadcast copy them along
// the broadcast dimensions. A splat stays a splat whatever its size.
// RUN: sonnx-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func @fold_each_op
// CHECK-DAG: %[[R:.*]] = arith.constant dense<{{\[\[1, 2\], \[3, 4\], \[5, 6\]\]}}> : tensor<3x2xi32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<{{\[\[\[1, 2, 3\]\], \[\[4, 5, 6\]\]\]}}> : tensor<2x1x3xi32>
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[\[1, 2, 3, 4, 5, 6\]\]}}> : tensor<1x6xi32>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<{{\[\[\[1, 2, 3\], \[4, 5, 6\]\], \[\[1, 2, 3\], \[4, 5, 6\]\]\]}}> : tensor<2x2x3xi32>
// CHECK-DAG: %[[B0:.*]] = arith.constant dense<{{\[\[1, 1, 1\], \[2, 2, 2\]\]}}> : tensor<2x3xi32>
// CHECK-DAG: %[[B1:.*]] = arith.constant dense<{{\[\[7, 8, 9\], \[7, 8, 9\]\]}}> : tensor<2x3xi32>
// CHECK-NOT: sonnx.
// CHECK: return %[[R]], %[[U]], %[[F]], %[[E]], %[[B0]], %[[B1]]
func.func @fold_each_op() -> (tensor<3x2xi32>, tensor<2x1x3xi32>, tensor<1x6xi32>, tensor<2x2x3xi32>,
                              tensor<2x3xi32>, tensor<2x3xi32>) {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %s = arith.constant dense<[3, -1]> : tensor<2xi64>
  %0 = sonnx.reshape %c, %s : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %c, %a : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<2x1x3xi32>
  %2 = sonnx.flatten %c {axis = 0 : i64} : (tensor<2x3xi32>) -> tensor<1x6xi32>
  %t = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
  %3 = sonnx.expand %c, %t : (tensor<2x3xi32>, tensor<3xi64>) -> tensor<2x2x3xi32>
  %col = arith.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %row = arith.constant dense<[7, 8, 9]> : tensor<3xi32>
  %4:2 = sonnx.broadcast %col, %row : (tensor<2x1xi32>, tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
  return %0, %1, %2, %3, %4#0, %4#1 : tensor<3x2xi32>, tensor<2x1x3xi32>, tensor<1x6xi32>, tensor<2x2x3xi32>,
                                      tensor<2x3xi32>, tensor<2x3xi32>
}

// -----

// Expand with axes_mapping copies along the unmapped dimensions.
// CHECK-LABEL: func @fold_expand_axes_mapping
// CHECK: %[[E:.*]] = arith.constant dense<{{\[\[\[1, 1\], \[2, 2\], \[3, 3\]\], \[\[1, 1\], \[2, 2\], \[3, 3\]\]\]}}> : tensor<2x3x2xi64>
// CHECK: return %[[E]]
func.func @fold_expand_axes_mapping() -> tensor<2x3x2xi64> {
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %s = arith.constant dense<[2, 3, 2]> : tensor<3xi64>
  %0 = sonnx.expand %c, %s {axes_mapping = array<i64: 1>} : (tensor<3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// Splats stay splats, however large the result.
// CHECK-LABEL: func @fold_splat
// CHECK-DAG: %[[E:.*]] = arith.constant dense<1.500000e+00> : tensor<1000x1000xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<true> : tensor<1000x1000xi1>
// CHECK-DAG: %[[R:.*]] = arith.constant dense<-3> : tensor<1000000xsi8>
// CHECK-NOT: sonnx.
// CHECK: return %[[E]], %[[B]], %[[R]]
func.func @fold_splat() -> (tensor<1000x1000xf32>, tensor<1000x1000xi1>, tensor<1000000xsi8>) {
  %c = arith.constant dense<1.5> : tensor<1xf32>
  %s = arith.constant dense<[1000, 1000]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<1xf32>, tensor<2xi64>) -> tensor<1000x1000xf32>
  %t = arith.constant dense<true> : tensor<1000x1xi1>
  %u = arith.constant dense<false> : tensor<1x1000xi1>
  %1:2 = sonnx.broadcast %t, %u : (tensor<1000x1xi1>, tensor<1x1000xi1>) -> (tensor<1000x1000xi1>, tensor<1000x1000xi1>)
  %v = arith.constant dense<-3> : tensor<1000x1000xsi8>
  %m = arith.constant dense<[-1]> : tensor<1xi64>
  %2 = sonnx.reshape %v, %m : (tensor<1000x1000xsi8>, tensor<1xi64>) -> tensor<1000000xsi8>
  return %0, %1#0, %2 : tensor<1000x1000xf32>, tensor<1000x1000xi1>, tensor<1000000xsi8>
}

// -----

// !sonnx.string constants, dense and splat.
// CHECK-LABEL: func @fold_strings
// CHECK-DAG: %[[E:.*]] = arith.constant dense<{{\[\["a", "a"\], \["bc", "bc"\], \["", ""\]\]}}> : tensor<3x2x!sonnx.string>
// CHECK-DAG: %[[R:.*]] = arith.constant dense<{{\[\["a", "bc", ""\]\]}}> : tensor<1x3x!sonnx.string>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<"x"> : tensor<4x2x!sonnx.string>
// CHECK-NOT: sonnx.
// CHECK: return %[[E]], %[[R]], %[[S]]
func.func @fold_strings() -> (tensor<3x2x!sonnx.string>, tensor<1x3x!sonnx.string>, tensor<4x2x!sonnx.string>) {
  %c = arith.constant dense<["a", "bc", ""]> : tensor<3x!sonnx.string>
  %m = arith.constant dense<[3, 2]> : tensor<2xi64>
  %0 = sonnx.expand %c, %m {axes_mapping = array<i64: 0>} : (tensor<3x!sonnx.string>, tensor<2xi64>) -> tensor<3x2x!sonnx.string>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %1 = sonnx.unsqueeze %c, %a : (tensor<3x!sonnx.string>, tensor<1xi64>) -> tensor<1x3x!sonnx.string>
  %x = arith.constant dense<"x"> : tensor<2x!sonnx.string>
  %y = arith.constant dense<"y"> : tensor<4x1x!sonnx.string>
  %2:2 = sonnx.broadcast %x, %y : (tensor<2x!sonnx.string>, tensor<4x1x!sonnx.string>)
      -> (tensor<4x2x!sonnx.string>, tensor<4x2x!sonnx.string>)
  return %0, %1, %2#0 : tensor<3x2x!sonnx.string>, tensor<1x3x!sonnx.string>, tensor<4x2x!sonnx.string>
}

// -----

// Each other element type of the profile, each through an op that takes it
// (the *.types rules): i1, 4- to 64-bit integers of each signedness, f16,
// bf16, f32, f64, and complex (reshape, expand).
// CHECK-LABEL: func @fold_element_types
// CHECK-DAG: arith.constant dense<{{\[\[true, false\], \[true, false\]\]}}> : tensor<2x2xi1>
// CHECK-DAG: arith.constant dense<{{\[\[1, -2, 7\], \[1, -2, 7\]\]}}> : tensor<2x3xi4>
// CHECK-DAG: arith.constant dense<{{\[\[-128\], \[127\]\]}}> : tensor<2x1xsi8>
// CHECK-DAG: arith.constant dense<{{\[\[1, 1\], \[65535, 65535\]\]}}> : tensor<2x2xui16>
// CHECK-DAG: arith.constant dense<{{\[\[-1, 2\]\]}}> : tensor<1x2xi64>
// CHECK-DAG: arith.constant dense<{{\[\[4294967295, 0\]\]}}> : tensor<1x2xui32>
// CHECK-DAG: arith.constant dense<{{\[\[1\.000000e\+00, 1\.000000e\+00\], \[2\.000000e\+00, 2\.000000e\+00\]\]}}> : tensor<2x2xf16>
// CHECK-DAG: arith.constant dense<{{\[\[1\.000000e\+00\], \[2\.000000e\+00\]\]}}> : tensor<2x1xbf16>
// CHECK-DAG: arith.constant dense<{{\[\[2\.500000e-01, -0\.000000e\+00\], \[2\.500000e-01, -0\.000000e\+00\]\]}}> : tensor<2x2xf64>
// CHECK-DAG: arith.constant dense<{{\[\[\(1\.000000e\+00,2\.000000e\+00\), \(3\.000000e\+00,4\.000000e\+00\)\]\]}}> : tensor<1x2xcomplex<f32>>
// CHECK-DAG: arith.constant dense<(5.000000e-01,-1.000000e+00)> : tensor<2x2xcomplex<f64>>
// CHECK-NOT: sonnx.
func.func @fold_element_types() -> (tensor<2x2xi1>, tensor<2x3xi4>, tensor<2x1xsi8>, tensor<2x2xui16>,
                                    tensor<1x2xi64>, tensor<1x2xui32>, tensor<2x2xf16>, tensor<2x1xbf16>,
                                    tensor<2x2xf64>, tensor<1x2xcomplex<f32>>, tensor<2x2xcomplex<f64>>) {
  %s22 = arith.constant dense<[2, 2]> : tensor<2xi64>
  %a0 = arith.constant dense<[0]> : tensor<1xi64>
  %a1 = arith.constant dense<[1]> : tensor<1xi64>
  %b = arith.constant dense<[true, false]> : tensor<2xi1>
  %0 = sonnx.expand %b, %s22 : (tensor<2xi1>, tensor<2xi64>) -> tensor<2x2xi1>
  %i4 = arith.constant dense<[[[1, -2, 7]], [[1, -2, 7]]]> : tensor<2x1x3xi4>
  %1 = sonnx.flatten %i4 {axis = 1 : i64} : (tensor<2x1x3xi4>) -> tensor<2x3xi4>
  %si8 = arith.constant dense<[-128, 127]> : tensor<2xsi8>
  %2 = sonnx.unsqueeze %si8, %a1 : (tensor<2xsi8>, tensor<1xi64>) -> tensor<2x1xsi8>
  %u16 = arith.constant dense<[[1], [65535]]> : tensor<2x1xui16>
  %3:2 = sonnx.broadcast %u16, %b : (tensor<2x1xui16>, tensor<2xi1>) -> (tensor<2x2xui16>, tensor<2x2xi1>)
  %i64 = arith.constant dense<[-1, 2]> : tensor<2xi64>
  %4 = sonnx.flatten %i64 {axis = 0 : i64} : (tensor<2xi64>) -> tensor<1x2xi64>
  %u32 = arith.constant dense<[4294967295, 0]> : tensor<2xui32>
  %5 = sonnx.unsqueeze %u32, %a0 : (tensor<2xui32>, tensor<1xi64>) -> tensor<1x2xui32>
  %f16 = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf16>
  %6 = sonnx.expand %f16, %s22 : (tensor<2x1xf16>, tensor<2xi64>) -> tensor<2x2xf16>
  %bf16 = arith.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %7 = sonnx.flatten %bf16 {axis = 1 : i64} : (tensor<2xbf16>) -> tensor<2x1xbf16>
  %f64 = arith.constant dense<[0.25, -0.0]> : tensor<2xf64>
  %8 = sonnx.expand %f64, %s22 : (tensor<2xf64>, tensor<2xi64>) -> tensor<2x2xf64>
  %cx = arith.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %s12 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %9 = sonnx.reshape %cx, %s12 : (tensor<2xcomplex<f32>>, tensor<2xi64>) -> tensor<1x2xcomplex<f32>>
  %cx64 = arith.constant dense<[(0.5, -1.0)]> : tensor<1xcomplex<f64>>
  %10 = sonnx.expand %cx64, %s22 : (tensor<1xcomplex<f64>>, tensor<2xi64>) -> tensor<2x2xcomplex<f64>>
  return %0, %1, %2, %3#0, %4, %5, %6, %7, %8, %9, %10 : tensor<2x2xi1>, tensor<2x3xi4>, tensor<2x1xsi8>, tensor<2x2xui16>,
                                    tensor<1x2xi64>, tensor<1x2xui32>, tensor<2x2xf16>, tensor<2x1xbf16>,
                                    tensor<2x2xf64>, tensor<1x2xcomplex<f32>>, tensor<2x2xcomplex<f64>>
}

// -----

// Zero-size constants.
// CHECK-LABEL: func @fold_empty
// CHECK-DAG: %[[R:.*]] = arith.constant dense<> : tensor<3x0xf16>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<> : tensor<2x0x!sonnx.string>
// CHECK-NOT: sonnx.
// CHECK: return %[[R]], %[[E]]
func.func @fold_empty() -> (tensor<3x0xf16>, tensor<2x0x!sonnx.string>) {
  %e = arith.constant dense<> : tensor<0x3xf16>
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %0 = sonnx.reshape %e, %s {allowzero = 1 : i64} : (tensor<0x3xf16>, tensor<2xi64>) -> tensor<3x0xf16>
  %z = arith.constant dense<> : tensor<0x!sonnx.string>
  %t = arith.constant dense<[2, 1]> : tensor<2xi64>
  %1 = sonnx.expand %z, %t : (tensor<0x!sonnx.string>, tensor<2xi64>) -> tensor<2x0x!sonnx.string>
  return %0, %1 : tensor<3x0xf16>, tensor<2x0x!sonnx.string>
}

// -----

// Shapes known only after folding: the result type is refined, then folded.
// CHECK-LABEL: func @fold_after_refinement
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[1, 2, 3\], \[4, 5, 6\]\]}}> : tensor<2x3xi32>
// CHECK: %[[X:.*]] = tensor.cast %[[C]] : tensor<2x3xi32> to tensor<?x?xi32>
// CHECK: return %[[X]]
func.func @fold_after_refinement() -> tensor<?x?xi32> {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %c2 = arith.constant 2 : i64
  %cm = arith.constant -1 : i64
  %s = tensor.from_elements %c2, %cm : tensor<2xi64>
  %0 = sonnx.reshape %c, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// Not folded: a run-time shape.
// CHECK-LABEL: func @no_fold_runtime_shape
// CHECK: sonnx.reshape
// CHECK: sonnx.expand
func.func @no_fold_runtime_shape(%s: tensor<2xi64>) -> (tensor<?x?xi32>, tensor<2x3xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %0 = sonnx.reshape %c, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  %d = arith.constant dense<7> : tensor<2x3xi32>
  %1 = sonnx.expand %d, %s : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  return %0, %1 : tensor<?x?xi32>, tensor<2x3xi32>
}

// -----

// Not folded: a broadcast with a dynamic input, even for its constant input.
// CHECK-LABEL: func @no_fold_dynamic_broadcast
// CHECK: sonnx.broadcast
func.func @no_fold_dynamic_broadcast(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0:2 = sonnx.broadcast %x, %c : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<2x3xf32>)
  return %0#1 : tensor<2x3xf32>
}

// -----

// Sub-byte element types through the reshape path (same raw data, new shape).
// CHECK-LABEL: func @fold_sub_byte_reshape
// CHECK-DAG: arith.constant dense<{{\[\[true, false, true\], \[true, false, false\], \[true, true, true\]\]}}> : tensor<3x3xi1>
// CHECK-DAG: arith.constant dense<{{\[\[1, 2, 3, 4, 5, 6, 7, -8, -1\]\]}}> : tensor<1x9xi4>
// CHECK-NOT: sonnx.
func.func @fold_sub_byte_reshape() -> (tensor<3x3xi1>, tensor<1x9xi4>) {
  %c = arith.constant dense<[true, false, true, true, false, false, true, true, true]> : tensor<9xi1>
  %s = arith.constant dense<[3, 3]> : tensor<2xi64>
  %0 = sonnx.reshape %c, %s : (tensor<9xi1>, tensor<2xi64>) -> tensor<3x3xi1>
  %d = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, -8, -1]> : tensor<9xi4>
  %1 = sonnx.flatten %d {axis = 0 : i64} : (tensor<9xi4>) -> tensor<1x9xi4>
  return %0, %1 : tensor<3x3xi1>, tensor<1x9xi4>
}
