//===- FuseElementwise.cpp - elementwise fusion that keeps destinations ---===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The patterns of upstream `--linalg-fuse-elementwise-ops`, with one
// difference: a tensor.collapse_shape / tensor.expand_shape is not moved
// through a linalg.generic that only copies an input (a broadcast or an
// expand that fused with nothing). Upstream moves the collapse of the unit
// dimensions of a broadcast input below the broadcast, which turns the
// generic into one of a higher rank followed by a collapse of its result:
// nothing is gained, and the collapse between the generic and a
// `bufferization.materialize_in_destination` keeps
// `--eliminate-empty-tensors` from writing the result into the destination,
// which then costs an allocation and a full copy. Generics that compute (an
// elementwise consumer into which a broadcast fused) are handled exactly as
// upstream does.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` only yields one of its input elements: a copy, a broadcast.
bool isPureCopy(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 1)
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return llvm::all_of(yield.getOperands(), [&](Value value) {
    auto argument = dyn_cast<BlockArgument>(value);
    return argument && argument.getOwner() == &body &&
           argument.getArgNumber() < op.getNumDpsInputs();
  });
}

/// Whether fusing the producer of `fusedOperand` into its consumer would
/// compute some of the producer's elements more than once: the producer
/// computes (it is not a copy or a broadcast, which fusion turns into a
/// read in place), and the consumer reads the operand through a map that
/// leaves out some of its loops (K x V reading the probabilities once per
/// column of V).
bool recomputesProducer(OpOperand *fusedOperand) {
  auto producer =
      dyn_cast_or_null<linalg::GenericOp>(fusedOperand->get().getDefiningOp());
  auto consumer = dyn_cast<linalg::LinalgOp>(fusedOperand->getOwner());
  if (!producer || !consumer || isPureCopy(producer))
    return false;
  return !consumer.getMatchingIndexingMap(fusedOperand).isPermutation();
}

struct FuseElementwisePass
    : public mlir::sonnx::impl::FuseElementwisePassBase<FuseElementwisePass> {
  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *context = op->getContext();
    RewritePatternSet patterns(context);

    // Upstream's control (fuse a producer that has no other user), except
    // that a producer that computes is not recomputed: fused, its body runs
    // once per iteration of the consumer, which must then read each of its
    // elements once (the softmax's division fused into P x V would divide
    // once per column of the product).
    linalg::ControlFusionFn fuseControl = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      return producer && producer->hasOneUse() &&
             !recomputesProducer(fusedOperand);
    };
    // The same, except through a generic that only copies.
    linalg::ControlFusionFn reshapeControl = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      if (!producer || !producer->hasOneUse())
        return false;
      auto generic = dyn_cast<linalg::GenericOp>(fusedOperand->getOwner());
      if (!generic)
        generic = dyn_cast<linalg::GenericOp>(producer);
      return !generic || !isPureCopy(generic);
    };

    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseControl);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, reshapeControl);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, fuseControl);

    // Top-down, as upstream, for compile time.
    bool changed = false;
    (void)applyPatternsGreedily(op, std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal(),
                                &changed);
    // Nothing changed: the pass manager then skips the verifier.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
