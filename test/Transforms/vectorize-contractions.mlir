// RUN: sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=32" -split-input-file | FileCheck %s
// RUN: sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=0" -split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=48" -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: vector-bytes must be a power of 2, reduction-tile and reuse-block at least 1, not 48, 8 and 32

// Q x K^T: K's rows run along the reduction. The output's unit-stride
// dimension j is the vector dimension (8 f32 lanes in 32 bytes); the 4 rows
// of Q, along which K is reused, share each K tile; the reduction over c is
// the innermost loop, in tiles of 8 steps, its accumulator carried in
// registers (iter_args) and written once. Each step: one product per lane,
// added to the accumulator in order (8 adds per tile, no tree).
// CHECK-LABEL: func.func @matmul_transposed_b
// CHECK-NOT: linalg.batch_matmul
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c8 {
// CHECK: %{{.*}} = scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x4x8xf32>) {
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4x8x8xf32>
// CHECK-COUNT-8: arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT: arith.addf
// CHECK: scf.yield %{{.*}} : vector<1x4x8xf32>
// CHECK-COUNT-4: vector.transfer_write %{{.*}} : vector<8xf32>, memref<4x8xf32, strided<[32, 1], offset: ?>>
// OFF-LABEL: func.func @matmul_transposed_b
// OFF: linalg.batch_matmul
func.func @matmul_transposed_b(%q: memref<2x4x32xf32>, %k: memref<2x32x32xf32>, %o: memref<2x4x32xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, c) -> (b, i, c)>, affine_map<(b, i, j, c) -> (b, j, c)>, affine_map<(b, i, j, c) -> (b, i, j)>] ins(%q, %k : memref<2x4x32xf32>, memref<2x32x32xf32>) outs(%o : memref<2x4x32xf32>)
  return
}

// -----

// Run-time sizes are left to the scalar loops.
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.matmul
func.func @dynamic(%a: memref<?x8xf32>, %b: memref<8x16xf32>, %o: memref<?x16xf32>) {
  linalg.matmul ins(%a, %b : memref<?x8xf32>, memref<8x16xf32>) outs(%o : memref<?x16xf32>)
  return
}

// -----

// So is an output row of 15 elements: no power of 2 of at least 2 divides it.
// CHECK-LABEL: func.func @odd_row
// CHECK: linalg.matmul
func.func @odd_row(%a: memref<4x8xf32>, %b: memref<8x15xf32>, %o: memref<4x15xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x15xf32>) outs(%o : memref<4x15xf32>)
  return
}

// -----

// An elementwise generic has no reduction: not a contraction.
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.generic
func.func @elementwise(%a: memref<16xf32>, %o: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : memref<16xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// i8 elements (8 bits, 32 lanes of 32 bytes): the 4 x 32 output is one
// tile (its one-trip loops folded), vectorized: the products of each k, then
// the ordered chain of adds into the output's initial values, k = 0 first,
// written back row by row.
// CHECK-LABEL: func.func @matmul_i8
// CHECK-NOT: linalg.
// CHECK-NOT: scf.for
// CHECK: %[[C0:.*]] = vector.transfer_read %arg2[%c0, %c0]{{.*}} : memref<4x32xi8>, vector<32xi8>
// CHECK: arith.muli {{.*}} : vector<4x8x32xi8>
// CHECK: %[[ACC:.*]] = vector.shape_cast {{.*}} : vector<4x32xi8> to vector<128xi8>
// CHECK: %[[P0:.*]] = vector.extract %{{.*}}[0] : vector<128xi8> from vector<8x128xi8>
// CHECK: %[[S0:.*]] = arith.addi %[[P0]], %[[ACC]] : vector<128xi8>
// CHECK: %[[P1:.*]] = vector.extract %{{.*}}[1] : vector<128xi8> from vector<8x128xi8>
// CHECK: arith.addi %[[P1]], %[[S0]] : vector<128xi8>
// CHECK-COUNT-4: vector.transfer_write {{.*}} : vector<32xi8>, memref<4x32xi8>
// CHECK-NOT: linalg.
// CHECK: return
func.func @matmul_i8(%a: memref<4x8xi8>, %b: memref<8x32xi8>, %o: memref<4x32xi8>) {
  linalg.matmul ins(%a, %b : memref<4x8xi8>, memref<8x32xi8>) outs(%o : memref<4x32xi8>)
  return
}
