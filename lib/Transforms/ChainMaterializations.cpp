//===- ChainMaterializations.cpp - one destination per computed tensor ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A tensor that several bufferization.materialize_in_destination ops write
// into different destinations is computed into the first one and copied
// into the others, and a reshape between a result and its destination is
// moved onto the destination (--sonnx-chain-materializations, Passes.td).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CHAINMATERIALIZATIONSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {
/// `materialize_in_destination (reshape %x) in %d` as
/// `reshape (materialize_in_destination %x in (inverse reshape %d))`: the
/// same elements in the same places, but the value that empty-tensor
/// elimination traces back to its `tensor.empty` is now `%x`, of the type
/// of its destination, and `%x` is computed in `%d`'s buffer (the reshapes
/// of buffers are views). Elementwise fusion leaves such a reshape after a
/// contraction whose iteration space it expanded (the heads of
/// grouped-query attention split in two). Static shapes (an expand_shape of
/// the destination needs its sizes), and a reshaped value that a linalg op
/// with a reduction computes (a contraction): a copy (a broadcast reshaped
/// into a result) keeps its intermediate buffer, which the static-storage
/// tests of test/Deploy measure.
struct ReshapeDestination
    : public OpRewritePattern<bufferization::MaterializeInDestinationOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(bufferization::MaterializeInDestinationOp op,
                                PatternRewriter &rewriter) const override {
    Value dest = op.getDest();
    if (!op.getResult() || !isa<RankedTensorType>(dest.getType()))
      return failure();
    Location loc = op.getLoc();
    auto isContraction = [](Value value) {
      auto producer = value.getDefiningOp<linalg::LinalgOp>();
      return producer && producer.getNumReductionLoops() > 0;
    };
    if (auto collapse =
            op.getSource().getDefiningOp<tensor::CollapseShapeOp>()) {
      RankedTensorType type = collapse.getSrcType();
      if (!type.hasStaticShape() || !isContraction(collapse.getSrc()))
        return failure();
      Value expanded = tensor::ExpandShapeOp::create(
          rewriter, loc, type, dest, collapse.getReassociationIndices());
      auto inner = bufferization::MaterializeInDestinationOp::create(
          rewriter, loc, collapse.getSrc(), expanded);
      rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
          op, inner.getResult(), collapse.getReassociationIndices());
      return success();
    }
    if (auto expand = op.getSource().getDefiningOp<tensor::ExpandShapeOp>()) {
      if (!expand.getSrcType().hasStaticShape() ||
          !isContraction(expand.getSrc()))
        return failure();
      Value collapsed = tensor::CollapseShapeOp::create(
          rewriter, loc, dest, expand.getReassociationIndices());
      auto inner = bufferization::MaterializeInDestinationOp::create(
          rewriter, loc, expand.getSrc(), collapsed);
      rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
          op, expand.getResultType(), inner.getResult(),
          expand.getReassociationIndices(), expand.getMixedOutputShape());
      return success();
    }
    return failure();
  }
};

struct ChainMaterializationsPass
    : public sonnx::impl::ChainMaterializationsPassBase<
          ChainMaterializationsPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk([&](Block *block) {
      // The first materialization of each source in this block.
      llvm::DenseMap<Value, Value> first;
      for (auto op :
           block->getOps<bufferization::MaterializeInDestinationOp>()) {
        Value source = op.getSource();
        // Only tensor destinations have a result to copy from.
        if (!op.getResult())
          continue;
        auto [it, inserted] = first.try_emplace(source, op.getResult());
        if (inserted)
          continue;
        op.getSourceMutable().assign(it->second);
        changed = true;
      }
    });
    // The reshapes moved onto the destinations, and a reshape of a
    // tensor.empty (what fusion puts between a contraction's destination
    // and its tensor.empty) folded into a tensor.empty of its result type.
    RewritePatternSet patterns(&getContext());
    patterns.add<ReshapeDestination>(&getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    bool rewritten = false;
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig(), &rewritten)))
      return signalPassFailure();
    if (!changed && !rewritten)
      markAllAnalysesPreserved();
  }
};
} // namespace
