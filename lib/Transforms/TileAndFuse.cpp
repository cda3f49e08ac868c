//===- TileAndFuse.cpp - a chain of linalg ops computed tile by tile ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Attention (scores, softmax, x V) is a chain of linalg ops whose
// intermediate results (the scores, the exponentials, the probabilities)
// are as large as the scores: computed whole, each is a buffer of that size,
// written once and read back from memory. This pass tiles the last op of
// such a chain along parallel dimensions only and fuses its producers into
// the tile (upstream's `scf::tileConsumerAndFuseProducersUsingSCF`): each
// intermediate result is then one tile, which stays in cache, and its
// buffer is one tile. A parallel dimension indexes independent elements,
// and a reduction dimension is never tiled: every element is computed by the
// same operations in the same order as without tiling. A chain that is one
// tile is not tiled, but its reshapes are moved out of it and its
// destinations made one all the same: its intermediate results are then
// written in place over each other, as in a tile.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_TILEANDFUSEPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` can be a member of a tiled chain: a linalg op on tensors of
/// static shapes with one result and projected-permutation indexing maps
/// (each of its tiles is then a box of each operand).
bool isTileable(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      linalgOp->getNumResults() != 1 || linalgOp.hasDynamicShape())
    return false;
  return llvm::all_of(linalgOp.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation();
  });
}

/// The producers fused into the tiles of `root`: the linalg ops it
/// depends on through linalg ops whose results are used by nothing else
/// than `root` and these producers. A producer with another user is left
/// whole (fused, it would be computed twice: in the tiles and for that
/// user).
llvm::SetVector<Operation *> getFusedProducers(Operation *root) {
  llvm::SetVector<Operation *> fused;
  SmallVector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (isTileable(producer) && fused.insert(producer))
        worklist.push_back(producer);
    }
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *producer : llvm::to_vector(fused)) {
      bool internal = llvm::all_of(producer->getUsers(), [&](Operation *user) {
        return user == root || fused.contains(user);
      });
      if (!internal) {
        fused.remove(producer);
        changed = true;
      }
    }
  }
  return fused;
}

/// The largest power of 2 at most `limit` that divides `size` (1 if none).
int64_t powerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t tile = 1;
  while (tile * 2 <= limit && size % (tile * 2) == 0)
    tile *= 2;
  return tile;
}

/// The tile sizes of `root` (0: not tiled), or nothing when it is computed
/// in one tile. Reduction dimensions are not tiled, nor the dimension of
/// the output's innermost dimension (the vector dimension of
/// `--sonnx-vectorize-contractions`, whose rows a consumer such as P x V
/// reads whole). The other parallel dimensions, innermost first, are tiled
/// by powers of 2 of at most `block` iterations in all (the rows of a
/// softmax, the query rows of a head), the rest by 1.
std::optional<SmallVector<int64_t>> getTileSizes(linalg::LinalgOp root,
                                                 int64_t block) {
  AffineMap outputMap = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  std::optional<unsigned> vectorDim;
  if (outputMap.getNumResults() != 0)
    if (auto dim = dyn_cast<AffineDimExpr>(outputMap.getResults().back()))
      vectorDim = dim.getPosition();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> sizes(ranges.size(), 0);
  bool tiled = false;
  int64_t iterations = 1;
  for (int64_t dim = static_cast<int64_t>(ranges.size()) - 1; dim >= 0; --dim) {
    if (iterators[dim] != utils::IteratorType::parallel ||
        vectorDim == static_cast<unsigned>(dim))
      continue;
    int64_t size = powerOfTwoDivisor(ranges[dim], block / iterations);
    iterations *= size;
    sizes[dim] = size;
    tiled |= size < ranges[dim];
  }
  if (!tiled)
    return std::nullopt;
  return sizes;
}

/// The roots: the last op of each chain, a tileable linalg op that no
/// tileable op uses, into which at least one producer that reduces
/// (a contraction, a max or a sum) would fuse: elementwise chains are fused
/// already (`--sonnx-fuse-elementwise`), and what is gained here is the
/// intermediate result of a reduction that a later op reads.
struct Root {
  linalg::LinalgOp op;
  llvm::SetVector<Operation *> producers;
  /// Nothing when the chain is one tile.
  std::optional<SmallVector<int64_t>> tileSizes;
};

SmallVector<Root> getRoots(Operation *scope, int64_t block) {
  SmallVector<Root> roots;
  scope->walk([&](linalg::LinalgOp op) {
    if (!isTileable(op) || llvm::any_of(op->getUsers(), isTileable))
      return;
    llvm::SetVector<Operation *> producers = getFusedProducers(op);
    bool reduces = llvm::any_of(producers, [](Operation *producer) {
      return cast<linalg::LinalgOp>(producer).getNumReductionLoops() != 0;
    });
    if (!reduces)
      return;
    roots.push_back({op, std::move(producers), getTileSizes(op, block)});
  });
  return roots;
}

/// Whether `op` reads or writes through its generic's body only (a generic
/// that copies an input: a broadcast or an expand that fused with nothing).
/// Their reshapes are left where `--sonnx-fuse-elementwise` left them.
bool isPureCopy(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic)
    return false;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 1)
    return false;
  return llvm::all_of(body.getTerminator()->getOperands(), [&](Value value) {
    auto argument = dyn_cast<BlockArgument>(value);
    return argument && argument.getOwner() == &body &&
           argument.getArgNumber() < generic.getNumDpsInputs();
  });
}

/// Whether `value` is computed from `iv` (through the index computations
/// of a slice's offsets).
bool dependsOn(Value value, Value iv) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (current == iv)
      return true;
    Operation *op = current.getDefiningOp();
    if (op && op->getNumRegions() == 0 && visited.insert(op).second)
      llvm::append_range(worklist, op->getOperands());
  }
  return false;
}

/// Whether each tile computes its own elements of the producer of `slice`
/// (a slice of the producer's result in the loop nest that tiles `root`):
/// its offsets depend on every tiling loop of more than one iteration. A
/// producer read by the tiles through a map that leaves out a tiled
/// dimension (a copy of K, which P x V's tiles of query rows all read)
/// would be computed again by each of those tiles.
bool isComputedOnce(tensor::ExtractSliceOp slice, Operation *root) {
  for (auto loop = slice->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    if (loop->isProperAncestor(root))
      break;
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (trips && trips->isOne())
      continue;
    Value iv = loop.getInductionVar();
    if (!llvm::any_of(slice.getMixedOffsets(), [&](OpFoldResult offset) {
          auto value = dyn_cast<Value>(offset);
          return value && dependsOn(value, iv);
        }))
      return false;
  }
  return true;
}

struct TileAndFusePass
    : public mlir::sonnx::impl::TileAndFusePassBase<TileAndFusePass> {
  using Base::Base;

  void runOnOperation() override;
  /// The reshapes between the ops of a chain (fusion gives its ops
  /// different ranks: the softmax of 3-D scores and the 5-D contractions
  /// that read K and V through the repeat) are moved out of it, the ops
  /// expanded to the highest rank: a tile of the last op is then a box of
  /// each producer's result. Metadata only: no op computes more.
  LogicalResult propagateReshapes();
};

LogicalResult TileAndFusePass::propagateReshapes() {
  MLIRContext *context = &getContext();
  RewritePatternSet patterns(context);
  // Only a reshape between two ops of a chain, neither a copy, and the last
  // op keeps its shape: its result is where --sonnx-chain-materializations
  // put it, in its destination (expanded, it would be reshaped before it
  // and computed into a temporary copied into the destination).
  linalg::ControlFusionFn control = [](OpOperand *fusedOperand) {
    Operation *producer = fusedOperand->get().getDefiningOp();
    Operation *consumer = fusedOperand->getOwner();
    if (!producer || isPureCopy(producer) || isPureCopy(consumer))
      return false;
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(consumer))
      return llvm::all_of(consumer->getUsers(), isTileable);
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(producer))
      return true;
    Operation *source = producer->getOperand(0).getDefiningOp();
    return isTileable(source) && !isPureCopy(source) &&
           llvm::any_of(consumer->getUsers(), isTileable);
  };
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
  tensor::EmptyOp::getCanonicalizationPatterns(patterns, context);
  linalg::FillOp::getCanonicalizationPatterns(patterns, context);
  return applyPatternsGreedily(getOperation(), std::move(patterns));
}

void TileAndFusePass::runOnOperation() {
  if (block < 1) {
    getOperation()->emitError()
        << "block must be at least 1, not " << static_cast<int64_t>(block);
    return signalPassFailure();
  }
  if (getRoots(getOperation(), block).empty())
    return markAllAnalysesPreserved();
  if (failed(propagateReshapes()))
    return signalPassFailure();

  IRRewriter rewriter(&getContext());
  for (Root &root : getRoots(getOperation(), block)) {
    // One tile: left whole, its reshapes moved out of it above and its
    // destinations merged below.
    if (!root.tileSizes)
      continue;
    scf::SCFTileAndFuseOptions options;
    options.tilingOptions.setTileSizes(
        getAsIndexOpFoldResult(&getContext(), *root.tileSizes));
    const llvm::SetVector<Operation *> &producers = root.producers;
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp slice, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (!producers.contains(producer.getOwner()) ||
              !isComputedOnce(slice, root.op))
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        });
    rewriter.setInsertionPoint(root.op);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(root.op.getOperation()), options);
    if (failed(result)) {
      root.op->emitError("could not be tiled with its producers");
      return signalPassFailure();
    }
    for (OpResult value : root.op->getResults())
      rewriter.replaceAllUsesWith(value, result->replacements.lookup(value));
  }

  // The destinations of the fused producers are slices of whole
  // tensor.empty: tensors of one tile. The producers that several fused
  // ops read (the exponentials: by the sum and by the division) are tiled
  // once per reader, with the same operands: one of them is left. Then the
  // untiled ops are dead. The tensor.empty of one type, in a tile or in a
  // chain of one tile, become one: the destination of the scores, the
  // exponentials and the probabilities, which One-Shot Bufferize writes in
  // place over each other.
  RewritePatternSet patterns(&getContext());
  tensor::populateFoldTensorEmptyPatterns(patterns);
  tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, &getContext());
  if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
    return signalPassFailure();
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, getOperation());
}

} // namespace
