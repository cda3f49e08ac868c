// RUN: sonnx-opt %s --sonnx-vectorize-broadcast-copies -split-input-file | FileCheck %s
// RUN: sonnx-opt %s --sonnx-vectorize-broadcast-copies="nontemporal-threshold=-1" -split-input-file \
// RUN: | FileCheck %s --check-prefix=CACHED
// RUN: sonnx-opt %s --sonnx-vectorize-broadcast-copies="vector-bytes=0" -split-input-file \
// RUN: | FileCheck %s --check-prefix=OFF
// RUN: not sonnx-opt %s --sonnx-vectorize-broadcast-copies="vector-bytes=48" -split-input-file 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD

// BAD: vector-bytes must be 0 or a power of 2 up to 4096, got 48

// A row copy (the innermost result dimension reads the input) into a
// caller's buffer: the output size is tested at run time against the
// threshold (32 MiB by default); above it, rows are peeled up to a 64-byte
// aligned address, stored with aligned streaming stores and fenced; below
// it, ordinary vector stores.
// CHECK-LABEL: func.func @row_copy
// CHECK-SAME: (%[[IN:.*]]: memref<4096xf32>, %[[OUT:.*]]: memref<8192x4096xf32>)
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %{{.*}}, %c33554432
// CHECK: scf.if
// CHECK: scf.for %[[I:.*]] =
// CHECK: arith.remui %{{.*}}, %c64
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.load %[[IN]][%[[K]]]
// CHECK: memref.store %{{.*}}, %[[OUT]][%[[I]], %[[K]]]
// CHECK: scf.for %[[V:.*]] = %{{.*}} to %{{.*}} step %c16
// CHECK: %[[ROW:.*]] = vector.load %[[IN]][%[[V]]] : memref<4096xf32>, vector<16xf32>
// CHECK: vector.store %[[ROW]], %[[OUT]][%[[I]], %[[V]]] {alignment = 64 : i64, nontemporal = true}
// CHECK: llvm.fence seq_cst
// CHECK: } else {
// CHECK: vector.load %[[IN]]
// CHECK: vector.store %{{.*}}, %[[OUT]][%{{.*}}, %{{.*}}] : memref<8192x4096xf32>, vector<16xf32>
// CHECK-NOT: linalg.generic

// CACHED-LABEL: func.func @row_copy
// CACHED-NOT: scf.if
// CACHED-NOT: nontemporal
// CACHED-NOT: llvm.fence
// CACHED: vector.store
// CACHED-NOT: linalg.generic
// CACHED: return

// OFF-LABEL: func.func @row_copy
// OFF: linalg.generic
// OFF-NOT: vector.store
func.func @row_copy(%in: memref<4096xf32>, %out: memref<8192x4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<4096xf32>) outs(%out : memref<8192x4096xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A fill row (the innermost result dimension is broadcast): one load per
// row, splat to a vector.
// CHECK-LABEL: func.func @row_fill
// CHECK: scf.if
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[I]]] : memref<8192xi8>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[X]] : i8 to vector<64xi8>
// CHECK: vector.store %[[SPLAT]], %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<8192x4096xi8>, vector<64xi8>
func.func @row_fill(%in: memref<8192xi8>, %out: memref<8192x4096xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<8192xi8>) outs(%out : memref<8192x4096xi8>) {
  ^bb0(%a: i8, %b: i8):
    linalg.yield %a : i8
  }
  return
}

// -----

// Contiguous innermost dimensions form one row: a 64x64 input expanded to
// 8x64x64 copies rows of 4096 elements (both sides collapsed, views).
// CHECK-LABEL: func.func @coalesced
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<8x64x64xf16> into memref<8x4096xf16>
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<64x64xf16> into memref<4096xf16>
// CHECK: vector.load %{{.*}} : memref<4096xf16>, vector<32xf16>
func.func @coalesced(%in: memref<64x64xf16>, %out: memref<8x64x64xf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in : memref<64x64xf16>) outs(%out : memref<8x64x64xf16>) {
  ^bb0(%a: f16, %b: f16):
    linalg.yield %a : f16
  }
  return
}

// -----

// An output that the function allocates itself takes ordinary stores: the
// kernel zeroes a new buffer as it is first written, which leaves its lines
// in the cache.
// CHECK-LABEL: func.func @allocated
// CHECK-NOT: nontemporal
// CHECK: vector.store
// CHECK-NOT: nontemporal
// CHECK: return
func.func @allocated(%in: memref<?xf32>, %n: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %m = memref.dim %in, %c0 : memref<?xf32>
  %out = memref.alloc(%n, %m) : memref<?x?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return %out : memref<?x?xf32>
}

// -----

// Copies written in one go (the two outputs of a sonnx.broadcast) count
// together against the threshold: their byte sizes are added up before the
// first, and both test the sum. Two 16 MiB outputs make 32 MiB, more than
// the caches keep; each alone is below the threshold.
// CHECK-LABEL: func.func @one_go
// CHECK-SAME: (%[[A:.*]]: memref<256xf16>, %[[B:.*]]: memref<512xf16>, %[[OA:.*]]: memref<64x512x256xf16>, %[[OB:.*]]: memref<64x512x256xf16>)
// CHECK: memref.dim %[[OA]], %{{.*}}
// CHECK: memref.dim %[[OA]], %{{.*}}
// CHECK: %[[DA:.*]] = memref.dim %[[OA]], %{{.*}}
// CHECK-NEXT: %[[SA:.*]] = arith.muli %{{.*}}, %[[DA]]
// CHECK: %[[DB:.*]] = memref.dim %[[OB]], %{{.*}}
// CHECK: %[[DB1:.*]] = memref.dim %[[OB]], %{{.*}}
// CHECK: %[[DB2:.*]] = memref.dim %[[OB]], %{{.*}}
// CHECK-NEXT: %[[SB:.*]] = arith.muli %{{.*}}, %[[DB2]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[SA]], %[[SB]]
// CHECK: arith.cmpi uge, %[[SUM]], %c33554432
// CHECK: vector.store %{{.*}}, %[[OA]]{{.*}}nontemporal = true
// CHECK: arith.cmpi uge, %[[SUM]], %c33554432
// CHECK: vector.store %{{.*}}, %[[OB]]{{.*}}nontemporal = true
func.func @one_go(%a: memref<256xf16>, %b: memref<512xf16>,
                  %oa: memref<64x512x256xf16>, %ob: memref<64x512x256xf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<256xf16>) outs(%oa : memref<64x512x256xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b : memref<512xf16>) outs(%ob : memref<64x512x256xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  }
  return
}

// -----

// A write between two copies separates them: each tests its own size.
// CHECK-LABEL: func.func @not_one_go
// CHECK-SAME: (%{{.*}}: memref<256xf16>, %[[OA:.*]]: memref<64x512x256xf16>, %[[OB:.*]]: memref<64x512x256xf16>
// CHECK-NOT: memref.dim %[[OB]]
// CHECK: memref.store
// CHECK: memref.dim %[[OB]]
// CHECK: return
func.func @not_one_go(%a: memref<256xf16>, %oa: memref<64x512x256xf16>,
                      %ob: memref<64x512x256xf16>, %v: f16) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<256xf16>) outs(%oa : memref<64x512x256xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  }
  %c0 = arith.constant 0 : index
  memref.store %v, %oa[%c0, %c0, %c0] : memref<64x512x256xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<256xf16>) outs(%ob : memref<64x512x256xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  }
  return
}

// -----

// Left to the scalar loops: i1 (vectors of i1 are packed in memory), a
// transposition, a generic that computes, an output whose innermost stride
// is not 1.
// CHECK-LABEL: func.func @not_vectorized
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: vector.
func.func @not_vectorized(%b: memref<4xi1>, %ob: memref<3x4xi1>,
                          %t: memref<4x3xf32>, %ot: memref<3x4xf32>,
                          %s: memref<4xf32>,
                          %os: memref<3x4xf32, strided<[1, 3]>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<4xi1>) outs(%ob : memref<3x4xi1>) {
  ^bb0(%x: i1, %y: i1):
    linalg.yield %x : i1
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<4x3xf32>) outs(%ot : memref<3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<4xf32>) outs(%ot : memref<3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %x : f32
    linalg.yield %z : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<4xf32>) outs(%os : memref<3x4xf32, strided<[1, 3]>>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Rows are coalesced by strides, not layouts: padded rows (a stride of 128
// for 64 elements) in the output or in the input are not one run, and each
// 64-element row is copied apart; strided layouts whose rows do follow each
// other (strides 4096, 64, 1, any offset) are collapsed as identity ones.
// CHECK-LABEL: func.func @padded_output
// CHECK-NOT: memref.collapse_shape
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xf16>, vector<32xf16>
// CHECK-LABEL: func.func @padded_input
// CHECK-NOT: memref.collapse_shape
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xf16, strided<[128, 1]>>, vector<32xf16>
// CHECK-LABEL: func.func @dense_strided
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<8x64x64xf16, strided<[4096, 64, 1], offset: 8>> into memref<8x4096xf16, strided<[4096, 1], offset: 8>>
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<64x64xf16, strided<[64, 1], offset: 4>> into memref<4096xf16, strided<[1], offset: 4>>
// CHECK: vector.load %{{.*}} : memref<4096xf16, strided<[1], offset: 4>>, vector<32xf16>
func.func @padded_output(%in: memref<64x64xf16>, %out: memref<8x64x64xf16, strided<[8192, 128, 1]>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in : memref<64x64xf16>) outs(%out : memref<8x64x64xf16, strided<[8192, 128, 1]>>) {
  ^bb0(%a: f16, %b: f16):
    linalg.yield %a : f16
  }
  return
}
func.func @padded_input(%in: memref<64x64xf16, strided<[128, 1]>>, %out: memref<8x64x64xf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in : memref<64x64xf16, strided<[128, 1]>>) outs(%out : memref<8x64x64xf16>) {
  ^bb0(%a: f16, %b: f16):
    linalg.yield %a : f16
  }
  return
}
func.func @dense_strided(%in: memref<64x64xf16, strided<[64, 1], offset: 4>>, %out: memref<8x64x64xf16, strided<[4096, 64, 1], offset: 8>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in : memref<64x64xf16, strided<[64, 1], offset: 4>>) outs(%out : memref<8x64x64xf16, strided<[4096, 64, 1], offset: 8>>) {
  ^bb0(%a: f16, %b: f16):
    linalg.yield %a : f16
  }
  return
}
