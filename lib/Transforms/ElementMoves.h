//===- ElementMoves.h - how LLVM ops move element values -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Transforms: which uses of a value by the LLVM dialect's ops
// only move it (bitcast, freeze, vector and aggregate insert/extract and
// shuffle, the values of a select, the pass-through values of a masked
// load, the operands a branch forwards to a block argument), which store
// it, and which compute with it. --sonnx-integer-element-moves retypes the
// values that only move; --sonnx-check-data-oblivious follows loaded values
// along the same moves. One list, so that the two passes never disagree.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TRANSFORMS_ELEMENTMOVES_H
#define SONNX_LIB_TRANSFORMS_ELEMENTMOVES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace sonnx {

/// What an op does with the value of one of its operands.
enum class ElementUse {
  /// The op moves the value, bit for bit, into other values: a result, a
  /// block argument (`targets`).
  Move,
  /// The op writes the value to memory (the stored value of a store, a
  /// masked store or a memset): a use that needs no type.
  Store,
  /// Anything else: arithmetic, a call, a return, a position, a condition,
  /// an address, a mask.
  Compute,
};

/// What the owner of `use` does with its value; for Move, appends the
/// values it moves it into to `targets`.
ElementUse classifyElementUse(OpOperand &use, SmallVectorImpl<Value> &targets);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TRANSFORMS_ELEMENTMOVES_H
