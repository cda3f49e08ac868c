//===- SCFToControlFlow.cpp - scf to cf in linear time --------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Applies upstream's scf-to-cf patterns from the last scf op to the first.
// Each pattern splits the block of its op and moves the ops after it into a
// new block; visiting the ops last-first, an op moves at most once per
// lowered op that follows it in its block before the next lowered one,
// instead of once per lowered op before it (upstream's first-to-last
// dialect conversion, quadratic in the number of loops of a block).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTSCFTOCONTROLFLOWPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The ops that upstream's `--convert-scf-to-cf` makes illegal.
bool isLoweredOp(Operation *op) {
  return isa<scf::ForallOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
             scf::ParallelOp, scf::WhileOp, scf::ExecuteRegionOp>(op);
}

/// Remembers the ops that a rewrite erased, so that a collected op is never
/// used after it was freed.
struct ErasedOps : public RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  llvm::DenseSet<Operation *> erased;
};

struct ConvertSCFToControlFlowPass
    : public mlir::sonnx::impl::ConvertSCFToControlFlowPassBase<
          ConvertSCFToControlFlowPass> {
  using ConvertSCFToControlFlowPassBase::ConvertSCFToControlFlowPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateSCFToControlFlowConversionPatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    PatternApplicator applicator(patterns);
    applicator.applyDefaultCostModel();
    ErasedOps erasedOps;
    PatternRewriter rewriter(&getContext());
    rewriter.setListener(&erasedOps);

    SmallVector<Operation *> ops;
    // A round lowers every op present; the next one those that patterns
    // created (scf.forall -> scf.parallel -> scf.for: three rounds).
    constexpr int kMaxRounds = 16;
    for (int round = 0;; ++round) {
      // Post-order: nested ops before the op that holds them, ops of a block
      // in order. Visited backwards: the last op of a block first, an op
      // before the ops nested in it (as upstream, which goes outside in).
      ops.clear();
      getOperation()->walk([&](Operation *op) {
        if (op != getOperation() && isLoweredOp(op))
          ops.push_back(op);
      });
      if (ops.empty()) {
        // Nothing changed: the pass manager then skips the verifier.
        if (round == 0)
          markAllAnalysesPreserved();
        return;
      }
      if (round == kMaxRounds) {
        ops.front()->emitOpError()
            << "is still not lowered to the cf dialect after " << kMaxRounds
            << " rounds of the scf-to-cf patterns";
        return signalPassFailure();
      }
      erasedOps.erased.clear();
      bool changed = false;
      for (Operation *op : llvm::reverse(ops)) {
        if (erasedOps.erased.contains(op))
          continue;
        rewriter.setInsertionPoint(op);
        changed |= succeeded(applicator.matchAndRewrite(op, rewriter));
      }
      if (!changed) {
        ops.front()->emitOpError()
            << "cannot be lowered to the cf dialect by the scf-to-cf patterns";
        return signalPassFailure();
      }
    }
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
