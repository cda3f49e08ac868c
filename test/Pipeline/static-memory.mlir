// --sonnx-to-llvm=static-memory, the code of sonnx-compile's objects
// (docs/deployment.md): the results that a private function writes into
// its destination arguments are no longer returned, memrefs are bare
// pointers, the intermediate buffer of the expand is a static global (no
// malloc), and the run-time checks of the reshape by a shape that is an
// argument return status codes (the codes of their rules, SONNXRules.def;
// the rules listed in sonnx.status_rules) instead of printing and aborting.
//
// RUN: sonnx-opt %s --sonnx-to-llvm=static-memory | FileCheck %s \
// RUN:   --implicit-check-not=malloc --implicit-check-not=free \
// RUN:   --implicit-check-not=abort --implicit-check-not=puts \
// RUN:   --implicit-check-not=memrefCopy
//
// sonnx.element_stores (--sonnx-count-element-stores): 6 elements of the
// reshape copied into %out, 24 of the expand into its buffer, and 24
// copied from there into %out2.
// CHECK: module attributes {sonnx.element_stores = {run = 54 : i64}, sonnx.status_rules = ["reshape.S.below", "reshape.S.minus1", "reshape.count", "reshape.Y.shape"]}
// CHECK: llvm.mlir.global private @[[BUF:__sonnx_buffer]]() {{.*}}alignment = 64 : i64{{.*}} : !llvm.array<4 x array<2 x array<3 x f32>>>
// CHECK-LABEL: llvm.func @run
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) -> i32
// CHECK-DAG: llvm.mlir.addressof @[[BUF]]
// CHECK-DAG: llvm.mlir.constant(19 : i32) : i32
// CHECK: llvm.return
//
// Executed: code 19 (reshape.count) for a shape of 8 elements, code 15
// (reshape.S.below) for a size below -1, 0 and the outputs otherwise.
// RUN: sonnx-opt %s --sonnx-to-llvm=static-memory | mlir-translate --mlir-to-llvmir > %t.ll
// RUN: llc %t.ll -filetype=obj -relocation-model=pic -o %t.o
// RUN: %cc %S/Inputs/static-memory.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=EXEC
// EXEC: status 0
// EXEC-NEXT: 1 2 3 4 5 6
// EXEC-NEXT: 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6
// EXEC-NEXT: status 19
// EXEC-NEXT: status 15

func.func private @run(%x: tensor<2x3xf32> {bufferization.writable = false},
                       %s: tensor<2xi64> {bufferization.writable = false},
                       %out: tensor<3x2xf32>, %out2: tensor<6x4xf32>)
    -> (tensor<3x2xf32>, tensor<6x4xf32>, i32) {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %shape = arith.constant dense<[4, 2, 3]> : tensor<3xi64>
  %b = sonnx.expand %x, %shape : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  %rows = arith.constant dense<[6, 4]> : tensor<2xi64>
  %t = sonnx.reshape %b, %rows : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %r0 = bufferization.materialize_in_destination %y in %out
      : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %r1 = bufferization.materialize_in_destination %t in %out2
      : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<6x4xf32>
  %ok = arith.constant 0 : i32
  return %r0, %r1, %ok : tensor<3x2xf32>, tensor<6x4xf32>, i32
}
