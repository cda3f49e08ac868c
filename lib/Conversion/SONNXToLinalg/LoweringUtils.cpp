//===- LoweringUtils.cpp - helpers of the sonnx lowering ------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Support/SizeProduct.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// View dims
//===----------------------------------------------------------------------===//

ViewDim mlir::sonnx::getStaticViewDim(OpBuilder &builder, int64_t size) {
  return {SymbolicSize::getConstant(size), builder.getIndexAttr(size)};
}

SmallVector<OpFoldResult> mlir::sonnx::getViewSizes(ArrayRef<ViewDim> dims) {
  return llvm::map_to_vector(dims, [](const ViewDim &d) { return d.size; });
}

SmallVector<int64_t> mlir::sonnx::getDeclaredShape(Type type, int64_t rank) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return llvm::to_vector(ranked.getShape());
  return SmallVector<int64_t>(rank, ShapedType::kDynamic);
}

std::optional<SymbolicSize>
mlir::sonnx::getSymbolicProduct(ArrayRef<ViewDim> dims) {
  return sonnx::getSymbolicProduct(llvm::map_to_vector(
      dims, [](const ViewDim &dim) { return dim.symbolic; }));
}

SmallVector<int64_t> mlir::sonnx::getStaticShape(ArrayRef<ViewDim> dims) {
  return llvm::map_to_vector(dims, [](const ViewDim &dim) {
    return dim.isStatic() ? dim.symbolic.factor : ShapedType::kDynamic;
  });
}

SmallVector<ViewDim> mlir::sonnx::getViewDims(OpBuilder &builder, Location loc,
                                              Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<ViewDim> dims;
  for (auto [i, size] : llvm::enumerate(getSymbolicShape(type.getShape()))) {
    if (size.isStatic())
      dims.push_back({size, builder.getIndexAttr(size.factor)});
    else
      dims.push_back(
          {size, tensor::DimOp::create(builder, loc, value, i).getResult()});
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// Whether a cast from `from` to `to` makes a dynamic size static.
static bool makesSizesStatic(Type from, Type to) {
  auto source = dyn_cast<RankedTensorType>(from);
  auto target = dyn_cast<RankedTensorType>(to);
  if (!source || !target || source.getRank() != target.getRank())
    return false;
  return llvm::any_of(llvm::zip_equal(source.getShape(), target.getShape()),
                      [](auto sizes) {
                        return ShapedType::isDynamic(std::get<0>(sizes)) &&
                               !ShapedType::isDynamic(std::get<1>(sizes));
                      });
}

Value mlir::sonnx::castTo(OpBuilder &builder, Location loc, Value value,
                          Type type) {
  if (value.getType() == type)
    return value;
  if (!makesSizesStatic(value.getType(), type))
    return tensor::CastOp::create(builder, loc, type, value);
  // A static size that only a run-time check guarantees. A tensor.cast would
  // state it in a form that upstream folds through: once canonicalization
  // learns a static size of `value` (a view of a static tensor, through
  // cast chains and collapse/expand pairs), the cast, or the memref.cast,
  // expand_shape or linalg.generic it folds into, contradicts it and is
  // invalid IR, on a program whose check would fail anyway. tensor.reshape
  // (memref.reshape after bufferization, a view) takes its result shape
  // from an operand, and no upstream pattern folds a cast into its source.
  // A static target shape is a constant (a global after bufferization); a
  // partly static one is built from the dynamic sizes of `value` (a small
  // buffer of `rank` sizes after bufferization).
  auto target = cast<RankedTensorType>(type);
  auto shapeType =
      RankedTensorType::get({target.getRank()}, builder.getIndexType());
  Value shape;
  if (target.hasStaticShape()) {
    shape = arith::ConstantOp::create(
        builder, loc, shapeType,
        DenseIntElementsAttr::get(shapeType, target.getShape()));
  } else {
    SmallVector<Value> sizes;
    for (auto [i, size] : llvm::enumerate(target.getShape()))
      sizes.push_back(
          ShapedType::isDynamic(size)
              ? tensor::DimOp::create(builder, loc, value, i).getResult()
              : arith::ConstantIndexOp::create(builder, loc, size).getResult());
    shape = tensor::FromElementsOp::create(builder, loc, shapeType, sizes);
  }
  return tensor::ReshapeOp::create(builder, loc, target, value, shape);
}

/// Whether the sorted multiset `small` is a strict sub-multiset of `big`.
static bool isStrictSubset(ArrayRef<unsigned> small, ArrayRef<unsigned> big) {
  return small.size() < big.size() &&
         std::includes(big.begin(), big.end(), small.begin(), small.end());
}

/// The size that groupDims compares for `dim`: a static 0 becomes a symbol
/// of its own, so that a 0 pairs with a 0 only (with products, every group
/// holding a 0 would equal every other).
static SymbolicSize getGroupingSize(const ViewDim &dim) {
  if (dim.isStatic() && dim.symbolic.factor == 0)
    return SymbolicSize::getSymbol(std::numeric_limits<unsigned>::max());
  return dim.symbolic;
}

/// Splits `src` and `dst` into the finest sequence of groups of consecutive
/// dimensions with provably equal sizes, pairing src group k with dst group
/// k. Returns false when no such split is known (sizes that are unrelated
/// run-time values, ...); the caller then uses one group.
static bool groupDims(ArrayRef<ViewDim> src, ArrayRef<ViewDim> dst,
                      SmallVectorImpl<ReassociationIndices> &srcGroups,
                      SmallVectorImpl<ReassociationIndices> &dstGroups) {
  if (src.empty() || dst.empty())
    return false;

  size_t i = 0, j = 0;
  while (i < src.size() && j < dst.size()) {
    ReassociationIndices srcGroup{static_cast<int64_t>(i)};
    ReassociationIndices dstGroup{static_cast<int64_t>(j)};
    SymbolicSize srcSize = getGroupingSize(src[i++]);
    SymbolicSize dstSize = getGroupingSize(dst[j++]);
    while (srcSize != dstSize) {
      bool extendSrc;
      if (isStrictSubset(srcSize.symbols, dstSize.symbols))
        extendSrc = true;
      else if (isStrictSubset(dstSize.symbols, srcSize.symbols))
        extendSrc = false;
      else if (srcSize.symbols == dstSize.symbols)
        extendSrc = srcSize.factor < dstSize.factor;
      else
        return false;
      std::optional<SymbolicSize> next;
      if (extendSrc) {
        if (i == src.size())
          return false;
        next = srcSize.times(getGroupingSize(src[i]));
        srcGroup.push_back(static_cast<int64_t>(i++));
      } else {
        if (j == dst.size())
          return false;
        next = dstSize.times(getGroupingSize(dst[j]));
        dstGroup.push_back(static_cast<int64_t>(j++));
      }
      if (!next)
        return false;
      (extendSrc ? srcSize : dstSize) = std::move(*next);
    }
    srcGroups.push_back(std::move(srcGroup));
    dstGroups.push_back(std::move(dstGroup));
  }
  // Trailing dimensions of size 1 join the last group.
  auto isUnit = [](const ViewDim &dim) {
    return dim.isStatic() && dim.symbolic.factor == 1;
  };
  for (; i < src.size(); ++i) {
    if (!isUnit(src[i]))
      return false;
    srcGroups.back().push_back(static_cast<int64_t>(i));
  }
  for (; j < dst.size(); ++j) {
    if (!isUnit(dst[j]))
      return false;
    dstGroups.back().push_back(static_cast<int64_t>(j));
  }
  return true;
}

/// The size of a group of dims as a 1-D size: static when every dim is
/// static (and the product fits), dynamic otherwise. A static 0 makes the
/// product 0 however large the other sizes are: upstream's verifiers of
/// collapse/expand_shape then require the static 0 (an overflowing product
/// taken as dynamic was invalid IR; fuzz/regressions/onnx-import).
static int64_t getGroupStaticSize(ArrayRef<ViewDim> dims,
                                  const ReassociationIndices &group) {
  if (llvm::any_of(group, [&](int64_t d) { return !dims[d].isStatic(); }))
    return ShapedType::kDynamic;
  SmallVector<int64_t> sizes = llvm::map_to_vector(
      group, [&](int64_t d) { return dims[d].symbolic.factor; });
  return getStaticElementCount(sizes).value_or(ShapedType::kDynamic);
}

Value mlir::sonnx::buildReshapeView(OpBuilder &builder, Location loc, Value src,
                                    ArrayRef<ViewDim> srcDims,
                                    ArrayRef<ViewDim> dstDims) {
  auto srcType = cast<RankedTensorType>(src.getType());
  Type elementType = srcType.getElementType();
  auto dstType = RankedTensorType::get(getStaticShape(dstDims), elementType);

  // Scalars: the other side holds exactly one element, so all its sizes are
  // 1 (checked by the caller, statically or at run time).
  if (srcDims.empty() && dstDims.empty())
    return castTo(builder, loc, src, dstType);
  if (srcDims.empty()) {
    SmallVector<int64_t> ones(dstDims.size(), 1);
    auto onesType = RankedTensorType::get(ones, elementType);
    SmallVector<OpFoldResult> sizes(dstDims.size(), builder.getIndexAttr(1));
    Value expanded = tensor::ExpandShapeOp::create(
        builder, loc, onesType, src, ArrayRef<ReassociationIndices>{}, sizes);
    return castTo(builder, loc, expanded, dstType);
  }
  // An input without elements but with dynamic sizes: upstream bufferizes a
  // collapse_shape of a group mixing a static 0 and a dynamic size into an
  // invalid memref.collapse_shape. With no element to keep, a new empty
  // tensor of the right shape is the same value (its buffer has 0 bytes).
  if (llvm::is_contained(srcType.getShape(), 0) &&
      ShapedType::isDynamicShape(srcType.getShape())) {
    SmallVector<OpFoldResult> sizes =
        llvm::map_to_vector(dstDims, [](const ViewDim &d) { return d.size; });
    return castTo(builder, loc,
                  tensor::EmptyOp::create(builder, loc, sizes, elementType),
                  dstType);
  }
  if (dstDims.empty()) {
    SmallVector<int64_t> ones(srcDims.size(), 1);
    Value unit =
        castTo(builder, loc, src, RankedTensorType::get(ones, elementType));
    return tensor::CollapseShapeOp::create(builder, loc, dstType, unit,
                                           ArrayRef<ReassociationIndices>{});
  }

  SmallVector<ReassociationIndices> srcGroups, dstGroups;
  if (!groupDims(srcDims, dstDims, srcGroups, dstGroups)) {
    srcGroups.assign(
        {llvm::to_vector<2>(llvm::seq<int64_t>(0, srcDims.size()))});
    dstGroups.assign(
        {llvm::to_vector<2>(llvm::seq<int64_t>(0, dstDims.size()))});
  }

  // Collapse each src group to one dimension, make each such dimension as
  // static as its dst group (run-time checks guarantee the sizes), expand
  // each to its dst group. Steps that change nothing are skipped.
  SmallVector<int64_t> collapsedShape, expandedShape;
  for (auto [srcGroup, dstGroup] : llvm::zip_equal(srcGroups, dstGroups)) {
    collapsedShape.push_back(getGroupStaticSize(srcDims, srcGroup));
    expandedShape.push_back(getGroupStaticSize(dstDims, dstGroup));
  }
  // Two static sizes of a group agree: groupDims pairs groups of equal
  // symbolic sizes, and a single group is static on both sides only when
  // both shapes are, whose element counts the verification of the op
  // (reshape.count) has compared before the callers build anything.

  Value current = src;
  auto isSingleton = [](const ReassociationIndices &g) {
    return g.size() == 1;
  };
  if (!llvm::all_of(srcGroups, isSingleton))
    current = tensor::CollapseShapeOp::create(
        builder, loc, RankedTensorType::get(collapsedShape, elementType),
        current, srcGroups);
  current = castTo(builder, loc, current,
                   RankedTensorType::get(expandedShape, elementType));
  if (!llvm::all_of(dstGroups, isSingleton)) {
    SmallVector<OpFoldResult> sizes =
        llvm::map_to_vector(dstDims, [](const ViewDim &d) { return d.size; });
    current = tensor::ExpandShapeOp::create(builder, loc, dstType, current,
                                            dstGroups, sizes);
  }
  return castTo(builder, loc, current, dstType);
}

//===----------------------------------------------------------------------===//
// What the verification of an op tells its lowering
//===----------------------------------------------------------------------===//

FailureOr<ShapeOperandStatics> mlir::sonnx::getShapeOperandStatics(
    Operation *op, FailureOr<OpVerification> verified, Type resultType,
    llvm::function_ref<FailureOr<OpVerification>(const ShapeOperand &)>
        verifyWithShape,
    RewriterBase &rewriter) {
  if (failed(verified))
    return failure();
  ShapeOperandStatics statics;
  statics.verification = std::move(*verified);
  statics.shape = *statics.verification.shapeOperand;
  InferredShape inferred = statics.verification.resultShapes.front();
  if (!statics.shape.hasKnownLength()) {
    auto ranked = dyn_cast<RankedTensorType>(resultType);
    if (!ranked) {
      statics.isUnranked = true;
      return statics;
    }
    // The rules that the assumption adds are checked at run time: the
    // verification of the op itself defers them (its result rank is
    // unknown).
    statics.shape.length = ranked.getRank();
    statics.lengthIsAssumed = true;
    FailureOr<OpVerification> assumed = verifyWithShape(statics.shape);
    if (failed(assumed))
      return failure();
    inferred = assumed->resultShapes.front();
  }
  if (!inferred)
    return rewriter.notifyMatchFailure(op, "unknown result rank");
  statics.inferred = *inferred;
  statics.declared = getDeclaredShape(
      resultType, static_cast<int64_t>(statics.inferred.size()));
  return statics;
}
