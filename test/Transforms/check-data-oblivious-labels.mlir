// RUN: not sonnx-opt %s --sonnx-check-data-oblivious 2>&1 | FileCheck %s

// The sources that name an op in the error of --sonnx-check-data-oblivious
// (getSourceLabels, SONNXLocations.cpp): each name once, in order, however
// many locations of a fused one carry it; the callee of a call site.

// CHECK: m.onnx:2:3: error: 'llvm.trunc' op uses a value loaded from memory (the llvm.load in x) as operand 0 in n, k: the function is not data-oblivious
// CHECK-NOT: error:
llvm.func @f(%p: !llvm.ptr) {
  %x = llvm.load %p : !llvm.ptr -> i32 loc(fused["x", "x"("m.onnx":1:1)])
  %y = llvm.trunc %x : i32 to i16 loc(fused["n", "n"("m.onnx":2:3), callsite("k" at "m.onnx":4:5), "n"("m.onnx":6:7)])
  llvm.store %y, %p : i16, !llvm.ptr
  llvm.return
}
