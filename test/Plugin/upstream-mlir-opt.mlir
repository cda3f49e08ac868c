// Debian's own mlir-opt with the sonnx plugin: it parses and verifies
// sonnx, canonicalizes, converts to linalg and runs the --sonnx-to-llvm
// pipeline, whose output mlir-runner executes. mlir-opt loads a plugin
// while it parses its command line, after it has made the flags of the
// passes it knows: plugin passes are named in --pass-pipeline, as in
// upstream's standalone example.
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin | FileCheck %s --check-prefix=PARSE
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin \
// RUN:     --pass-pipeline="builtin.module(convert-sonnx-to-linalg)" | FileCheck %s --check-prefix=LINALG
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin --pass-pipeline="builtin.module(sonnx-to-llvm)" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OUT
// The pipeline with options, and the plugin loaded both ways (its passes
// are registered once).
// RUN: mlir-opt %s --load-dialect-plugin=%sonnx_plugin --load-pass-plugin=%sonnx_plugin \
// RUN:     --pass-pipeline="builtin.module(sonnx-to-llvm{vector-bytes=0 fuse-elementwise=false})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OUT

// PARSE-LABEL: func.func private @shape_ops
// PARSE: sonnx.unsqueeze %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
// PARSE: sonnx.flatten %{{.*}} {axis = 1 : i64} : (tensor<1x2x3xf32>) -> tensor<1x6xf32>
// CANON-LABEL: func.func private @shape_ops
// CANON-NOT: sonnx.unsqueeze
// CANON-NOT: sonnx.flatten
// CANON: sonnx.reshape
// CANON-NOT: sonnx.
// CANON: return
// LINALG-LABEL: func.func private @shape_ops
// LINALG-NOT: sonnx.
// LINALG: return
// OUT: rank = 2 offset = 0 sizes = [1, 6] strides = [6, 1] data =
// OUT-NEXT{LITERAL}: [[1,   2,   3,   4,   5,   6]]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
    attributes {llvm.emit_c_interface}

func.func private @shape_ops(%x: tensor<2x3xf32>) -> tensor<1x6xf32> {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %x, %a : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %f = sonnx.flatten %u {axis = 1 : i64} : (tensor<1x2x3xf32>) -> tensor<1x6xf32>
  return %f : tensor<1x6xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %f = call @shape_ops(%x) : (tensor<2x3xf32>) -> tensor<1x6xf32>
  %p = tensor.cast %f : tensor<1x6xf32> to tensor<*xf32>
  call @printMemrefF32(%p) : (tensor<*xf32>) -> ()
  return
}
