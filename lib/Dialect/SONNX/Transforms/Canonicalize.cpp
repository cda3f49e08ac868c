//===- Canonicalize.cpp - canonicalization with sonnx fold options --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// --canonicalize with the sonnx patterns built from FoldOptions instead of
// the defaults that the ops' getCanonicalizationPatterns use. Everything else
// (other dialects' and ops' patterns, folders, the greedy driver settings)
// is what --canonicalize uses.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/Transforms/Passes.h"

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXFolds.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXCANONICALIZE
#include "SONNX/Dialect/SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

namespace {

struct SONNXCanonicalizePass
    : sonnx::impl::SONNXCanonicalizeBase<SONNXCanonicalizePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (maxFoldElements < 0)
      return emitError(UnknownLoc::get(context))
             << "sonnx-canonicalize: max-fold-elements must not be negative, "
                "got "
             << static_cast<int64_t>(maxFoldElements);
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    // The sonnx ops' own patterns carry the default options: add the ones
    // built with this pass's options instead.
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (!isa<SONNXDialect>(op.getDialect()))
        op.getCanonicalizationPatterns(owningPatterns, context);
    FoldOptions options;
    options.maxFoldElements = maxFoldElements;
    populateSONNXCanonicalizationPatterns(owningPatterns, options);
    patterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(owningPatterns));
    return success();
  }

  void runOnOperation() override {
    // The settings of --canonicalize.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    bool changed = false;
    (void)applyPatternsGreedily(getOperation(), *patterns, config, &changed);
    // Nothing changed: the pass manager then skips the verifier.
    if (!changed)
      markAllAnalysesPreserved();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
