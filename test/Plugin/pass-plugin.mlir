// The pass plugin alone registers the sonnx passes and the pipeline (not the
// dialect); without the plugin, upstream mlir-opt does not know them.
// RUN: mlir-opt %s --load-pass-plugin=%sonnx_plugin \
// RUN:     --pass-pipeline="builtin.module(convert-sonnx-to-linalg,sonnx-to-llvm)" | FileCheck %s
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(sonnx-to-llvm)" 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// CHECK: llvm.func @f(%{{.*}}: i32) -> i32
// NOPLUGIN: 'sonnx-to-llvm' does not refer to a registered pass or pass pipeline

func.func @f(%x: i32) -> i32 {
  return %x : i32
}
