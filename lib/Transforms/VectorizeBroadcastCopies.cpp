//===- VectorizeBroadcastCopies.cpp - broadcasts as vector row copies -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Lowers the bufferized linalg.generic ops that only copy their input to
// their output through a broadcasting indexing map (what sonnx.broadcast and
// sonnx.expand become) to loops over rows, each row a vector copy (the
// innermost result dimension reads the input) or a vector fill (it does not).
// Above a size threshold the rows are written with streaming (non-temporal)
// stores aligned to the vector size, followed by one fence. The threshold
// applies to what is written in one go: consecutive copies (the outputs of
// one sonnx.broadcast, say) count together.
//
// A broadcast writes far more than it reads: its speed is that of the stores.
// Scalar loops (convert-linalg-to-loops) reach about a quarter of the memory
// bandwidth; vector stores that go through the cache read every output line
// before writing it (read for ownership) and reach about a memcpy; streaming
// stores skip that read and reach the memset bandwidth. docs/benchmarks.md
// has the measurements.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_VECTORIZEBROADCASTCOPIESPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The size in bytes of an element that vector loads and stores move exactly
/// as scalar ones do: integers and floats of 8, 16, 32 or 64 bits. Vectors of
/// i1 or i4 are packed in memory while memrefs hold one element per byte,
/// and other widths have padding: those keep the scalar loops.
std::optional<int64_t> getElementBytes(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return std::nullopt;
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return std::nullopt;
  return bits / 8;
}

/// Whether dimensions `d` and `d + 1` of `type` are contiguous, provably:
/// the identity layout, or static strides with stride[d] equal to
/// stride[d + 1] times the static size of d + 1. A memref.collapse_shape of
/// non-contiguous dimensions would be undefined behaviour.
bool areContiguous(MemRefType type, int64_t d) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t inner = type.getDimSize(d + 1);
  if (ShapedType::isDynamic(strides[d]) ||
      ShapedType::isDynamic(strides[d + 1]) || ShapedType::isDynamic(inner))
    return false;
  int64_t product;
  return !llvm::MulOverflow(strides[d + 1], inner, product) &&
         strides[d] == product;
}

/// Whether the innermost dimension of `type` has a static unit stride.
bool hasUnitInnerStride(MemRefType type) {
  if (type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// A broadcasting copy: out[i0, ..., in-1] = in[i_{k0}, i_{k1}, ...] with
/// k0 < k1 < ... (inputDimOf[j] is the input dimension read by result
/// dimension j, or -1 for a broadcast dimension).
struct BroadcastCopy {
  Value input;
  Value output;
  SmallVector<int64_t> inputDimOf;
  int64_t elementBytes;
};

/// Recognizes a bufferized generic that copies its input through a
/// broadcasting map into an output whose innermost stride is 1, and whose
/// innermost result dimension either reads the innermost input dimension
/// (of unit stride) or is broadcast.
std::optional<BroadcastCopy> matchBroadcastCopy(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumLoops() != op.getNumParallelLoops())
    return std::nullopt;
  Block &body = op.getRegion().front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || body.getOperations().size() != 1 ||
      yield.getNumOperands() != 1 || yield.getOperand(0) != body.getArgument(0))
    return std::nullopt;

  Value input = op.getDpsInputs()[0];
  Value output = op.getDpsInits()[0];
  auto inputType = dyn_cast<MemRefType>(input.getType());
  auto outputType = dyn_cast<MemRefType>(output.getType());
  if (!inputType || !outputType || outputType.getRank() == 0 ||
      inputType.getElementType() != outputType.getElementType() ||
      !hasUnitInnerStride(outputType))
    return std::nullopt;
  std::optional<int64_t> elementBytes =
      getElementBytes(outputType.getElementType());
  if (!elementBytes)
    return std::nullopt;

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!maps[1].isIdentity() || !maps[0].isProjectedPermutation())
    return std::nullopt;
  int64_t rank = outputType.getRank();
  SmallVector<int64_t> inputDimOf(rank, -1);
  int64_t previous = -1;
  for (auto [i, expr] : llvm::enumerate(maps[0].getResults())) {
    int64_t d = cast<AffineDimExpr>(expr).getPosition();
    // A transposition is no broadcast: leave it to the scalar loops.
    if (d <= previous)
      return std::nullopt;
    previous = d;
    inputDimOf[d] = static_cast<int64_t>(i);
  }
  int64_t inner = inputDimOf.back();
  if (inner >= 0 &&
      (inner != inputType.getRank() - 1 || !hasUnitInnerStride(inputType)))
    return std::nullopt;
  return BroadcastCopy{input, output, std::move(inputDimOf), *elementBytes};
}

/// The byte size of `output` (a memref of elements of `elementBytes`).
Value outputBytes(OpBuilder &b, Location loc, Value output,
                  int64_t elementBytes) {
  auto type = cast<MemRefType>(output.getType());
  Value bytes = arith::ConstantIndexOp::create(b, loc, elementBytes);
  for (int64_t d = 0; d < type.getRank(); ++d)
    bytes = arith::MulIOp::create(b, loc, bytes,
                                  memref::DimOp::create(b, loc, output, d));
  return bytes;
}

/// Emits the loops of one broadcasting copy.
class RowCopyEmitter {
public:
  RowCopyEmitter(RewriterBase &rewriter, Location loc, BroadcastCopy copy,
                 int64_t vectorBytes)
      : b(rewriter), loc(loc), copy(std::move(copy)), vectorBytes(vectorBytes) {
  }

  /// Replaces the generic: rows of the largest contiguous run of innermost
  /// dimensions, streaming stores when `written` (by default the output's
  /// byte size) is at least `threshold` bytes (never when `threshold` is
  /// negative).
  void emit(int64_t threshold, Value written = {});

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  void coalesceRows();
  void emitRows(bool streaming, Value basePointer);
  void emitRow(bool streaming, Value basePointer, ValueRange outer,
               ArrayRef<Value> outerStrides, Value offset);
  SmallVector<Value> inputIndices(ValueRange outer, Value k);

  RewriterBase &b;
  Location loc;
  BroadcastCopy copy;
  int64_t vectorBytes;
};

/// Collapses the innermost result dimensions that form one contiguous run
/// in the output (and in the input when they read it) into one row
/// dimension, so that short rows (a 1x64x64 input expanded to Nx64x64, say)
/// become long ones.
void RowCopyEmitter::coalesceRows() {
  auto outputType = cast<MemRefType>(copy.output.getType());
  auto inputType = cast<MemRefType>(copy.input.getType());
  int64_t rank = outputType.getRank();
  int64_t first = rank - 1;
  int64_t inputFirst = copy.inputDimOf.back();
  bool reads = inputFirst >= 0;
  while (first > 0 && areContiguous(outputType, first - 1)) {
    int64_t previous = copy.inputDimOf[first - 1];
    if (reads ? inputFirst == 0 || previous != inputFirst - 1 ||
                    !areContiguous(inputType, inputFirst - 1)
              : previous >= 0)
      break;
    --first;
    if (reads)
      --inputFirst;
  }
  if (first == rank - 1)
    return;

  auto groups = [](int64_t rank, int64_t first) {
    SmallVector<ReassociationIndices> result;
    for (int64_t d = 0; d < first; ++d)
      result.push_back({d});
    ReassociationIndices run;
    for (int64_t d = first; d < rank; ++d)
      run.push_back(d);
    result.push_back(run);
    return result;
  };
  copy.output =
      memref::CollapseShapeOp::create(b, loc, copy.output, groups(rank, first));
  if (reads)
    copy.input = memref::CollapseShapeOp::create(
        b, loc, copy.input, groups(inputType.getRank(), inputFirst));
  copy.inputDimOf.resize(first + 1);
  copy.inputDimOf.back() = reads ? inputFirst : -1;
}

void RowCopyEmitter::emit(int64_t threshold, Value written) {
  coalesceRows();
  Value basePointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, copy.output);
  if (threshold < 0) {
    emitRows(/*streaming=*/false, basePointer);
    return;
  }
  // Streaming stores pay off once the output does not fit in the caches.
  // They need aligned addresses: the rows are peeled up to the vector
  // alignment, which only works if elements are naturally aligned (they
  // are for any memref from an allocation; a misaligned base pointer takes
  // the cached path rather than fault).
  if (!written)
    written = outputBytes(b, loc, copy.output, copy.elementBytes);
  Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      written, index(threshold));
  Value aligned = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, basePointer, index(copy.elementBytes)),
      index(0));
  Value streaming = arith::AndIOp::create(b, loc, large, aligned);
  auto ifOp = scf::IfOp::create(b, loc, streaming, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitRows(/*streaming=*/true, basePointer);
    // Streaming stores are weakly ordered: a full fence makes them visible
    // to other threads before the function returns, as ordinary stores are.
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst);
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    emitRows(/*streaming=*/false, basePointer);
  }
}

/// The loops over the outer dimensions of the output, one row each.
void RowCopyEmitter::emitRows(bool streaming, Value basePointer) {
  auto outputType = cast<MemRefType>(copy.output.getType());
  int64_t outer = outputType.getRank() - 1;
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t d = 0; d < outer; ++d) {
    lbs.push_back(index(0));
    ubs.push_back(memref::DimOp::create(b, loc, copy.output, d));
    steps.push_back(index(1));
  }
  SmallVector<Value> strides;
  Value offset;
  if (streaming) {
    auto metadata =
        memref::ExtractStridedMetadataOp::create(b, loc, copy.output);
    offset = metadata.getOffset();
    for (int64_t d = 0; d < outer; ++d)
      strides.push_back(metadata.getStrides()[d]);
  }
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &, Location, ValueRange ivs) {
                       emitRow(streaming, basePointer, ivs, strides, offset);
                     });
}

SmallVector<Value> RowCopyEmitter::inputIndices(ValueRange outer, Value k) {
  auto inputType = cast<MemRefType>(copy.input.getType());
  SmallVector<Value> indices(inputType.getRank());
  for (auto [j, i] : llvm::enumerate(copy.inputDimOf))
    if (i >= 0)
      indices[i] = j < outer.size() ? outer[j] : k;
  return indices;
}

/// One row: a scalar head up to the vector alignment (streaming only), a
/// vector body, a scalar tail.
void RowCopyEmitter::emitRow(bool streaming, Value basePointer,
                             ValueRange outer, ArrayRef<Value> outerStrides,
                             Value offset) {
  auto outputType = cast<MemRefType>(copy.output.getType());
  Type elementType = outputType.getElementType();
  int64_t lanes = vectorBytes / copy.elementBytes;
  auto vectorType = VectorType::get({lanes}, elementType);
  int64_t rowDim = outputType.getRank() - 1;
  Value length = memref::DimOp::create(b, loc, copy.output, rowDim);
  bool reads = copy.inputDimOf.back() >= 0;

  // A fill row reads its one value once.
  Value scalar, splat;
  if (!reads) {
    scalar = memref::LoadOp::create(b, loc, copy.input,
                                    inputIndices(outer, Value()));
    splat = vector::BroadcastOp::create(b, loc, vectorType, scalar);
  }
  auto outputIndices = [&](Value k) {
    SmallVector<Value> indices(outer.begin(), outer.end());
    indices.push_back(k);
    return indices;
  };
  auto scalarLoop = [&](Value from, Value to) {
    auto loop = scf::ForOp::create(b, loc, from, to, index(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value k = loop.getInductionVar();
    Value value = reads ? memref::LoadOp::create(b, loc, copy.input,
                                                 inputIndices(outer, k))
                              .getResult()
                        : scalar;
    memref::StoreOp::create(b, loc, value, copy.output, outputIndices(k));
  };

  Value head = index(0);
  if (streaming) {
    // Elements before the first address aligned to the vector size.
    Value element = offset;
    for (auto [iv, stride] : llvm::zip_equal(outer, outerStrides))
      element = arith::AddIOp::create(
          b, loc, element, arith::MulIOp::create(b, loc, iv, stride));
    Value address = arith::AddIOp::create(
        b, loc, basePointer,
        arith::MulIOp::create(b, loc, element, index(copy.elementBytes)));
    Value misalignment =
        arith::RemUIOp::create(b, loc, address, index(vectorBytes));
    Value gap = arith::RemUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, index(vectorBytes), misalignment),
        index(vectorBytes));
    head = arith::MinUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, gap, index(copy.elementBytes)),
        length);
    scalarLoop(index(0), head);
  }
  Value vectors = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, length, head), index(lanes));
  Value bodyEnd = arith::AddIOp::create(
      b, loc, head, arith::MulIOp::create(b, loc, vectors, index(lanes)));
  {
    auto loop = scf::ForOp::create(b, loc, head, bodyEnd, index(lanes));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value k = loop.getInductionVar();
    Value value = reads ? vector::LoadOp::create(b, loc, vectorType, copy.input,
                                                 inputIndices(outer, k))
                              .getResult()
                        : splat;
    if (streaming)
      vector::StoreOp::create(b, loc, value, copy.output, outputIndices(k),
                              /*nontemporal=*/true,
                              llvm::MaybeAlign(vectorBytes));
    else
      vector::StoreOp::create(b, loc, value, copy.output, outputIndices(k));
  }
  scalarLoop(bodyEnd, length);
}

struct VectorizeBroadcastCopiesPass
    : public mlir::sonnx::impl::VectorizeBroadcastCopiesPassBase<
          VectorizeBroadcastCopiesPass> {
  using VectorizeBroadcastCopiesPassBase::VectorizeBroadcastCopiesPassBase;

  void runOnOperation() override {
    if (vectorBytes != 0 &&
        (!llvm::isPowerOf2_64(vectorBytes) || vectorBytes > 4096)) {
      getOperation()->emitError()
          << "vector-bytes must be 0 or a power of 2 up to 4096, got "
          << static_cast<uint64_t>(vectorBytes.getValue());
      return signalPassFailure();
    }
    // Nothing changed: the pass manager then skips the verifier.
    if (vectorBytes == 0)
      return markAllAnalysesPreserved();
    SmallVector<std::pair<linalg::GenericOp, BroadcastCopy>> copies;
    getOperation()->walk([&](linalg::GenericOp op) {
      std::optional<BroadcastCopy> copy = matchBroadcastCopy(op);
      // Elements wider than the vector stay scalar.
      if (copy && copy->elementBytes <= static_cast<int64_t>(vectorBytes))
        copies.emplace_back(op, std::move(*copy));
    });
    if (copies.empty())
      return markAllAnalysesPreserved();
    // A buffer that the function has just allocated is written first here:
    // see the pass description for why it takes ordinary stores.
    auto thresholdOf = [&](const BroadcastCopy &copy) -> int64_t {
      if (!nontemporalAllocated && copy.output.getDefiningOp<memref::AllocOp>())
        return -1;
      return nontemporalThreshold;
    };
    IRRewriter rewriter(&getContext());
    for (size_t first = 0; first < copies.size();) {
      // The copies written in one go: consecutive in a block (the walk
      // visits them in order), with nothing but allocations and pure ops
      // between them, and outputs that none of those defines, so that their
      // byte sizes can be added up before the first. (No dominance query:
      // it renumbers the block after each rewrite, quadratic on long
      // chains.)
      size_t end = first + 1;
      llvm::SmallPtrSet<Operation *, 8> between;
      if (thresholdOf(copies[first].second) >= 0)
        while (end < copies.size() && thresholdOf(copies[end].second) >= 0 &&
               inOneGo(copies[end - 1].first, copies[end].first, between) &&
               !between.contains(copies[end].second.output.getDefiningOp()))
          ++end;
      Value written;
      if (end - first > 1) {
        rewriter.setInsertionPoint(copies[first].first);
        Location loc = copies[first].first.getLoc();
        for (size_t k = first; k < end; ++k) {
          Value bytes = outputBytes(rewriter, loc, copies[k].second.output,
                                    copies[k].second.elementBytes);
          written = written
                        ? arith::AddIOp::create(rewriter, loc, written, bytes)
                              .getResult()
                        : bytes;
        }
      }
      for (size_t k = first; k < end; ++k) {
        auto &[op, copy] = copies[k];
        rewriter.setInsertionPoint(op);
        int64_t threshold = thresholdOf(copy);
        RowCopyEmitter(rewriter, op.getLoc(), std::move(copy), vectorBytes)
            .emit(threshold, written);
        rewriter.eraseOp(op);
      }
      first = end;
    }
  }

  /// Whether `next`, which the walk visited after `previous`, follows it in
  /// its block with only allocations and ops without memory effects between
  /// them; adds those to `between`.
  static bool inOneGo(Operation *previous, Operation *next,
                      llvm::SmallPtrSetImpl<Operation *> &between) {
    if (previous->getBlock() != next->getBlock())
      return false;
    for (Operation *op = previous->getNextNode(); op != next;
         op = op->getNextNode()) {
      if (!op || (!isa<memref::AllocOp>(op) && !isMemoryEffectFree(op)))
        return false;
      between.insert(op);
    }
    return true;
  }
};

} // namespace
