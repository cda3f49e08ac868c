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

// -----

// A collapse between a contraction's result and its destination moves onto
// the destination (expanded), and the reshape of the tensor.empty folds:
// the contraction's tensor.empty is then of the type of its destination,
// which empty-tensor elimination replaces by the destination.
// CHECK-LABEL: func.func @collapse_to_destination
// CHECK-SAME: (%[[A:.*]]: tensor<2x4x4x3xf32>, %[[OUT:.*]]: tensor<8x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4x4xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<2x4x4xf32>)
// CHECK: %[[D:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1], [2]] output_shape [2, 4, 4]
// CHECK: %[[M:.*]] = bufferization.materialize_in_destination %[[G]] in %[[D]]
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[M]] {{\[}}[0, 1], [2]]
// CHECK-NOT: materialize_in_destination
// CHECK: return %[[C]]
#in4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @collapse_to_destination(%a: tensor<2x4x4x3xf32>, %out: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %ee = tensor.expand_shape %e [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  %g = linalg.generic {indexing_maps = [#in4, #out3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a : tensor<2x4x4x3xf32>) outs(%ee : tensor<2x4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4xf32>
  %c = tensor.collapse_shape %g [[0, 1], [2]] : tensor<2x4x4xf32> into tensor<8x4xf32>
  %r = bufferization.materialize_in_destination %c in %out : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// An expand likewise: the destination is collapsed.
// CHECK-LABEL: func.func @expand_to_destination
// CHECK-SAME: (%[[A:.*]]: tensor<8x4x3xf32>, %[[I:.*]]: tensor<8x4xf32>, %[[OUT:.*]]: tensor<2x4x4xf32>)
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[D:.*]] = tensor.collapse_shape %[[OUT]] {{\[}}[0, 1], [2]]
// CHECK: %[[M:.*]] = bufferization.materialize_in_destination %[[G]] in %[[D]] : (tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK: %[[X:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1], [2]] output_shape [2, 4, 4]
// CHECK: return %[[X]]
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @expand_to_destination(%a: tensor<8x4x3xf32>, %init: tensor<8x4xf32>, %out: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %g = linalg.generic {indexing_maps = [#in3, #out2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<8x4x3xf32>) outs(%init : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %x = tensor.expand_shape %g [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  %r = bufferization.materialize_in_destination %x in %out : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// A reshape of what is not a contraction (a broadcast, a value that is an
// argument) stays where it is: its intermediate buffer is kept.
// CHECK-LABEL: func.func @copy_stays
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg0
// CHECK: bufferization.materialize_in_destination %[[C]] in %arg1
func.func @copy_stays(%a: tensor<2x4x4xf32>, %out: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x4x4xf32> into tensor<8x4xf32>
  %r = bufferization.materialize_in_destination %c in %out : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// Dynamic sizes: the reshape stays where it is (an expand_shape of the
// destination would need the sizes of the source).
// CHECK-LABEL: func.func @dynamic_stays
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[G:.*]] {{\[}}[0, 1], [2]]
// CHECK: bufferization.materialize_in_destination %[[C]] in %arg2
#d3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#d3o = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @dynamic_stays(%a: tensor<?x4x4x3xf32>, %init: tensor<?x4x4xf32>, %out: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %g = linalg.generic {indexing_maps = [#d3, #d3o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a : tensor<?x4x4x3xf32>) outs(%init : tensor<?x4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x4x4xf32>
  %c = tensor.collapse_shape %g [[0, 1], [2]] : tensor<?x4x4xf32> into tensor<?x4xf32>
  %r = bufferization.materialize_in_destination %c in %out : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// Left as they are: an expand of a contraction of dynamic size (the
// destination's collapse would need its sizes), a materialization into a
// buffer (no tensor result to chain) and one into an unranked tensor.
// CHECK-LABEL: func.func @dynamic_expand
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[X:.*]] = tensor.expand_shape %[[G]]
// CHECK: bufferization.materialize_in_destination %[[X]] in %arg2
// CHECK-NOT: tensor.collapse_shape
// CHECK-LABEL: func.func @into_buffer
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[X:.*]] = tensor.expand_shape %[[G]]
// CHECK: bufferization.materialize_in_destination %[[X]] in restrict writable %arg2
// CHECK-NOT: tensor.collapse_shape
// CHECK-LABEL: func.func @into_unranked
// CHECK-NEXT: %[[R:.*]] = bufferization.materialize_in_destination %arg0 in %arg1 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT: return %[[R]]
#din3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#dout2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @dynamic_expand(%a: tensor<?x4x3xf32>, %init: tensor<?x4xf32>, %out: tensor<?x4x4xf32>, %n: index) -> tensor<?x4x4xf32> {
  %g = linalg.generic {indexing_maps = [#din3, #dout2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<?x4x3xf32>) outs(%init : tensor<?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %x = tensor.expand_shape %g [[0, 1], [2]] output_shape [%n, 4, 4] : tensor<?x4xf32> into tensor<?x4x4xf32>
  %r = bufferization.materialize_in_destination %x in %out : (tensor<?x4x4xf32>, tensor<?x4x4xf32>) -> tensor<?x4x4xf32>
  return %r : tensor<?x4x4xf32>
}
func.func @into_buffer(%a: tensor<8x4x3xf32>, %init: tensor<8x4xf32>, %out: memref<2x4x4xf32>) {
  %g = linalg.generic {indexing_maps = [#din3, #dout2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<8x4x3xf32>) outs(%init : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %x = tensor.expand_shape %g [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  bufferization.materialize_in_destination %x in restrict writable %out : (tensor<2x4x4xf32>, memref<2x4x4xf32>) -> ()
  return
}
func.func @into_unranked(%x: tensor<*xf32>, %out: tensor<*xf32>) -> tensor<*xf32> {
  %r = bufferization.materialize_in_destination %x in %out : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}
