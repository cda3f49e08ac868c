// Broadcast results feed an elementwise linalg consumer: the broadcasting
// generics fuse into it, so that no broadcast tensor is materialized.
//
// RUN: sonnx-opt %s --convert-sonnx-to-linalg --linalg-fuse-elementwise-ops \
// RUN: | FileCheck %s --check-prefix=FUSED
//
// Through the pipeline, the only allocation left is the result.
// RUN: sonnx-opt %s --sonnx-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: sonnx-opt %s --sonnx-to-llvm="fuse-elementwise=false" \
// RUN: | FileCheck %s --check-prefix=UNFUSED

// FUSED-LABEL: func.func @add
// FUSED-SAME: (%[[A:.*]]: tensor<3x1xf32>, %[[B:.*]]: tensor<4xf32>)
// FUSED: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<3x1xf32>, tensor<4xf32>)
// FUSED: arith.addf
// FUSED-NOT: linalg.generic
// FUSED: return

// LLVM-LABEL: llvm.func @add
// LLVM-COUNT-1: llvm.call @malloc
// LLVM-NOT: llvm.call @malloc
// LLVM: llvm.return

// UNFUSED-LABEL: llvm.func @add
// UNFUSED-COUNT-2: llvm.call @malloc
func.func @add(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %z0, %z1 = sonnx.broadcast %a, %b
      : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  %init = tensor.empty() : tensor<3x4xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%z0, %z1 : tensor<3x4xf32>, tensor<3x4xf32>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %sum : tensor<3x4xf32>
}

// Expand feeds a consumer too.
// FUSED-LABEL: func.func @scale
// FUSED-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// FUSED: linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<3xf32>, tensor<2x3xf32>)
// FUSED: arith.mulf
// FUSED-NOT: linalg.generic
// FUSED: return
func.func @scale(%x: tensor<3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %e = sonnx.expand %x, %s : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %init = tensor.empty() : tensor<2x3xf32>
  %prod = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%e, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  return %prod : tensor<2x3xf32>
}
