//===- Passes.td - sonnx conversion passes -----------------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The passes that lower the sonnx dialect towards native code. The lowering
// of each op, the run-time checks and the `--sonnx-to-llvm` pipeline that
// chains these passes with the upstream ones are described in
// docs/pipeline.md.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_PASSES_TD
#define SONNX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// SONNXToLinalg
//===----------------------------------------------------------------------===//

def ConvertSONNXToLinalgPass
    : Pass<"convert-sonnx-to-linalg", "ModuleOp"> {
  let summary = "Lower the sonnx ops to tensor, linalg, arith and cf";
  let description = [{
    Lowers the five sonnx ops to the tensor and linalg dialects. Every rule of
    the constraint catalogue that depends on run-time values becomes a
    `cf.assert` whose message names the op and its location and ends with
    the constraint ID, e.g. `[reshape.count]`; a rule that the shape rules of
    `SONNXShapes.h` settle at compile time costs nothing at run time, and a
    declared result type that no input can satisfy is a compile-time error
    citing the ID.

    - `sonnx.reshape`, `sonnx.unsqueeze` and `sonnx.flatten` become
      `tensor.collapse_shape` and/or `tensor.expand_shape` (and `tensor.cast`
      where run-time checks make a size static): one op when the sizes prove
      a reassociation, otherwise a collapse and an expand (through 1-D when
      nothing is known). All are views after bufferization: no allocation,
      no copy. A `reshape` whose `shape` has a dynamic length and whose
      result is unranked becomes `tensor.reshape` with a run-time resolved
      shape.
    - `sonnx.broadcast` and `sonnx.expand` become one `linalg.generic` per
      result that needs broadcasting, with broadcasting indexing maps, so
      that elementwise consumers fuse with them. A result that needs no
      broadcasting is the input itself. A dynamic input size that may be 1
      only at run time is read through `tensor.extract` at an index that is 0
      when the size is 1.
    - `!sonnx.string` elements become `i64` handles (in practice the address
      of the string's storage): strings move by reference, their characters
      are never copied. Function signatures, calls, returns and every op
      without regions that carries string tensors are converted too, and a
      `builtin.unrealized_conversion_cast` between string tensors and `i64`
      tensors disappears.

    Integer element types keep their signedness: the lowering only moves
    elements. Rejected with a diagnostic: `sonnx.unsqueeze` with `axes` and
    `sonnx.expand` with `shape` of dynamic length when the declared result
    type does not give the result rank (linalg needs a rank). See
    docs/pipeline.md.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// AssertToLLVM
//===----------------------------------------------------------------------===//

def ConvertAssertToLLVMPass
    : Pass<"sonnx-convert-assert-to-llvm", "ModuleOp"> {
  let summary = "Lower cf.assert to LLVM calls that report and abort";
  let description = [{
    Replaces every `cf.assert` whose block can be split (that is, every
    `cf.assert` in a region with control flow, such as a function body after
    `--convert-scf-to-cf`) with a conditional branch to a block that prints
    the assert message and a newline with `puts`, flushes every output
    stream with `fflush(NULL)` and calls `abort()`.

    Upstream `--convert-cf-to-llvm` prints the message with `puts` and calls
    `abort()` without flushing: when the standard output is a pipe or a file
    the message stays in the stdio buffer and is lost. A run-time check of a
    safety rule must always be reported, so the sonnx pipeline runs this pass
    before `--convert-cf-to-llvm`. The functions used are those of the C
    standard library.
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ExpandShapeToReinterpretCast
//===----------------------------------------------------------------------===//

def ExpandShapeToReinterpretCastPass
    : Pass<"sonnx-expand-shape-to-reinterpret-cast"> {
  let summary = "Lower memref.expand_shape to memref.reinterpret_cast";
  let description = [{
    Replaces every `memref.expand_shape` by a `memref.reinterpret_cast` of
    the base buffer of its source (`memref.extract_strided_metadata`) with
    the sizes of its `output_shape` and the strides that expansion implies:
    still a view, never a copy.

    LLVM 22's `--expand-strided-metadata` recomputes each expanded size from
    the source size instead of reading `output_shape`: it crashes on a group
    with more than one dynamic size (a reshape whose sizes are all run-time
    values) and divides by zero on a group holding a static 0 next to a
    dynamic size. The sonnx pipeline runs this pass before it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // SONNX_CONVERSION_PASSES_TD
