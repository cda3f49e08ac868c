// An f16 expand into a large caller buffer is written with streaming stores
// down to the machine code, when the LLVM IR goes through the optimizer as
// sonnx-run, mlir-runner and clang -O2 do (LLVM 22's x86 backend makes
// nontemporal <32 x half> stores ordinary ones; the pipeline stores them as
// integers, which the optimizer turns into integer loads and stores).
// RUN: sonnx-opt %s --sonnx-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | FileCheck %s
// Without the integer stores, no streaming store is left:
// RUN: sonnx-opt %s --sonnx-to-llvm | sed -e 's/vector<32xi16>, !llvm.ptr/vector<32xf16>, !llvm.ptr/' \
// RUN:   -e 's/llvm.bitcast \(%[0-9]*\) : vector<32xf16> to vector<32xi16>/llvm.bitcast \1 : vector<32xf16> to vector<32xf16>/' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-LABEL: dps:
// UPSTREAM-NOT: movnt

// CHECK-LABEL: dps:
// CHECK: vmovntdq %zmm{{[0-9]+}}, (%{{.*}})
func.func @dps(%x: tensor<1x4096xf16>, %o: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %s = arith.constant dense<[8192, 4096]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<1x4096xf16>, tensor<2xi64>) -> tensor<8192x4096xf16>
  %r = bufferization.materialize_in_destination %y in %o : (tensor<8192x4096xf16>, tensor<8192x4096xf16>) -> tensor<8192x4096xf16>
  return %r : tensor<8192x4096xf16>
}
