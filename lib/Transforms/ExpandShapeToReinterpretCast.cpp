//===- ExpandShapeToReinterpretCast.cpp - memref.expand_shape lowering ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Lowers memref.expand_shape to memref.reinterpret_cast with the sizes of
// its `output_shape`. LLVM 22's --expand-strided-metadata instead recomputes
// each expanded size from the source size, which crashes when a group has
// more than one dynamic size and divides by zero when a group holds a static
// 0 next to a dynamic size. The sizes of `output_shape` are the ones that
// the sonnx lowering computed and checked at run time.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_EXPANDSHAPETOREINTERPRETCASTPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// `lhs * rhs` on index sizes, folded when both are static.
OpFoldResult multiply(PatternRewriter &rewriter, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  std::optional<int64_t> lhsValue = getConstantIntValue(lhs);
  std::optional<int64_t> rhsValue = getConstantIntValue(rhs);
  // A static product that int64 cannot hold is left to the run-time
  // (wrapping) multiplication: it can only stride over a memref without
  // elements, where it addresses nothing.
  int64_t product;
  if (lhsValue && rhsValue && !llvm::MulOverflow(*lhsValue, *rhsValue, product))
    return rewriter.getIndexAttr(product);
  if (lhsValue == 0 || rhsValue == 0)
    return rewriter.getIndexAttr(0);
  if (lhsValue == 1)
    return rhs;
  if (rhsValue == 1)
    return lhs;
  auto toValue = [&](OpFoldResult size) -> Value {
    if (std::optional<int64_t> value = getConstantIntValue(size))
      return arith::ConstantIndexOp::create(rewriter, loc, *value);
    return cast<Value>(size);
  };
  return arith::MulIOp::create(rewriter, loc, toValue(lhs), toValue(rhs))
      .getResult();
}

struct ExpandShapeToReinterpretCast
    : public OpRewritePattern<memref::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    MemRefType resultType = op.getResultType();
    SmallVector<int64_t> staticStrides;
    int64_t staticOffset;
    if (failed(resultType.getStridesAndOffset(staticStrides, staticOffset)))
      return rewriter.notifyMatchFailure(op, "result is not strided");

    SmallVector<int64_t> srcStrides;
    int64_t srcOffset;
    if (failed(op.getSrcType().getStridesAndOffset(srcStrides, srcOffset)))
      return rewriter.notifyMatchFailure(op, "source is not strided");

    Location loc = op.getLoc();
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
    SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
    SmallVector<OpFoldResult> strides(resultType.getRank());
    // Within a group, the last dimension keeps the stride of the source
    // dimension and each other one strides over the dimensions after it.
    for (auto [srcDim, group] : llvm::enumerate(op.getReassociationIndices())) {
      OpFoldResult stride =
          ShapedType::isDynamic(srcStrides[srcDim])
              ? OpFoldResult(metadata.getStrides()[srcDim])
              : OpFoldResult(rewriter.getIndexAttr(srcStrides[srcDim]));
      for (int64_t d : llvm::reverse(group)) {
        strides[d] = stride;
        stride = multiply(rewriter, loc, stride, sizes[d]);
      }
    }
    // Whatever the type fixes statically must be given statically.
    for (auto [d, stride] : llvm::enumerate(staticStrides))
      if (!ShapedType::isDynamic(stride))
        strides[d] = rewriter.getIndexAttr(stride);
    OpFoldResult offset =
        ShapedType::isDynamic(staticOffset)
            ? OpFoldResult(metadata.getOffset())
            : OpFoldResult(rewriter.getIndexAttr(staticOffset));
    for (auto [d, size] : llvm::enumerate(resultType.getShape()))
      if (!ShapedType::isDynamic(size))
        sizes[d] = rewriter.getIndexAttr(size);

    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, resultType, metadata.getBaseBuffer(), offset, sizes, strides);
    return success();
  }
};

struct ExpandShapeToReinterpretCastPass
    : public mlir::sonnx::impl::ExpandShapeToReinterpretCastPassBase<
          ExpandShapeToReinterpretCastPass> {
  void runOnOperation() override {
    // Nothing to lower: the pass manager then skips the verifier.
    WalkResult found = getOperation()->walk(
        [](memref::ExpandShapeOp) { return WalkResult::interrupt(); });
    if (!found.wasInterrupted())
      return markAllAnalysesPreserved();
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandShapeToReinterpretCast>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
