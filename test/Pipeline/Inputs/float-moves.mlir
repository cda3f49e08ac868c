// What --sonnx-integer-element-moves removes: a bfloat16 splat of the
// vector paths moved as floats; a conversion and float arithmetic
// (bit-moves.test checks that check_bit_moves.py finds each).
llvm.func @splat(%in: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %x = llvm.load %in : !llvm.ptr -> bf16
  %p = llvm.mlir.poison : vector<32xbf16>
  %v = llvm.insertelement %x, %p[%c0 : i32] : vector<32xbf16>
  %s = llvm.shufflevector %v, %p [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<32xbf16>
  %q = llvm.getelementptr %out[%c0] : (!llvm.ptr, i32) -> !llvm.ptr, bf16
  llvm.store %s, %q : vector<32xbf16>, !llvm.ptr
  llvm.return
}

llvm.func @convert(%in: !llvm.ptr, %out: !llvm.ptr) {
  %h = llvm.load %in : !llvm.ptr -> i16
  %b = llvm.bitcast %h : i16 to f16
  %f = llvm.fpext %b : f16 to f32
  %g = llvm.fadd %f, %f : f32
  llvm.return
}
