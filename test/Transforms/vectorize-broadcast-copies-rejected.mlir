// RUN: sonnx-opt %s --sonnx-vectorize-broadcast-copies -split-input-file | FileCheck %s
// RUN: sonnx-opt %s --sonnx-vectorize-broadcast-copies="vector-bytes=4" -split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: not sonnx-opt %s --sonnx-vectorize-broadcast-copies="vector-bytes=8192" -split-input-file 2>&1 | FileCheck %s --check-prefix=BIG

// BIG: vector-bytes must be 0 or a power of 2 up to 4096, got 8192

// Generics that are not broadcast copies on buffers of unit inner stride
// stay as they are (the scalar loops of the lowering copy them): each
// function below breaks one condition of matchBroadcastCopy.

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @on_tensors
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @on_tensors(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4xf32>) outs(%y : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// Two outputs.
// CHECK-LABEL: func.func @two_outputs
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @two_outputs(%x: memref<4xf32>, %y: memref<2x4xf32>, %z: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%y, %z : memref<2x4xf32>, memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a, %a : f32, f32
  }
  return
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A body that computes, and one that yields the output element.
// CHECK-LABEL: func.func @computes
// CHECK: linalg.generic
// CHECK: arith.negf
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @computes(%x: memref<4xf32>, %y: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%y : memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%y : memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %b : f32
  }
  return
}

// -----

#none = affine_map<(d0, d1) -> ()>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A scalar input (not a memref).
// CHECK-LABEL: func.func @scalar_input
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @scalar_input(%s: f32, %y: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#none, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : f32) outs(%y : memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A rank-0 output.
// CHECK-LABEL: func.func @rank_zero
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @rank_zero(%x: memref<f32>, %y: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%x : memref<f32>) outs(%y : memref<f32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// Outputs whose innermost dimension is not contiguous: a column-major
// stride, and a layout that is not strided at all.
// CHECK-LABEL: func.func @output_strides
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @output_strides(%x: memref<4xf32>, %y: memref<2x4xf32, strided<[1, 2]>>, %z: memref<2x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%y : memref<2x4xf32, strided<[1, 2]>>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%z : memref<2x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// An output map that is not the identity, and an input map that
// transposes.
// CHECK-LABEL: func.func @maps
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @maps(%x: memref<4xf32>, %y: memref<4x4xf32>, %w: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [#row, #t], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf32>) outs(%y : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : memref<4x4xf32>) outs(%y : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// An input whose innermost dimension is not contiguous.
// CHECK-LABEL: func.func @input_stride
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @input_stride(%x: memref<2x4xf32, strided<[1, 2]>>, %y: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x4xf32, strided<[1, 2]>>) outs(%y : memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#diag = affine_map<(d0, d1) -> (d0 + d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// An input map that is not a projected permutation, and a reduction.
// CHECK-LABEL: func.func @not_a_copy
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @not_a_copy(%x: memref<8xf32>, %y: memref<2x4xf32>, %z: memref<2xf32>) {
  linalg.generic {indexing_maps = [#diag, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8xf32>) outs(%y : memref<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%y : memref<2x4xf32>) outs(%z : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A broadcast copy of 8-byte elements: vectorized with the default 64-byte
// vectors, left scalar when vectors are 4 bytes wide.
// CHECK-LABEL: func.func @wide_elements
// CHECK-NOT: linalg.generic
// CHECK: vector.
// NARROW-LABEL: func.func @wide_elements
// NARROW: linalg.generic
// NARROW-NOT: vector.
func.func @wide_elements(%x: memref<4xf64>, %y: memref<2x4xf64>) {
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4xf64>) outs(%y : memref<2x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
