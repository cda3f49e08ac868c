// RUN: sonnx-opt %s --sonnx-chain-materializations -split-input-file | FileCheck %s

// A tensor written into two destinations is computed into the first and
// copied from there into the second.
// CHECK-LABEL: func.func @twice
// CHECK: %[[T:.*]] = linalg.generic
// CHECK: %[[R0:.*]] = bufferization.materialize_in_destination %[[T]] in %{{.*}}
// CHECK-NEXT: %[[R1:.*]] = bufferization.materialize_in_destination %[[R0]] in %{{.*}}
// CHECK-NEXT: %[[R2:.*]] = bufferization.materialize_in_destination %[[R0]] in %{{.*}}
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
#map0 = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @twice(%b: tensor<4xf32>, %o0: tensor<2x4xf32>, %o1: tensor<2x4xf32>, %o2: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %e = tensor.empty() : tensor<2x4xf32>
  %t = linalg.generic {indexing_maps = [#map0, #map1], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4xf32>
  %r0 = bufferization.materialize_in_destination %t in %o0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %r1 = bufferization.materialize_in_destination %t in %o1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %r2 = bufferization.materialize_in_destination %t in %o2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r0, %r1, %r2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Different tensors keep their own destinations.
// CHECK-LABEL: func.func @distinct
// CHECK: bufferization.materialize_in_destination %arg0 in %arg2
// CHECK: bufferization.materialize_in_destination %arg1 in %arg3
func.func @distinct(%a: tensor<4xf32>, %b: tensor<4xf32>, %o0: tensor<4xf32>, %o1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r0 = bufferization.materialize_in_destination %a in %o0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r1 = bufferization.materialize_in_destination %b in %o1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r0, %r1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A materialization into a memref has no result to copy from: two of the
// same tensor into two memrefs stay as they are.
// CHECK-LABEL: func.func @into_memrefs
// CHECK-SAME: (%[[T:.*]]: tensor<4xf32>, %[[M:.*]]: memref<4xf32>, %[[N:.*]]: memref<4xf32>)
// CHECK-NEXT: bufferization.materialize_in_destination %[[T]] in restrict writable %[[M]]
// CHECK-NEXT: bufferization.materialize_in_destination %[[T]] in restrict writable %[[N]]
// CHECK-NEXT: return
func.func @into_memrefs(%t: tensor<4xf32>, %m: memref<4xf32>, %n: memref<4xf32>) {
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.materialize_in_destination %t in restrict writable %n : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}
