//===- VectorizeContractions.cpp - vector contractions in linalg's order --===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A contraction lowered by --convert-linalg-to-loops runs its loops in the
// order of its iterators: for Q x K^T, the reduction innermost, one scalar
// accumulator at a time. This pass gives it upstream's structure instead:
// tiled (scf::tileUsingSCF) with the output's unit-stride dimension as the
// vector dimension and the reduction loops inside it, then vectorized by the
// linalg vectorizer. Each vector lane is one output element, and its
// accumulation is the scalar one: `acc = acc + x(r)` over r in order. No
// reassociation (the multi_reduction of a tile is lowered inner-parallel,
// an ordered chain of adds), no fast-math flag (no FMA contraction). An
// operand repeated by a sonnx broadcast or expand that fused into the
// contraction is read in place through its broadcasting indexing map.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_VECTORIZECONTRACTIONSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The largest power of 2 at most `limit` that divides `size` (1 if none).
int64_t powerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t tile = 1;
  while (tile * 2 <= limit && size % (tile * 2) == 0)
    tile *= 2;
  return tile;
}

/// The tiling of `op`: tile sizes and loop interchange, or nothing when the
/// op is left to the scalar loops.
struct ContractionTiling {
  SmallVector<int64_t> tileSizes;
  SmallVector<int64_t> interchange;
  /// The iteration space with the vector dimension innermost and the
  /// reductions just outside it (their order kept): the vectorizer then
  /// makes each reduction step one vector of output lanes, and a transposed
  /// read (K in Q x K^T) transposes the tile of that input, not the
  /// products.
  SmallVector<unsigned> iterationOrder;
};

std::optional<ContractionTiling> getTiling(linalg::LinalgOp op,
                                           int64_t vectorBytes,
                                           int64_t reductionTile,
                                           int64_t reuseBlock) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 || op.hasDynamicShape())
    return std::nullopt;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return std::nullopt;
  OpOperand *init = op.getDpsInitOperand(0);
  auto output = dyn_cast<MemRefType>(init->get().getType());
  if (!output || output.getRank() == 0)
    return std::nullopt;
  Type element = output.getElementType();
  if (!isa<IntegerType, FloatType>(element))
    return std::nullopt;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = getElementTypeOrSelf(operand.get().getType());
    if (!type.isIntOrFloat())
      return std::nullopt;
  }
  // The vector dimension: the loop that indexes the output's innermost,
  // unit-stride dimension.
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(output.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(init);
  auto innermost = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  if (!innermost)
    return std::nullopt;
  unsigned vectorDim = innermost.getPosition();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t lanes = powerOfTwoDivisor(
      ranges[vectorDim], vectorBytes / static_cast<int64_t>(bits / 8));
  if (lanes < 2)
    return std::nullopt;

  ContractionTiling tiling;
  tiling.tileSizes.assign(ranges.size(), 1);
  tiling.tileSizes[vectorDim] = lanes;
  int64_t lastReduction = -1;
  // Loops: the other parallel dimensions, the vector dimension, then the
  // reductions in their original order (the order of each element's sum).
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::parallel && dim != vectorDim)
      tiling.interchange.push_back(dim);
  tiling.interchange.push_back(vectorDim);
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::reduction) {
      tiling.interchange.push_back(dim);
      lastReduction = dim;
    }
  for (int64_t dim : tiling.interchange)
    if (dim != static_cast<int64_t>(vectorDim))
      tiling.iterationOrder.push_back(static_cast<unsigned>(dim));
  tiling.iterationOrder.push_back(vectorDim);
  tiling.tileSizes[lastReduction] =
      powerOfTwoDivisor(ranges[lastReduction], reductionTile);
  // An input that does not depend on a parallel dimension is reused along
  // it (K along the query rows and along the heads that share it): up to
  // `reuseBlock` of its iterations in one tile read each tile of that input
  // once. Innermost dimensions first.
  int64_t block = 1;
  for (int64_t dim = static_cast<int64_t>(ranges.size()) - 1; dim >= 0; --dim) {
    if (iterators[dim] != utils::IteratorType::parallel ||
        dim == static_cast<int64_t>(vectorDim))
      continue;
    bool reused = llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *in) {
      return !op.getMatchingIndexingMap(in).isFunctionOfDim(dim);
    });
    if (!reused)
      continue;
    int64_t tile = powerOfTwoDivisor(ranges[dim], reuseBlock / block);
    tiling.tileSizes[dim] = tile;
    block *= tile;
  }
  return tiling;
}

/// The attribute that marks the innermost reduction loop of a tiled
/// contraction until its accumulator is hoisted.
constexpr StringLiteral kReductionLoop = "sonnx.contraction_reduction";

/// Keeps the accumulator of `loop` (a tile of the output read at the start
/// of each iteration and written at its end, at indices that do not depend
/// on the loop) in registers: read once before the loop, carried by an
/// iter_arg, written once after it. The sums are the same operations in the
/// same order; only the round trip through memory between two reduction
/// tiles goes. The loop must write nothing else, and nothing else in it may
/// use the output buffer. Like bufferization, this takes the buffers of
/// distinct tensors (the inputs and the output) not to overlap.
void hoistAccumulator(RewriterBase &rewriter, scf::ForOp loop) {
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  Block *body = loop.getBody();
  vector::TransferWriteOp write;
  for (Operation &op : *body) {
    if (auto candidate = dyn_cast<vector::TransferWriteOp>(op)) {
      if (write)
        return;
      write = candidate;
    } else if (!isMemoryEffectFree(&op) &&
               !isa<vector::TransferReadOp, scf::YieldOp>(op)) {
      return;
    }
  }
  if (!write || !isa<MemRefType>(write.getBase().getType()))
    return;
  auto outside = [&](Value value) {
    return loop.isDefinedOutsideOfLoop(value);
  };
  if (!outside(write.getBase()) || !llvm::all_of(write.getIndices(), outside))
    return;
  vector::TransferReadOp read;
  for (Operation *user : write.getBase().getUsers()) {
    if (user == write.getOperation() || !loop->isProperAncestor(user))
      continue;
    auto candidate = dyn_cast<vector::TransferReadOp>(user);
    if (read || !candidate || candidate->getBlock() != body ||
        !candidate->isBeforeInBlock(write) ||
        candidate.getIndices() != write.getIndices() ||
        candidate.getVectorType() != write.getVectorType() ||
        candidate.getPermutationMap() != write.getPermutationMap() ||
        candidate.getMask() || write.getMask())
      return;
    read = candidate;
  }
  if (!read)
    return;
  rewriter.setInsertionPoint(loop);
  Operation *initial = rewriter.clone(*read);
  Value accumulator = write.getVector();
  FailureOr<LoopLikeOpInterface> replaced =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, initial->getResult(0),
              /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                return SmallVector<Value>{accumulator};
              });
  if (failed(replaced))
    return;
  auto hoisted = cast<scf::ForOp>(replaced->getOperation());
  rewriter.replaceAllUsesWith(read.getResult(),
                              hoisted.getRegionIterArgs().back());
  rewriter.eraseOp(read);
  rewriter.setInsertionPointAfter(hoisted);
  IRMapping mapping;
  mapping.map(accumulator, hoisted.getResults().back());
  rewriter.clone(*write, mapping);
  rewriter.eraseOp(write);
}

struct VectorizeContractionsPass
    : public mlir::sonnx::impl::VectorizeContractionsPassBase<
          VectorizeContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBytes == 0)
      return;
    if (!llvm::isPowerOf2_64(vectorBytes) || reductionTile < 1 ||
        reuseBlock < 1) {
      getOperation()->emitError()
          << "vector-bytes must be a power of 2, reduction-tile and "
             "reuse-block at least 1, not "
          << static_cast<uint64_t>(vectorBytes) << ", "
          << static_cast<int64_t>(reductionTile) << " and "
          << static_cast<int64_t>(reuseBlock);
      return signalPassFailure();
    }
    MLIRContext *context = &getContext();
    SmallVector<std::pair<linalg::LinalgOp, ContractionTiling>> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (auto tiling = getTiling(op, static_cast<int64_t>(vectorBytes),
                                  reductionTile, reuseBlock))
        candidates.emplace_back(op, std::move(*tiling));
    });
    if (candidates.empty())
      return;

    IRRewriter rewriter(context);
    for (auto &[candidate, order] : candidates) {
      // A generic, its dimensions in the order of the tiling (upstream's
      // generalization and interchange; the per-element order of the
      // reduction is that of the reduction dimensions, unchanged).
      linalg::LinalgOp op = candidate;
      rewriter.setInsertionPoint(op);
      if (!isa<linalg::GenericOp>(op)) {
        FailureOr<linalg::GenericOp> generic =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generic))
          continue;
        op = *generic;
      }
      FailureOr<linalg::GenericOp> interchanged = linalg::interchangeGenericOp(
          rewriter, cast<linalg::GenericOp>(op.getOperation()),
          order.iterationOrder);
      if (failed(interchanged)) {
        op->emitError("could not be interchanged for vectorization");
        return signalPassFailure();
      }
      op = *interchanged;
      std::optional<ContractionTiling> tiling = getTiling(
          op, static_cast<int64_t>(vectorBytes), reductionTile, reuseBlock);
      if (!tiling) {
        op->emitError("lost its vector dimension when interchanged");
        return signalPassFailure();
      }
      auto tileable = dyn_cast<TilingInterface>(op.getOperation());
      if (!tileable) {
        op->emitError("has no TilingInterface model: register "
                      "linalg::registerTilingInterfaceExternalModels");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(op);
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(context, tiling->tileSizes));
      options.setInterchange(tiling->interchange);
      FailureOr<scf::SCFTilingResult> tiled =
          scf::tileUsingSCF(rewriter, tileable, options);
      if (failed(tiled)) {
        op->emitError("could not be tiled for vectorization");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
      if (!tiled->loops.empty())
        tiled->loops.back()->setAttr(kReductionLoop, rewriter.getUnitAttr());
      // A tile the vectorizer does not handle (an op in the body it cannot
      // vectorize) stays a scalar tile, in the same order.
      for (Operation *tile : tiled->tiledOps)
        if (succeeded(linalg::vectorizeOpPrecondition(tile))) {
          rewriter.setInsertionPoint(tile);
          if (succeeded(linalg::vectorize(rewriter, tile)))
            rewriter.eraseOp(tile);
        }
    }

    // The accumulators in registers across the reduction tiles, while each
    // is one n-D read and one n-D write. CSE in the loop first: their
    // indices are equal constants.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kReductionLoop))
        loops.push_back(loop);
    });
    DominanceInfo dominance;
    for (scf::ForOp loop : loops) {
      loop->removeAttr(kReductionLoop);
      eliminateCommonSubExpressions(rewriter, dominance, loop);
      hoistAccumulator(rewriter, loop);
    }

    // Vector lowering: an ordered chain of adds per reduction, unit
    // dimensions dropped, transposed reads as row reads and a transpose,
    // n-D transfers unrolled to 1-D ones.
    RewritePatternSet patterns(context);
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerParallel);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorToVectorCanonicalizationPatterns(patterns);
    populateVectorToSCFConversionPatterns(
        patterns, VectorTransferToSCFOptions().enableFullUnroll());
    scf::ForOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
    vector::TransposeOp::getCanonicalizationPatterns(patterns, context);
    vector::BroadcastOp::getCanonicalizationPatterns(patterns, context);
    vector::ShapeCastOp::getCanonicalizationPatterns(patterns, context);
    vector::ExtractOp::getCanonicalizationPatterns(patterns, context);
    memref::SubViewOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
