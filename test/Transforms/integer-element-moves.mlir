// RUN: sonnx-opt %s --sonnx-integer-element-moves -split-input-file | FileCheck %s
// The result verifies, and a second run changes nothing.
// RUN: sonnx-opt %s --sonnx-integer-element-moves -split-input-file | sonnx-opt --sonnx-integer-element-moves -split-input-file | FileCheck %s

// A bfloat16 splat of the vector paths: the loaded scalar, the poison
// vector, the insert, the shuffle and the (nontemporal) store all move i16.
// CHECK-LABEL: llvm.func @splat
// CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i16
// CHECK: %[[P:.*]] = llvm.mlir.poison : vector<8xi16>
// CHECK: %[[V:.*]] = llvm.insertelement %[[X]], %[[P]][%{{.*}} : i32] : vector<8xi16>
// CHECK: %[[S:.*]] = llvm.shufflevector %[[V]], %[[P]] [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xi16>
// CHECK: llvm.store %[[S]], %{{.*}} {alignment = 16 : i64, nontemporal} : vector<8xi16>, !llvm.ptr
// CHECK: llvm.store %[[X]], %{{.*}} : i16, !llvm.ptr
llvm.func @splat(%in: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %x = llvm.load %in : !llvm.ptr -> bf16
  %p = llvm.mlir.poison : vector<8xbf16>
  %v = llvm.insertelement %x, %p[%c0 : i32] : vector<8xbf16>
  %s = llvm.shufflevector %v, %p [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xbf16>
  llvm.store %s, %out {alignment = 16 : i64, nontemporal} : vector<8xbf16>, !llvm.ptr
  llvm.store %x, %out : bf16, !llvm.ptr
  llvm.return
}

// -----

// Constants keep their bits: a signaling NaN, negative zero, a dense
// vector, a complex number (a struct of two doubles).
// CHECK-LABEL: llvm.func @constants
// CHECK-DAG: llvm.mlir.constant(2139095041 : i32) : i32
// CHECK-DAG: llvm.mlir.constant(-32768 : i16) : i16
// CHECK-DAG: llvm.mlir.constant(dense<[1065353216, -1082130432]> : vector<2xi32>) : vector<2xi32>
// CHECK-DAG: llvm.mlir.constant([4607182418800017408, -4611686018427387904]) : !llvm.struct<(i64, i64)>
// CHECK-NOT: f32
// CHECK-NOT: f64
llvm.func @constants(%out: !llvm.ptr) {
  %snan = llvm.mlir.constant(0x7F800001 : f32) : f32
  llvm.store %snan, %out : f32, !llvm.ptr
  %nz = llvm.mlir.constant(-0.0 : f16) : f16
  llvm.store %nz, %out : f16, !llvm.ptr
  %v = llvm.mlir.constant(dense<[1.0, -1.0]> : vector<2xf32>) : vector<2xf32>
  llvm.store %v, %out : vector<2xf32>, !llvm.ptr
  %c = llvm.mlir.constant([1.0, -2.0]) : !llvm.struct<(f64, f64)>
  llvm.store %c, %out : !llvm.struct<(f64, f64)>, !llvm.ptr
  llvm.return
}

// -----

// A complex element through extractvalue/insertvalue, a value through a
// block argument and a select, a bitcast that becomes an identity.
// CHECK-LABEL: llvm.func @aggregates_and_blocks
// CHECK: %[[C:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(i32, i32)>
// CHECK: %[[RE:.*]] = llvm.extractvalue %[[C]][0] : !llvm.struct<(i32, i32)>
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: llvm.insertvalue %[[RE]], %[[U]][1] : !llvm.struct<(i32, i32)>
// CHECK: %[[H:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i16
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%[[H]] : i16), ^bb1(%{{.*}} : i16)
// CHECK: ^bb1(%[[A:.*]]: i16):
// CHECK: llvm.select %{{.*}}, %[[A]], %[[H]] : i1, i16
llvm.func @aggregates_and_blocks(%in: !llvm.ptr, %out: !llvm.ptr, %flag: i1) {
  %c = llvm.load %in : !llvm.ptr -> !llvm.struct<(f32, f32)>
  %re = llvm.extractvalue %c[0] : !llvm.struct<(f32, f32)>
  %u = llvm.mlir.undef : !llvm.struct<(f32, f32)>
  %d = llvm.insertvalue %re, %u[1] : !llvm.struct<(f32, f32)>
  llvm.store %d, %out : !llvm.struct<(f32, f32)>, !llvm.ptr
  %i = llvm.load %in : !llvm.ptr -> i16
  %h = llvm.bitcast %i : i16 to f16
  %z = llvm.mlir.zero : f16
  llvm.cond_br %flag, ^next(%h : f16), ^next(%z : f16)
^next(%a: f16):
  %s = llvm.select %flag, %a, %h : i1, f16
  llvm.store %s, %out : f16, !llvm.ptr
  llvm.return
}

// -----

// Webs that compute keep their types: arithmetic, a call, a returned
// value, a function argument. The web of a copy beside them changes.
// CHECK-LABEL: llvm.func @computing
// CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.fadd %[[X]], %[[X]] : f32
// CHECK: %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK: llvm.call @sink(%[[Y]])
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<4xf32>, !llvm.ptr
// CHECK: %[[W:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i16
// CHECK: llvm.store %[[W]], %{{.*}} : i16, !llvm.ptr
// CHECK: %[[R:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f16
// CHECK: llvm.return %[[R]] : f16
llvm.func @sink(f64)
llvm.func @computing(%in: !llvm.ptr, %out: !llvm.ptr, %v: vector<4xf32>) -> f16 {
  %x = llvm.load %in : !llvm.ptr -> f32
  %y2 = llvm.fadd %x, %x : f32
  llvm.store %y2, %out : f32, !llvm.ptr
  %y = llvm.load %in : !llvm.ptr -> f64
  llvm.call @sink(%y) : (f64) -> ()
  llvm.store %v, %out : vector<4xf32>, !llvm.ptr
  %w = llvm.load %in : !llvm.ptr -> bf16
  llvm.store %w, %out : bf16, !llvm.ptr
  %r = llvm.load %in : !llvm.ptr -> f16
  llvm.return %r : f16
}

// -----

// Arrays of floats move as arrays of integers of the same width; arrays of
// integers stay; an identified struct has a name and body of its own and
// keeps them.
// CHECK-LABEL: llvm.func @aggregates
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<4 x i32>
// CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.array<4 x i32>, !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<4 x i16>
// CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.array<4 x i16>, !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<"pair", (f32, f32)>
// CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<"pair", (f32, f32)>, !llvm.ptr
llvm.func @aggregates(%p: !llvm.ptr, %q: !llvm.ptr) {
  %a = llvm.load %p : !llvm.ptr -> !llvm.array<4 x f32>
  llvm.store %a, %q : !llvm.array<4 x f32>, !llvm.ptr
  %b = llvm.load %p : !llvm.ptr -> !llvm.array<4 x i16>
  llvm.store %b, %q : !llvm.array<4 x i16>, !llvm.ptr
  %c = llvm.load %p : !llvm.ptr -> !llvm.struct<"pair", (f32, f32)>
  llvm.store %c, %q : !llvm.struct<"pair", (f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

// A struct constant gets the bits of its float fields (1.0f is 0x3F800000
// = 1065353216) and keeps its integer fields. An array of structs, whose
// constant the pass cannot convert, keeps its float type, and so does
// everything it moves into.
// CHECK-LABEL: llvm.func @constants
// CHECK: %[[S:.*]] = llvm.mlir.constant([1065353216 : i32, 2 : i32]) : !llvm.struct<(i32, i32)>
// CHECK: llvm.store %[[S]], %{{.*}} : !llvm.struct<(i32, i32)>, !llvm.ptr
// CHECK: %[[A:.*]] = llvm.mlir.constant({{\[\[}}1.000000e+00 : f32], [2.000000e+00 : f32]]) : !llvm.array<2 x struct<(f32)>>
// CHECK: llvm.store %[[A]], %{{.*}} : !llvm.array<2 x struct<(f32)>>, !llvm.ptr
llvm.func @constants(%q: !llvm.ptr) {
  %s = llvm.mlir.constant([1.0 : f32, 2 : i32]) : !llvm.struct<(f32, i32)>
  llvm.store %s, %q : !llvm.struct<(f32, i32)>, !llvm.ptr
  %a = llvm.mlir.constant([[1.0 : f32], [2.0 : f32]]) : !llvm.array<2 x struct<(f32)>>
  llvm.store %a, %q : !llvm.array<2 x struct<(f32)>>, !llvm.ptr
  llvm.return
}

// -----

// A loaded value moved together with a function argument (whose type is
// the function's) keeps the float type: the whole web does.
// CHECK-LABEL: llvm.func @with_argument
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
llvm.func @with_argument(%p: !llvm.ptr, %q: !llvm.ptr, %c: i1, %f: f32) {
  %x = llvm.load %p : !llvm.ptr -> f32
  %s = llvm.select %c, %x, %f : i1, f32
  llvm.store %s, %q : f32, !llvm.ptr
  llvm.return
}

// -----

// A block that a terminator other than br, cond_br and switch enters (an
// indirect branch) keeps the types of its arguments, and the web of what
// is passed to them.
// CHECK-LABEL: llvm.func @indirect
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: ^bb1(%[[Y:.*]]: f32):
// CHECK: llvm.store %[[Y]], %{{.*}} : f32, !llvm.ptr
llvm.func @indirect(%p: !llvm.ptr, %q: !llvm.ptr, %addr: !llvm.ptr) {
  %x = llvm.load %p : !llvm.ptr -> f32
  llvm.indirectbr %addr : !llvm.ptr, [
    ^bb1(%x : f32)
  ]
^bb1(%y: f32):
  llvm.store %y, %q : f32, !llvm.ptr
  llvm.return
}
