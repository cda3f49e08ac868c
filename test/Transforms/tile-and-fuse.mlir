// RUN: sonnx-opt %s -split-input-file --sonnx-decompose-aggregated-ops --sonnx-tile-and-fuse | FileCheck %s
// RUN: not sonnx-opt %s -split-input-file --sonnx-tile-and-fuse=block=0 2>&1 | FileCheck %s --check-prefix=INVALID

// --sonnx-tile-and-fuse computes a chain of linalg ops whose intermediate
// results are reductions (attention) tile by tile along parallel
// dimensions, its producers fused into the tiles.

// INVALID: error: block must be at least 1, not 0

// Attention, 2 heads x 64 query rows, 32 keys: P x V is tiled by head and
// by 32 query rows (block 32), not along its 16 columns (the output's
// innermost dimension) nor its reduction; the scores, the softmax's
// generics and the fills are computed in the tile, on tensors of one tile
// (1 x 32 x 32). The exponentials, which the sum and the division both
// read, are computed once.
// CHECK-LABEL: func.func @attention
// CHECK-NOT: linalg.
// CHECK: scf.for %[[H:.*]] = %c0 to %c2 step %c1
// CHECK: scf.for %[[R:.*]] = %c0 to %c64 step %c32
// CHECK: tensor.extract_slice %arg0[%[[H]], %[[R]], 0] [1, 32, 16]
// CHECK: tensor.empty() : tensor<1x32x32xf32>
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x32xf32>
// CHECK: arith.maxnumf
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x16xf32>
// CHECK: tensor.insert_slice {{.*}} into %{{.*}}[%[[H]], %[[R]], 0] [1, 32, 16]
// CHECK-NOT: linalg.
// CHECK: return
func.func @attention(%q: tensor<2x64x16xf32>, %k: tensor<2x32x16xf32>, %v: tensor<2x32x16xf32>) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x64x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, c) -> (b, i, c)>, affine_map<(b, i, j, c) -> (b, j, c)>, affine_map<(b, i, j, c) -> (b, i, j)>] ins(%q, %k : tensor<2x64x16xf32>, tensor<2x32x16xf32>) outs(%sz : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %oe = tensor.empty() : tensor<2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %o : tensor<2x64x16xf32>
}

// -----

// The same with the scores also returned: a producer used outside the
// chain is computed whole, once, before the tiles (fused, it would be
// computed twice); the softmax is still fused.
// CHECK-LABEL: func.func @scores_returned
// CHECK: %[[S:.*]] = linalg.batch_matmul {{.*}} -> tensor<2x64x32xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: linalg.batch_matmul {{.*}} -> tensor<1x32x32xf32>
// CHECK: tensor.extract_slice %[[S]]
// CHECK: math.exp
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x16xf32>
// CHECK: return
func.func @scores_returned(%q: tensor<2x64x16xf32>, %k: tensor<2x32x16xf32>, %v: tensor<2x32x16xf32>) -> (tensor<2x64x16xf32>, tensor<2x64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x64x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, c) -> (b, i, c)>, affine_map<(b, i, j, c) -> (b, j, c)>, affine_map<(b, i, j, c) -> (b, i, j)>] ins(%q, %k : tensor<2x64x16xf32>, tensor<2x32x16xf32>) outs(%sz : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %oe = tensor.empty() : tensor<2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %o, %s : tensor<2x64x16xf32>, tensor<2x64x32xf32>
}

// -----

// The softmax computed in 3-D and P x V in 4-D (as fusion leaves GQA's
// attention, a reshape between them): the reshape is moved out of the
// chain, and the chain is tiled in 4-D.
// CHECK-LABEL: func.func @reshaped
// CHECK: scf.for
// CHECK: math.exp
// CHECK-NOT: tensor.expand_shape
// CHECK: arith.mulf
// CHECK: } -> tensor<1x1x32x16xf32>
// CHECK: return
func.func @reshaped(%s: tensor<2x64x32xf32>, %v: tensor<1x2x32x16xf32>) -> tensor<1x2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %p4 = tensor.expand_shape %p [[0, 1], [2], [3]] output_shape [1, 2, 64, 32] : tensor<2x64x32xf32> into tensor<1x2x64x32xf32>
  %oe = tensor.empty() : tensor<1x2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x64x16xf32>) -> tensor<1x2x64x16xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(a, b, i, j, c) -> (a, b, i, c)>, affine_map<(a, b, i, j, c) -> (a, b, c, j)>, affine_map<(a, b, i, j, c) -> (a, b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p4, %v : tensor<1x2x64x32xf32>, tensor<1x2x32x16xf32>) outs(%oz : tensor<1x2x64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x64x16xf32>
  return %o : tensor<1x2x64x16xf32>
}

// -----

// Left as they are: a contraction into which nothing that reduces fuses
// (the scores alone: its fill is all there is to fuse), ...
// CHECK-LABEL: func.func @scores_only
// CHECK-NOT: scf.for
// CHECK: return
func.func @scores_only(%q: tensor<2x64x16xf32>, %k: tensor<2x32x16xf32>) -> tensor<2x64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x64x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, c) -> (b, i, c)>, affine_map<(b, i, j, c) -> (b, j, c)>, affine_map<(b, i, j, c) -> (b, i, j)>] ins(%q, %k : tensor<2x64x16xf32>, tensor<2x32x16xf32>) outs(%sz : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  return %s : tensor<2x64x32xf32>
}

// -----

// ... a chain that is one tile (decode: one head, one query row; only the
// reduction and the output's innermost dimension are left; see
// @one_tile_reshaped below for what is done to it) ...
// CHECK-LABEL: func.func @one_tile
// CHECK-NOT: scf.for
// CHECK: return
func.func @one_tile(%p: tensor<1x1x32xf32>, %v: tensor<1x32x16xf32>) -> tensor<1x1x16xf32> {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<1x1x32xf32>
  %s = linalg.softmax dimension(2) ins(%p : tensor<1x1x32xf32>) outs(%pe : tensor<1x1x32xf32>) -> tensor<1x1x32xf32>
  %oe = tensor.empty() : tensor<1x1x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x1x16xf32>) -> tensor<1x1x16xf32>
  %o = linalg.batch_matmul ins(%s, %v : tensor<1x1x32xf32>, tensor<1x32x16xf32>) outs(%oz : tensor<1x1x16xf32>) -> tensor<1x1x16xf32>
  return %o : tensor<1x1x16xf32>
}

// -----

// A chain of one tile whose ops have different ranks (decode attention
// with repeat_kv fused: the contractions in 5-D, 2 KV heads x 2 heads x 1
// query row, the softmax on the 3-D scores between reshapes): not tiled,
// but its reshapes are moved out of it all the same, so that the scores,
// the exponentials and the probabilities have one type and their
// destinations are one tensor.empty (CSE): One-Shot Bufferize then writes
// the exponentials and the probabilities in place over the scores, each
// element read by the op that overwrites it (as in the tiles above), where
// the reshaped chain had three buffers of the scores' size. The ops, their
// operands and their order are unchanged (the old IR had 6 tensor.empty
// and reshapes, each exponential and probability computed from the same
// values).
// CHECK-LABEL: func.func @one_tile_reshaped
// CHECK-NOT: scf.for
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[E:[0-9]+]] = tensor.empty() : tensor<1x2x2x1x8xf32>
// CHECK-NOT: tensor.empty() : tensor<1x2x2x1x8xf32>
// CHECK: linalg.fill {{.*}} outs(%[[E]] : tensor<1x2x2x1x8xf32>)
// CHECK: %[[S:[0-9]+]] = linalg.generic {{.*}} ins(%arg0, %arg1 : {{.*}}) outs(%{{[0-9]+}} : tensor<1x2x2x1x8xf32>)
// CHECK: %[[M:[0-9]+]] = linalg.generic {{.*}} ins(%[[S]] : tensor<1x2x2x1x8xf32>) outs(%{{.*}} : tensor<1x2x2x1xf32>)
// CHECK: arith.maxnumf
// CHECK: %[[X:[0-9]+]] = linalg.generic {{.*}} ins(%[[S]], %[[M]] : {{.*}}) outs(%[[E]] : tensor<1x2x2x1x8xf32>)
// CHECK: math.exp
// CHECK: %[[SUM:[0-9]+]] = linalg.generic {{.*}} ins(%[[X]] : tensor<1x2x2x1x8xf32>) outs(%{{.*}} : tensor<1x2x2x1xf32>)
// CHECK: %[[P:[0-9]+]] = linalg.generic {{.*}} ins(%[[X]], %[[SUM]] : {{.*}}) outs(%[[E]] : tensor<1x2x2x1x8xf32>)
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}} ins(%[[P]], %arg2 : {{.*}}) outs(%{{[0-9]+}} : tensor<1x2x2x1x4xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @one_tile_reshaped(%q: tensor<1x2x2x1x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x2x1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<1x2x2x1x8xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<1x2x2x1x8xf32>) -> tensor<1x2x2x1x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(a, g, r, i, j, c) -> (a, g, r, i, c)>, affine_map<(a, g, r, i, j, c) -> (a, g, j, c)>, affine_map<(a, g, r, i, j, c) -> (a, g, r, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<1x2x2x1x4xf32>, tensor<1x2x8x4xf32>) outs(%sz : tensor<1x2x2x1x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x2x1x8xf32>
  %s3 = tensor.collapse_shape %s [[0, 1, 2], [3], [4]] : tensor<1x2x2x1x8xf32> into tensor<4x1x8xf32>
  %pe = tensor.empty() : tensor<4x1x8xf32>
  %p3 = linalg.softmax dimension(2) ins(%s3 : tensor<4x1x8xf32>) outs(%pe : tensor<4x1x8xf32>) -> tensor<4x1x8xf32>
  %p = tensor.expand_shape %p3 [[0, 1, 2], [3], [4]] output_shape [1, 2, 2, 1, 8] : tensor<4x1x8xf32> into tensor<1x2x2x1x8xf32>
  %oe = tensor.empty() : tensor<1x2x2x1x4xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x2x1x4xf32>) -> tensor<1x2x2x1x4xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(a, g, r, i, c, j) -> (a, g, r, i, j)>, affine_map<(a, g, r, i, c, j) -> (a, g, j, c)>, affine_map<(a, g, r, i, c, j) -> (a, g, r, i, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p, %v : tensor<1x2x2x1x8xf32>, tensor<1x2x8x4xf32>) outs(%oz : tensor<1x2x2x1x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x2x1x4xf32>
  return %o : tensor<1x2x2x1x4xf32>
}

// -----

// ... and dynamic shapes.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: scf.for
// CHECK: return
func.func @dynamic(%p: tensor<?x64x32xf32>, %v: tensor<?x32x16xf32>, %d: index) -> tensor<?x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty(%d) : tensor<?x64x32xf32>
  %s = linalg.softmax dimension(2) ins(%p : tensor<?x64x32xf32>) outs(%pe : tensor<?x64x32xf32>) -> tensor<?x64x32xf32>
  %oe = tensor.empty(%d) : tensor<?x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<?x64x16xf32>) -> tensor<?x64x16xf32>
  %o = linalg.batch_matmul ins(%s, %v : tensor<?x64x32xf32>, tensor<?x32x16xf32>) outs(%oz : tensor<?x64x16xf32>) -> tensor<?x64x16xf32>
  return %o : tensor<?x64x16xf32>
}

// -----

// A producer whose slice a tile reads does not depend on every tiled
// dimension (V scaled, which the 2 tiles of query rows of a head both
// read): fused, it would be computed again by each of them; it is computed
// whole, once, before the tiles.
// CHECK-LABEL: func.func @read_by_several_tiles
// CHECK: %[[V:.*]] = linalg.generic
// CHECK: arith.mulf
// CHECK: } -> tensor<2x32x16xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: math.exp
// CHECK: tensor.extract_slice %[[V]]
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x16xf32>
// CHECK: return
func.func @read_by_several_tiles(%p: tensor<2x64x32xf32>, %v: tensor<2x32x16xf32>) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ve = tensor.empty() : tensor<2x32x16xf32>
  %v2 = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v : tensor<2x32x16xf32>) outs(%ve : tensor<2x32x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<2x32x16xf32>
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %s = linalg.softmax dimension(2) ins(%p : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %oe = tensor.empty() : tensor<2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %o = linalg.batch_matmul ins(%s, %v2 : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %o : tensor<2x64x16xf32>
}

// -----

// A reshape is not moved through a generic that only copies (V repeated
// to 2 heads and collapsed, as the materialized repeat_kv), nor is the
// last op expanded (its result stays of its destination's shape): the
// copy and its collapse stay whole before the tiles, and P x V is tiled in
// 3-D.
// CHECK-LABEL: func.func @reshape_of_copy
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: } -> tensor<1x2x32x16xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[R]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: tensor.extract_slice %[[C]]
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x16xf32>
// CHECK: return {{.*}} : tensor<2x64x16xf32>
func.func @reshape_of_copy(%p: tensor<2x64x32xf32>, %v: tensor<1x32x16xf32>) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<1x2x32x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, i, j) -> (a, i, j)>, affine_map<(a, b, i, j) -> (a, b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<1x32x16xf32>) outs(%re : tensor<1x2x32x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2x32x16xf32>
  %v3 = tensor.collapse_shape %r [[0, 1], [2], [3]] : tensor<1x2x32x16xf32> into tensor<2x32x16xf32>
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %s = linalg.softmax dimension(2) ins(%p : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %oe = tensor.empty() : tensor<2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %o = linalg.batch_matmul ins(%s, %v3 : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %o : tensor<2x64x16xf32>
}

// -----

// A chain inside a loop of the function (one attention per iteration, the
// output fed back as the queries): the tiling loops are nested in it, and a
// slice read by every tile of the outer loop (K, V) does not stop the
// fusion (the outer loop is not one of the tiling loops).
// CHECK-LABEL: func.func @chain_in_loop
// CHECK: scf.for %{{.*}} = %c0 to %arg3 step %c1 iter_args(%[[ACC:.*]] = %arg0)
// CHECK: scf.for %[[H:.*]] = %c0 to %c2 step %c1
// CHECK: scf.for %[[R:.*]] = %c0 to %c64 step %c32
// CHECK: tensor.extract_slice %[[ACC]][%[[H]], %[[R]], 0] [1, 32, 16]
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x32xf32>
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: linalg.batch_matmul {{.*}} -> tensor<1x32x16xf32>
// CHECK: tensor.insert_slice {{.*}}[%[[H]], %[[R]], 0] [1, 32, 16]
// CHECK-NOT: linalg.
// CHECK: return
func.func @chain_in_loop(%q: tensor<2x64x16xf32>, %k: tensor<2x32x16xf32>, %v: tensor<2x32x16xf32>, %n: index) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %q) -> tensor<2x64x16xf32> {
    %se = tensor.empty() : tensor<2x64x32xf32>
    %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %s = linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, c) -> (b, i, c)>, affine_map<(b, i, j, c) -> (b, j, c)>, affine_map<(b, i, j, c) -> (b, i, j)>] ins(%acc, %k : tensor<2x64x16xf32>, tensor<2x32x16xf32>) outs(%sz : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %pe = tensor.empty() : tensor<2x64x32xf32>
    %p = linalg.softmax dimension(2) ins(%s : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %oe = tensor.empty() : tensor<2x64x16xf32>
    %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
    %o = linalg.batch_matmul ins(%p, %v : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
    scf.yield %o : tensor<2x64x16xf32>
  }
  return %res : tensor<2x64x16xf32>
}

// -----

// A last op of rank-0 output (a sum of all the elements of a product):
// it has no parallel dimension to tile; left as it is.
// CHECK-LABEL: func.func @rank0_root
// CHECK-NOT: scf.for
// CHECK: linalg.matmul {{.*}} -> tensor<4x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK: } -> tensor<f32>
func.func @rank0_root(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %se = tensor.empty() : tensor<f32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%m : tensor<4x4xf32>) outs(%sz : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// The scores in 4-D (a generic) collapsed into the 3-D softmax: the
// collapse is moved past the softmax (its generics expanded to 4-D), but
// not past P x V, a named batch_matmul that the expansion does not take:
// the softmax's division is then the last op of the chain, tiled with the
// scores fused, and P x V reads its whole result after the loops: the
// probabilities are a buffer of the scores' size (the values are those of
// the untiled chain; what is lost is P x V in the tiles and one tile of
// probabilities instead of all of them).
// Beside the chain, generics
// that only write a value (a constant, a function argument) or copy their
// input keep their expand; one yielding its own output (the second result
// of a generic that also copies) folds to its destination, an empty tensor.
// CHECK-LABEL: func.func @scores_4d
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: tensor.extract_slice %arg0[{{.*}}] [1, 1, 32, 16]
// CHECK: linalg.fill {{.*}} -> tensor<1x1x32x32xf32>
// CHECK: arith.mulf
// CHECK: arith.maxnumf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: } -> tensor<1x1x32x32xf32>
// CHECK: %[[P:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<1x2x64x32xf32> into tensor<2x64x32xf32>
// CHECK: linalg.batch_matmul ins(%[[P]], %arg2 : tensor<2x64x32xf32>, tensor<2x32x16xf32>)
// CHECK: linalg.yield %cst
// CHECK: tensor.expand_shape
// CHECK: linalg.yield %arg3
// CHECK: tensor.expand_shape
// CHECK: tensor.empty() : tensor<1x2x8x4xf32>
// CHECK: linalg.yield %in
// CHECK: tensor.expand_shape
// CHECK: return
func.func @scores_4d(%q: tensor<1x2x64x16xf32>, %k: tensor<1x2x32x16xf32>, %v: tensor<2x32x16xf32>, %x: f32, %w: tensor<2x8x4xf32>, %u: tensor<8x4xf32>) -> (tensor<2x64x16xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<1x2x64x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<1x2x64x32xf32>) -> tensor<1x2x64x32xf32>
  %s4 = linalg.generic {indexing_maps = [affine_map<(a, b, i, j, c) -> (a, b, i, c)>, affine_map<(a, b, i, j, c) -> (a, b, j, c)>, affine_map<(a, b, i, j, c) -> (a, b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<1x2x64x16xf32>, tensor<1x2x32x16xf32>) outs(%sz : tensor<1x2x64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x64x32xf32>
  %s = tensor.collapse_shape %s4 [[0, 1], [2], [3]] : tensor<1x2x64x32xf32> into tensor<2x64x32xf32>
  %pe = tensor.empty() : tensor<2x64x32xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<2x64x32xf32>) outs(%pe : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
  %oe = tensor.empty() : tensor<2x64x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x64x32xf32>, tensor<2x32x16xf32>) outs(%oz : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %ce = tensor.empty() : tensor<2x8x4xf32>
  %c1 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%ce : tensor<2x8x4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<2x8x4xf32>
  %e1 = tensor.expand_shape %c1 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %c2 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%ce : tensor<2x8x4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %x : f32
  } -> tensor<2x8x4xf32>
  %e2 = tensor.expand_shape %c2 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %c3:2 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<2x8x4xf32>) outs(%ce, %ce : tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  ^bb0(%in: f32, %out: f32, %out2: f32):
    linalg.yield %in, %out : f32, f32
  } -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>)
  %e3 = tensor.expand_shape %c3#1 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  %c4 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%u : tensor<8x4xf32>) outs(%ce : tensor<2x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x8x4xf32>
  %e4 = tensor.expand_shape %c4 [[0, 1], [2], [3]] output_shape [1, 2, 8, 4] : tensor<2x8x4xf32> into tensor<1x2x8x4xf32>
  return %o, %e1, %e2, %e3, %e4 : tensor<2x64x16xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>
}
