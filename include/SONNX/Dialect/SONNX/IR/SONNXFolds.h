//===- SONNXFolds.h - folds and canonicalization of sonnx ops ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The entry points of the sonnx folds and canonicalization patterns
// (lib/Dialect/SONNX/IR/SONNXFolds.cpp) that passes and embedding compilers
// use: the pattern set with its options and result type refinement. The
// silent rule check that guards every fold is verifySONNXOp
// (SONNXVerification.h). docs/canonicalization.md describes
// each rewrite and when it does not fire.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXFOLDS_H
#define SONNX_DIALECT_SONNX_IR_SONNXFOLDS_H

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sonnx {

/// The default of FoldOptions::maxFoldElements, used by `--canonicalize`.
constexpr int64_t kDefaultMaxFoldElements = 1 << 16;

/// Options of the sonnx folds.
struct FoldOptions {
  /// The largest number of elements of a non-splat constant that a fold may
  /// create, so that expanding or copying constants cannot blow up the IR.
  /// Splat results are always folded: they stay one value.
  int64_t maxFoldElements = kDefaultMaxFoldElements;
};

/// Adds the canonicalization patterns of every sonnx op, folding constants up
/// to `options.maxFoldElements`. Each op's getCanonicalizationPatterns adds
/// its own share of these with the default options.
void populateSONNXCanonicalizationPatterns(RewritePatternSet &patterns,
                                           const FoldOptions &options = {});

/// Makes the result types of the sonnx op `op` as static as its operands
/// allow (the inferred shapes of verifySONNXOp), in place. sonnx users take the
/// refined value directly; any other user gets a `tensor.cast` back to the
/// old type, so that its types still agree. Fails, changing nothing, when
/// nothing can be refined, the op breaks a rule, or a needed `tensor.cast`
/// cannot be built because the tensor dialect is not loaded.
LogicalResult refineResultTypes(RewriterBase &rewriter, Operation *op);

/// The same for an op that satisfies every rule, whose verification
/// (verifySONNXOp) the caller already has.
LogicalResult refineResultTypes(RewriterBase &rewriter, Operation *op,
                                const OpVerification &verified);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXFOLDS_H
