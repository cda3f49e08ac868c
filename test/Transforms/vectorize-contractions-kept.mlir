// --sonnx-vectorize-contractions on contractions it leaves to the scalar
// loops (VectorizeContractions.cpp, getTiling): one on tensors, one whose
// input map is not a projected permutation, a reduction to a rank-0 output,
// complex and i1 elements, an index input, a strided output row, an output
// of a layout that is not strided; a control with a unit-stride row is
// vectorized. A reduction-tile or reuse-block
// below 1 is refused, naming the three values.
// RUN: sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=32" -split-input-file | FileCheck %s
// RUN: not sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=32 reduction-tile=0" 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: not sonnx-opt %s --sonnx-vectorize-contractions="vector-bytes=32 reuse-block=0" 2>&1 | FileCheck %s --check-prefix=BLOCK

// TILE: error: vector-bytes must be a power of 2, reduction-tile and reuse-block at least 1, not 32, 0 and 32
// BLOCK: error: vector-bytes must be a power of 2, reduction-tile and reuse-block at least 1, not 32, 8 and 0

// On tensors (before bufferization): not vectorized.
// CHECK-LABEL: func.func @on_tensors
// CHECK: linalg.matmul
// CHECK-NOT: vector.
func.func @on_tensors(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// An indexing map that is not a projected permutation (a sliding window):
// not vectorized.
// CHECK-LABEL: func.func @window
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @window(%x: memref<19xf32>, %w: memref<4xf32>, %o: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<19xf32>, memref<4xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A full reduction to a scalar (an output of rank 0): not vectorized.
// CHECK-LABEL: func.func @to_scalar
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @to_scalar(%x: memref<16xf32>, %o: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} ins(%x : memref<16xf32>) outs(%o : memref<f32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Complex elements, i1 elements, an index input, a strided output row:
// not vectorized.
// CHECK-LABEL: func.func @complex
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @complex(%x: memref<4x8xcomplex<f32>>, %o: memref<4xcomplex<f32>>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xcomplex<f32>>) outs(%o : memref<4xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %c: complex<f32>):
    %s = complex.add %c, %a : complex<f32>
    linalg.yield %s : complex<f32>
  }
  return
}
// CHECK-LABEL: func.func @bits
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @bits(%x: memref<32x8xi1>, %o: memref<32xi1>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<32x8xi1>) outs(%o : memref<32xi1>) {
  ^bb0(%a: i1, %c: i1):
    %s = arith.ori %c, %a : i1
    linalg.yield %s : i1
  }
  return
}
// CHECK-LABEL: func.func @index_input
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @index_input(%x: memref<32x8xindex>, %o: memref<32xi64>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<32x8xindex>) outs(%o : memref<32xi64>) {
  ^bb0(%a: index, %c: i64):
    %v = arith.index_cast %a : index to i64
    %s = arith.addi %c, %v : i64
    linalg.yield %s : i64
  }
  return
}
// CHECK-LABEL: func.func @strided_row
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @strided_row(%x: memref<32x8xf32>, %o: memref<32xf32, strided<[2]>>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<32x8xf32>) outs(%o : memref<32xf32, strided<[2]>>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An output whose layout is not strided (a permutation map): no strides to
// find the unit-stride row by; not vectorized.
// CHECK-LABEL: func.func @permuted_layout
// CHECK: linalg.matmul
// CHECK-NOT: vector.
func.func @permuted_layout(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %o: memref<4x16xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%o : memref<4x16xf32, affine_map<(d0, d1) -> (d1, d0)>>)
  return
}

// -----

// A control: the same reduction into a unit-stride row is vectorized.
// CHECK-LABEL: func.func @unit_row
// CHECK: vector.
func.func @unit_row(%x: memref<32x8xf32>, %o: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<32x8xf32>) outs(%o : memref<32xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  }
  return
}
