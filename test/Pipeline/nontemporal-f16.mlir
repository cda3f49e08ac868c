// An f16 expand into a large caller buffer is written with streaming stores
// down to the machine code, when the LLVM IR goes through the optimizer as
// sonnx-run, mlir-runner and clang -O2 do (LLVM 22's x86 backend makes
// nontemporal <32 x half> stores ordinary ones; the pipeline moves every
// element as an integer of its width, --sonnx-integer-element-moves).
// RUN: sonnx-opt %s --sonnx-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | FileCheck %s
// With the vectors of f16 that the pipeline would move without it, no
// streaming store is left:
// RUN: sonnx-opt %s --sonnx-to-llvm | sed -e 's/vector<32xi16>/vector<32xf16>/g' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-LABEL: dps:
// UPSTREAM-NOT: movnt

// CHECK-LABEL: dps:
// CHECK: vmovnt{{dq|ps}} %zmm{{[0-9]+}}, (%{{.*}})
func.func @dps(%x: tensor<1x4096xf16>, %o: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %s = arith.constant dense<[8192, 4096]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x4096xf16>, tensor<2xi64>) -> tensor<8192x4096xf16>
  %r = bufferization.materialize_in_destination %y in %o : (tensor<8192x4096xf16>, tensor<8192x4096xf16>) -> tensor<8192x4096xf16>
  return %r : tensor<8192x4096xf16>
}
