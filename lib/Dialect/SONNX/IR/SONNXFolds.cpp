//===- SONNXFolds.cpp - folds and canonicalization of sonnx ops -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Folders, canonicalization patterns and the constant materializer of the
// sonnx dialect. docs/canonicalization.md states each rewrite, its canonical
// form and when it does not fire.
//
// Two guards protect every rewrite, both from the op's verification
// (verifySONNXOp, SONNXVerification.h, the same rule sequence as the
// verifier, run silently):
//  - The op must satisfy every rule that can be checked now. An op that
//    breaks a rule is never folded: it stays, and its verifier reports it.
//  - A rewrite that removes an op, replaces it by a constant or merges it
//    into another needs the op to defer no rule to run time
//    (OpVerification::isDecided). Otherwise the op carries a run-time check
//    that the rewrite would silently drop. Merges that keep exactly the same
//    run-time checks need less: unsqueeze (with constant axes) and flatten
//    compute their result from the input sizes alone, so
//    unsqueeze(unsqueeze), flatten(flatten), flatten(unsqueeze) need only an
//    intermediate type that promises no more than inference gives
//    (isMergeable); expand(expand) without axes_mapping checks the same
//    sizes before and after the merge.
//
// Rewrites that only make types more static (refinement, absorbing a
// tensor.cast) need no decided rules: they keep every op. They may make a
// violation decidable; the verifier then reports it at compile time.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXFolds.h"

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "SONNX/Support/SizeProduct.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// The guards
//===----------------------------------------------------------------------===//

// Each rewrite verifies each op it reads once (verifySONNXOp) and passes
// that verification to the guards below: verifying an unchanged op again
// gives the same answer at the same cost (docs/benchmarks.md, "Compile
// time").

/// The single static result shape of an op whose verification is
/// `verified`, when it defers no rule; std::nullopt otherwise.
static std::optional<Shape>
getDecidedResultShape(const OpVerification &verified) {
  if (!verified.isDecided() || verified.resultShapes.size() != 1 ||
      !verified.resultShapes.front() ||
      ShapedType::isDynamicShape(*verified.resultShapes.front()))
    return std::nullopt;
  return *verified.resultShapes.front();
}

/// Whether the sonnx op `op`, which satisfies every rule (its verification
/// is `verified`), has a known shape/axes operand (if any) and a declared
/// result that promises no more than inference gives: the conditions for
/// merging it into its user when its own rules are not decided.
static bool isMergeable(Operation *op, const OpVerification &verified) {
  return verified.hasKnownShapeValues() &&
         declaresNoMoreThan(op->getResult(0).getType(),
                            verified.resultShapes.front());
}

/// Verifies the single-input op `op` as if its data had type `dataType`
/// (ProfileOpInterface::verifyRulesOnData).
static FailureOr<OpVerification> verifyOnData(Operation *op, Type dataType) {
  if (auto profileOp = dyn_cast<ProfileOpInterface>(op))
    return profileOp.verifyRulesOnData(dataType);
  return failure();
}

//===----------------------------------------------------------------------===//
// Building blocks of the rewrites
//===----------------------------------------------------------------------===//

/// Whether ops `OpTy` can be created. Loading the sonnx dialect loads the
/// arith and tensor dialects (its dependent dialects), so this holds in
/// practice; the check keeps a rewrite from aborting (creating an op of a
/// dialect that is not loaded is a fatal error) in any other setting.
template <typename OpTy> static bool canBuild(MLIRContext *context) {
  return RegisteredOperationName::lookup(OpTy::getOperationName(), context)
      .has_value();
}

static bool isSONNXOp(Operation *op) {
  return isa_and_present<SONNXDialect>(op->getDialect());
}

/// A constant 1-D i64 tensor holding `values`, for a shape or axes operand.
static Value buildI64Constant(OpBuilder &builder, Location loc,
                              ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    builder.getI64Type());
  return arith::ConstantOp::create(
      builder, loc, cast<TypedAttr>(DenseIntElementsAttr::get(type, values)));
}

/// Whether `user` can take a value of the more static type `refined` in
/// place of its operand: sonnx ops accept any type of their operands, and a
/// tensor.cast any type compatible with its result.
static bool acceptsRefined(Operation *user, Type refined) {
  if (isSONNXOp(user))
    return true;
  auto cast = dyn_cast<tensor::CastOp>(user);
  return cast && tensor::CastOp::areCastCompatible(refined, cast.getType());
}

/// Whether some user of `value` cannot take the more static type `refined`.
static bool needsCastBack(Value value, Type refined) {
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    return !acceptsRefined(user, refined);
  });
}

/// Replaces every use of `from` by `to`, whose type is `from`'s or more
/// static. The users that accept it (acceptsRefined) take `to`, and are
/// notified so that their own types get refined in turn; the others take a
/// tensor.cast of `to` back to the type of `from`, so their types still
/// agree. The caller has checked that tensor.cast can be built when needed.
static void replaceWithRefined(RewriterBase &rewriter, Value from, Value to) {
  Type oldType = from.getType(), newType = to.getType();
  if (oldType != newType && needsCastBack(from, newType)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfterValue(to);
    Value cast = tensor::CastOp::create(rewriter, to.getLoc(), oldType, to);
    rewriter.replaceUsesWithIf(from, cast, [&](OpOperand &use) {
      return !acceptsRefined(use.getOwner(), newType);
    });
  }
  rewriter.replaceAllUsesWith(from, to);
}

/// The elements of the constant `attr` under the static type `type`, which
/// has as many elements: the row-major order is unchanged.
static DenseElementsAttr reshapeElements(DenseElementsAttr attr,
                                         ShapedType type) {
  // String elements are not stored as raw bytes; reshape() and
  // resizeSplat() handle int and float storage only.
  if (isa<DenseStringElementsAttr>(attr)) {
    if (attr.isSplat())
      return DenseElementsAttr::get(
          type, ArrayRef<StringRef>{*attr.getValues<StringRef>().begin()});
    return DenseElementsAttr::get(type, attr.getRawStringData());
  }
  if (attr.isSplat())
    return attr.resizeSplat(type);
  return attr.reshape(type);
}

/// The broadcast of the constant `attr` to the static type `type`; input
/// dimension k maps to result dimension dimMap[k].
static DenseElementsAttr broadcastElements(DenseElementsAttr attr,
                                           ShapedType type,
                                           ArrayRef<int64_t> dimMap) {
  if (attr.isSplat())
    return reshapeElements(attr, type);
  SmallVector<int64_t> indices = getBroadcastSourceIndices(
      attr.getType().getShape(), type.getShape(), dimMap);
  auto gather = [&](auto &&values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    SmallVector<T> result;
    result.reserve(indices.size());
    for (int64_t index : indices)
      result.push_back(values[index]);
    return DenseElementsAttr::get(type, ArrayRef<T>(result));
  };
  if (isa<DenseStringElementsAttr>(attr))
    return gather(llvm::to_vector(attr.getRawStringData()));
  Type elementType = attr.getElementType();
  if (isa<IntegerType>(elementType))
    return gather(llvm::to_vector(attr.getValues<APInt>()));
  if (isa<FloatType>(elementType))
    return gather(llvm::to_vector(attr.getValues<APFloat>()));
  return gather(llvm::to_vector(attr.getValues<Attribute>()));
}

/// The constant value of `value` when it is a dense constant.
static DenseElementsAttr getConstantElements(Value value) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  return {};
}

/// Whether a constant of static shape `shape` has more elements than
/// `options` let a fold create (an element count that overflows int64 too).
static bool exceedsLimit(ArrayRef<int64_t> shape, const FoldOptions &options) {
  std::optional<int64_t> count = getStaticElementCount(shape);
  return !count || *count > options.maxFoldElements;
}

/// The result dimension of each data dimension for a broadcasting op.
static Shape getDimMap(Operation *op, int64_t rankX, int64_t rankY) {
  return getExpandAxesMapping(
      rankX, rankY, cast<ProfileOpInterface>(op).getSourceAxesMapping());
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

/// The fold shared by reshape, unsqueeze, flatten and expand: the identity
/// and a splat constant. A non-splat constant is folded by foldConstant,
/// which honours the size limit.
static OpFoldResult foldSingleResult(Operation *op, Attribute dataValue) {
  // The data is operand 0 of every single-input op. Only an op whose result
  // has the type of its data, or whose data is a splat, can fold: the
  // others are not verified here.
  Value data = op->getOperand(0);
  Type resultType = op->getResult(0).getType();
  auto attr = dyn_cast_if_present<DenseElementsAttr>(dataValue);
  // A splat needs the static result type (refinement gives it).
  auto rankedType = dyn_cast<RankedTensorType>(resultType);
  bool splat = attr && attr.isSplat() && rankedType;
  if (data.getType() != resultType && !splat)
    return {};
  FailureOr<OpVerification> verified = verifySONNXOp(op);
  if (failed(verified))
    return {};
  if (data.getType() == resultType && verified->isDecided())
    return data;
  if (!splat)
    return {};
  std::optional<Shape> shape = getDecidedResultShape(*verified);
  if (shape && rankedType.getShape() == ArrayRef<int64_t>(*shape))
    return reshapeElements(attr, rankedType);
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  return foldSingleResult(*this, adaptor.getData());
}

OpFoldResult UnsqueezeOp::fold(FoldAdaptor adaptor) {
  return foldSingleResult(*this, adaptor.getData());
}

OpFoldResult FlattenOp::fold(FoldAdaptor adaptor) {
  return foldSingleResult(*this, adaptor.getData());
}

OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  return foldSingleResult(*this, adaptor.getData());
}

Operation *SONNXDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  // arith.constant holds any dense elements, !sonnx.string ones included.
  if (!canBuild<arith::ConstantOp>(builder.getContext()) ||
      !arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, cast<TypedAttr>(value));
}

//===----------------------------------------------------------------------===//
// Result type refinement
//===----------------------------------------------------------------------===//

LogicalResult mlir::sonnx::refineResultTypes(RewriterBase &rewriter,
                                             Operation *op) {
  FailureOr<OpVerification> verified = verifySONNXOp(op);
  if (failed(verified))
    return failure();
  return refineResultTypes(rewriter, op, *verified);
}

LogicalResult mlir::sonnx::refineResultTypes(RewriterBase &rewriter,
                                             Operation *op,
                                             const OpVerification &verified) {
  SmallVector<Type> oldTypes(op->getResultTypes());
  SmallVector<Type> newTypes;
  bool changed = false, needsCast = false;
  for (auto [result, shape] :
       llvm::zip_equal(op->getResults(), verified.resultShapes)) {
    auto declared = dyn_cast<TensorType>(result.getType());
    Type refined = declared ? refineTensorType(declared, shape) : Type();
    if (!refined || refined == result.getType()) {
      newTypes.push_back(result.getType());
      continue;
    }
    newTypes.push_back(refined);
    changed = true;
    needsCast |= needsCastBack(result, refined);
  }
  if (!changed || (needsCast && !canBuild<tensor::CastOp>(op->getContext())))
    return failure();

  rewriter.modifyOpInPlace(op, [&] {
    for (auto [result, type] : llvm::zip_equal(op->getResults(), newTypes))
      result.setType(type);
  });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(op);
  for (auto [result, oldType] : llvm::zip_equal(op->getResults(), oldTypes)) {
    Type newType = result.getType();
    if (newType == oldType)
      continue;
    // The users that take the refined value see a more static operand: tell
    // the driver, so that their own types get refined in turn.
    llvm::SetVector<Operation *> takers;
    bool otherUsers = false;
    for (Operation *user : result.getUsers()) {
      if (acceptsRefined(user, newType))
        takers.insert(user);
      else
        otherUsers = true;
    }
    for (Operation *user : takers)
      rewriter.modifyOpInPlace(user, [] {});
    if (!otherUsers)
      continue;
    Value cast =
        tensor::CastOp::create(rewriter, op->getLoc(), oldType, result);
    rewriter.replaceUsesWithIf(result, cast, [&](OpOperand &use) {
      return use.getOwner() != cast.getDefiningOp() &&
             !acceptsRefined(use.getOwner(), newType);
    });
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Patterns for every op
//===----------------------------------------------------------------------===//

/// Uses the source of a tensor.cast that only drops static information:
/// `sonnx.op(tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>)` becomes
/// `sonnx.op(%x)`. The sonnx ops accept any type of their operands.
static LogicalResult absorbTensorCast(Operation *op,
                                      PatternRewriter &rewriter) {
  bool changed = false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto cast = operand.get().getDefiningOp<tensor::CastOp>();
    if (!cast || !tensor::canFoldIntoConsumerOp(cast))
      continue;
    rewriter.modifyOpInPlace(op, [&] { operand.set(cast.getSource()); });
    changed = true;
  }
  return success(changed);
}

/// Replaces an op whose data is a constant by a constant: reshape,
/// unsqueeze and flatten keep the row-major order of the elements; expand
/// broadcasts them. A non-splat result above the size limit is not folded.
template <typename OpTy>
static LogicalResult foldConstant(OpTy op, const OpVerification &verified,
                                  const FoldOptions &options,
                                  PatternRewriter &rewriter) {
  DenseElementsAttr attr = getConstantElements(op.getData());
  if (!attr)
    return failure();
  std::optional<Shape> shape = getDecidedResultShape(verified);
  if (!shape)
    return failure();
  auto type = RankedTensorType::get(*shape, attr.getElementType());
  if (!attr.isSplat() && exceedsLimit(*shape, options))
    return rewriter.notifyMatchFailure(op, "result above the size limit");
  if (!canBuild<arith::ConstantOp>(op->getContext()) ||
      (type != op.getType() && !canBuild<tensor::CastOp>(op->getContext())))
    return failure();
  DenseElementsAttr value =
      getProfileOpInfo(OpTy::getProfileOp()).storage == OpStorage::View
          ? reshapeElements(attr, type)
          : broadcastElements(
                attr, type,
                getDimMap(op, attr.getType().getRank(), type.getRank()));
  Value constant =
      arith::ConstantOp::create(rewriter, op.getLoc(), cast<TypedAttr>(value));
  replaceWithRefined(rewriter, op.getResult(), constant);
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Reshape, unsqueeze, flatten: composition
//===----------------------------------------------------------------------===//

/// unsqueeze(unsqueeze(X, A1), A2) -> unsqueeze(X, A), A the positions of
/// every inserted 1 in the final result. Exact for dynamic sizes too: with
/// constant axes, unsqueeze has no run-time check.
static LogicalResult mergeUnsqueezes(UnsqueezeOp op, UnsqueezeOp producer,
                                     const OpVerification &inner,
                                     const OpVerification &outer,
                                     PatternRewriter &rewriter) {
  // The intermediate type must not promise sizes checked at run time.
  if (!isMergeable(producer, inner) || !outer.hasKnownShapeValues())
    return failure();
  const ShapeOperand &innerAxes = *inner.shapeOperand;
  const ShapeOperand &outerAxes = *outer.shapeOperand;
  ArrayRef<int64_t> xShape = producer.getData().getType().getShape();
  int64_t innerRank = xShape.size() + innerAxes.length;
  int64_t outerRank = innerRank + outerAxes.length;
  Checked<Shape> a1 = normalizeUnsqueezeAxes(*innerAxes.values, innerRank);
  Checked<Shape> a2 = normalizeUnsqueezeAxes(*outerAxes.values, outerRank);
  if (!a1 || !a2)
    return failure();
  Shape axes = composeUnsqueezeAxes(*a1, *a2, outerRank);

  // The merged op must itself satisfy every rule.
  ShapeOperand merged{static_cast<int64_t>(axes.size()),
                      SmallVector<int64_t>(axes.begin(), axes.end())};
  if (failed(verifyUnsqueezeOp(std::nullopt, producer.getData().getType(),
                               merged, op.getType())))
    return failure();
  if (!canBuild<arith::ConstantOp>(op->getContext()))
    return failure();
  Value axesValue = buildI64Constant(rewriter, op.getLoc(), axes);
  rewriter.replaceOpWithNewOp<UnsqueezeOp>(op, op.getType(), producer.getData(),
                                           axesValue);
  return success();
}

/// flatten(flatten(X, a1), a2) -> flatten(X, a). Exact for dynamic sizes
/// too: flatten has no run-time check.
static LogicalResult mergeFlattens(FlattenOp op, FlattenOp producer,
                                   const OpVerification &inner,
                                   PatternRewriter &rewriter) {
  if (!isMergeable(producer, inner))
    return failure();
  int64_t rankX = producer.getData().getType().getRank();
  Checked<int64_t> a1 = normalizeFlattenAxis(producer.getAxis(), rankX);
  Checked<int64_t> a2 = normalizeFlattenAxis(op.getAxis(), 2);
  if (!a1 || !a2)
    return failure();
  int64_t axis = composeFlattenAxes(*a1, *a2, rankX);
  if (failed(verifyFlattenOp(std::nullopt, producer.getData().getType(), axis,
                             op.getType())))
    return failure();
  rewriter.replaceOpWithNewOp<FlattenOp>(op, op.getType(), producer.getData(),
                                         rewriter.getI64IntegerAttr(axis));
  return success();
}

/// A chain of two reshape/unsqueeze/flatten ops whose rules are decided
/// becomes the canonical single `sonnx.reshape X, C`, C the constant static
/// result shape. C holds no -1 and, when it holds a 0 (a size 0), the reshape
/// has allowzero = 1, so every value of C is a literal size. Every 0 and -1 of
/// the original shapes was resolved against the input of its own op, never
/// against X.
static LogicalResult composeStaticViews(Operation *op, Operation *producer,
                                        const Shape &intermediate,
                                        PatternRewriter &rewriter) {
  // The rules of both ops must be decided on the real intermediate shape
  // (the producer's, decided; the caller checked that op's shape/axes
  // operand is known).
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  FailureOr<OpVerification> onIntermediate =
      verifyOnData(op, RankedTensorType::get(intermediate, elementType));
  if (failed(onIntermediate))
    return failure();
  const InferredShape &result = onIntermediate->resultShapes.front();
  if (!result || ShapedType::isDynamicShape(*result))
    return failure();

  // The data is operand 0 of every single-input op.
  Value x = producer->getOperand(0);
  ArrayRef<int64_t> sizes = *result;
  bool allowZero = llvm::is_contained(sizes, 0);
  ShapeOperand literal{static_cast<int64_t>(sizes.size()),
                       SmallVector<int64_t>(sizes.begin(), sizes.end())};
  auto type = RankedTensorType::get(sizes, elementType);
  FailureOr<OpVerification> check =
      verifyReshapeOp(std::nullopt, x.getType(), literal, allowZero, type);
  if (failed(check) || check->resultShapes.front() != result)
    return failure();
  if (!canBuild<arith::ConstantOp>(op->getContext()) ||
      (type != op->getResult(0).getType() &&
       !canBuild<tensor::CastOp>(op->getContext())))
    return failure();

  Value shape = buildI64Constant(rewriter, op->getLoc(), sizes);
  IntegerAttr allowZeroAttr =
      allowZero ? rewriter.getI64IntegerAttr(1) : IntegerAttr();
  auto reshape =
      ReshapeOp::create(rewriter, op->getLoc(), type, x, shape, allowZeroAttr);
  replaceWithRefined(rewriter, op->getResult(0), reshape);
  rewriter.eraseOp(op);
  return success();
}

/// Gives a reshape whose rules are decided its canonical shape operand: the
/// literal static result shape, with allowzero = 1 exactly when it holds a 0
/// (a size 0) and no allowzero otherwise. This is also the form that
/// composeStaticViews builds, so a chain and a single op end up alike.
static LogicalResult canonicalizeReshapeShape(ReshapeOp op,
                                              const OpVerification &verified,
                                              PatternRewriter &rewriter) {
  std::optional<Shape> sizes = getDecidedResultShape(verified);
  if (!sizes)
    return failure();
  bool allowZero = llvm::is_contained(*sizes, 0);
  std::optional<ShapeOperand> shape = getShapeOperand(op.getShape());
  if (shape && shape->hasKnownValues() &&
      ArrayRef<int64_t>(*shape->values) == ArrayRef<int64_t>(*sizes) &&
      op.getAllowzero().has_value() == allowZero)
    return failure();
  ShapeOperand literal{static_cast<int64_t>(sizes->size()),
                       SmallVector<int64_t>(sizes->begin(), sizes->end())};
  FailureOr<OpVerification> check = verifyReshapeOp(
      std::nullopt, op.getData().getType(), literal, allowZero, op.getType());
  if (failed(check) || check->resultShapes.front() != InferredShape(*sizes) ||
      !canBuild<arith::ConstantOp>(op->getContext()))
    return failure();
  Value value = buildI64Constant(rewriter, op.getLoc(), *sizes);
  rewriter.modifyOpInPlace(op, [&] {
    op.getShapeMutable().assign(value);
    op.setAllowzeroAttr(allowZero ? rewriter.getI64IntegerAttr(1)
                                  : IntegerAttr());
  });
  return success();
}

/// flatten(unsqueeze(X, A), a) -> flatten(X, a - c), c the number of 1s
/// inserted before dimension a: they do not change either product. Exact for
/// dynamic sizes too: neither op has a run-time check.
static LogicalResult flattenUnsqueeze(FlattenOp op, UnsqueezeOp producer,
                                      const OpVerification &inner,
                                      PatternRewriter &rewriter) {
  if (!isMergeable(producer, inner))
    return failure();
  const ShapeOperand &axes = *inner.shapeOperand;
  int64_t rankY = producer.getData().getType().getRank() + axes.length;
  Checked<Shape> inserted = normalizeUnsqueezeAxes(*axes.values, rankY);
  Checked<int64_t> axis = normalizeFlattenAxis(op.getAxis(), rankY);
  if (!inserted || !axis)
    return failure();
  int64_t merged =
      *axis - llvm::count_if(*inserted, [&](int64_t a) { return a < *axis; });
  if (failed(verifyFlattenOp(std::nullopt, producer.getData().getType(), merged,
                             op.getType())))
    return failure();
  rewriter.replaceOpWithNewOp<FlattenOp>(op, op.getType(), producer.getData(),
                                         rewriter.getI64IntegerAttr(merged));
  return success();
}

/// Composes a reshape, unsqueeze or flatten with a producer of these kinds.
/// When the rules of both are decided, the pair always becomes the canonical
/// reshape (composeStaticViews), whatever the kinds: a decided chain thus
/// ends as one reshape in any order of rewriting. Otherwise only the merges
/// that keep every run-time check apply: unsqueeze(unsqueeze),
/// flatten(flatten) and flatten(unsqueeze).
template <typename OpTy>
static LogicalResult composeViews(OpTy op, const OpVerification &outer,
                                  PatternRewriter &rewriter) {
  Operation *producer = op.getData().getDefiningOp();
  auto view = dyn_cast_if_present<ProfileOpInterface>(producer);
  if (!view || !view.isView())
    return failure();
  // Every rewrite below needs both ops to satisfy every rule.
  FailureOr<OpVerification> inner = view.verifyRules(/*emitErrors=*/false);
  if (failed(inner))
    return failure();
  // The rules of `producer` are decided and `op` has constant shape/axes
  // operands, so that its rules are decided on the real intermediate
  // shape.
  if (std::optional<Shape> intermediate = getDecidedResultShape(*inner);
      intermediate && outer.hasKnownShapeValues())
    return composeStaticViews(op, producer, *intermediate, rewriter);
  if constexpr (std::is_same_v<OpTy, UnsqueezeOp>)
    if (auto unsqueeze = dyn_cast<UnsqueezeOp>(producer))
      return mergeUnsqueezes(op, unsqueeze, *inner, outer, rewriter);
  if constexpr (std::is_same_v<OpTy, FlattenOp>) {
    if (auto flatten = dyn_cast<FlattenOp>(producer))
      return mergeFlattens(op, flatten, *inner, rewriter);
    if (auto unsqueeze = dyn_cast<UnsqueezeOp>(producer))
      return flattenUnsqueeze(op, unsqueeze, *inner, rewriter);
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Expand
//===----------------------------------------------------------------------===//

/// expand(expand(X, S1), S2) -> expand(X, S): without axes_mapping, S is the
/// broadcast of S1 and S2, and every size of X meets the same sizes at run
/// time as before. With an axes_mapping on either op, X must be static and
/// the merged op maps X straight to the static result.
static LogicalResult mergeExpands(ExpandOp op, const OpVerification &outer,
                                  PatternRewriter &rewriter) {
  auto producer = op.getData().getDefiningOp<ExpandOp>();
  if (!producer)
    return failure();
  FailureOr<OpVerification> inner = verifySONNXOp(producer);
  if (failed(inner) || !isMergeable(producer, *inner))
    return failure();
  if (!outer.hasKnownShapeValues())
    return failure();
  if (!canBuild<arith::ConstantOp>(op->getContext()))
    return failure();
  Value x = producer.getData();

  if (!producer.getAxesMappingAttr() && !op.getAxesMappingAttr()) {
    ArrayRef<int64_t> shapes[] = {*inner->shapeOperand->values,
                                  *outer.shapeOperand->values};
    Checked<Shape> merged = broadcastShapes(
        shapes, RuleID::ExpandE1, [](unsigned) { return std::string(); });
    if (!merged)
      return failure();
    ShapeOperand operand{static_cast<int64_t>(merged->size()),
                         SmallVector<int64_t>(merged->begin(), merged->end())};
    if (failed(verifyExpandOp(std::nullopt, x.getType(), operand, std::nullopt,
                              op.getType())))
      return failure();
    Value value = buildI64Constant(rewriter, op.getLoc(), *merged);
    rewriter.replaceOpWithNewOp<ExpandOp>(op, op.getType(), x, value,
                                          DenseI64ArrayAttr());
    return success();
  }

  // With a mapping, a dynamic size of X would be checked against another
  // size after the merge: only static chains merge.
  std::optional<Shape> intermediate = getDecidedResultShape(*inner);
  if (!intermediate)
    return failure();
  FailureOr<OpVerification> onIntermediate = verifyOnData(
      op, RankedTensorType::get(*intermediate, op.getType().getElementType()));
  if (failed(onIntermediate))
    return failure();
  const InferredShape &result = onIntermediate->resultShapes.front();
  if (!result || ShapedType::isDynamicShape(*result))
    return failure();
  int64_t rankX = producer.getData().getType().getRank(),
          rank1 = intermediate->size(), rank2 = result->size();
  Shape map1 = getDimMap(producer, rankX, rank1);
  Shape map2 = getDimMap(op, rank1, rank2);
  SmallVector<int64_t> mapping;
  for (int64_t k = 0; k < rankX; ++k)
    mapping.push_back(map2[map1[k]]);
  ArrayRef<int64_t> sizes = *result;
  ShapeOperand literal{static_cast<int64_t>(sizes.size()),
                       SmallVector<int64_t>(sizes.begin(), sizes.end())};
  FailureOr<OpVerification> check =
      verifyExpandOp(std::nullopt, x.getType(), literal,
                     ArrayRef<int64_t>(mapping), op.getType());
  if (failed(check) || check->resultShapes.front() != result)
    return failure();
  Value value = buildI64Constant(rewriter, op.getLoc(), sizes);
  rewriter.replaceOpWithNewOp<ExpandOp>(op, op.getType(), x, value,
                                        rewriter.getDenseI64ArrayAttr(mapping));
  return success();
}

//===----------------------------------------------------------------------===//
// Broadcast
//===----------------------------------------------------------------------===//

/// Simplifies a broadcast whose rules are decided (static inputs): a result
/// of the shape of its input is that input; a result whose input is a
/// constant becomes a constant (up to the size limit); unused results are
/// dropped with their inputs while the remaining inputs still give the
/// broadcast shape; a broadcast left with one used result becomes an
/// expand; a broadcast without used results is erased.
static LogicalResult simplifyBroadcast(BroadcastOp op,
                                       const OpVerification &verified,
                                       const FoldOptions &options,
                                       PatternRewriter &rewriter) {
  if (!verified.isDecided())
    return failure();
  const Shape &shape = *verified.resultShapes.front();
  MLIRContext *context = op->getContext();
  bool canCast = canBuild<tensor::CastOp>(context);
  bool canConstant = canBuild<arith::ConstantOp>(context);
  bool changed = false;

  for (auto [input, output] :
       llvm::zip_equal(op.getInputs(), op.getOutputs())) {
    if (output.use_empty())
      continue;
    auto type =
        RankedTensorType::get(shape, getElementTypeOrSelf(input.getType()));
    if (type != output.getType() && !canCast)
      continue;
    if (input.getType() == type) {
      replaceWithRefined(rewriter, output, input);
      changed = true;
      continue;
    }
    DenseElementsAttr attr = getConstantElements(input);
    if (!attr || !canConstant ||
        (!attr.isSplat() && exceedsLimit(shape, options)))
      continue;
    Shape dimMap = getExpandAxesMapping(attr.getType().getRank(),
                                        type.getRank(), std::nullopt);
    Value constant = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        cast<TypedAttr>(broadcastElements(attr, type, dimMap)));
    replaceWithRefined(rewriter, output, constant);
    changed = true;
  }

  SmallVector<unsigned> used;
  for (auto [m, output] : llvm::enumerate(op.getOutputs()))
    if (!output.use_empty())
      used.push_back(m);
  if (used.empty()) {
    rewriter.eraseOp(op);
    return success();
  }
  if (used.size() == 1 && canConstant) {
    unsigned m = used.front();
    Value shapeValue = buildI64Constant(rewriter, op.getLoc(), shape);
    auto expand =
        ExpandOp::create(rewriter, op.getLoc(), op.getOutputs()[m].getType(),
                         op.getInputs()[m], shapeValue, DenseI64ArrayAttr());
    rewriter.replaceAllUsesWith(op.getOutputs()[m], expand);
    rewriter.eraseOp(op);
    return success();
  }

  // Drop each unused result whose input the others do not need to give
  // the broadcast shape.
  SmallVector<unsigned> kept =
      llvm::to_vector(llvm::seq<unsigned>(0, op.getNumResults()));
  for (unsigned m = 0, e = op.getNumResults(); m < e; ++m) {
    if (!op.getOutputs()[m].use_empty())
      continue;
    SmallVector<ArrayRef<int64_t>> shapes;
    for (unsigned k : kept)
      if (k != m)
        shapes.push_back(
            cast<RankedTensorType>(op.getInputs()[k].getType()).getShape());
    Checked<Shape> without = broadcastShapes(
        shapes, RuleID::BroadcastE1, [](unsigned) { return std::string(); });
    if (without && *without == shape)
      llvm::erase(kept, m);
  }
  if (kept.size() == op.getNumResults())
    return success(changed);
  SmallVector<Value> inputs;
  SmallVector<Type> types;
  for (unsigned k : kept) {
    inputs.push_back(op.getInputs()[k]);
    types.push_back(op.getOutputs()[k].getType());
  }
  auto smaller = BroadcastOp::create(rewriter, op.getLoc(), types, inputs);
  for (auto [k, result] : llvm::zip_equal(kept, smaller.getResults()))
    rewriter.replaceAllUsesWith(op.getOutputs()[k], result);
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// The patterns
//===----------------------------------------------------------------------===//

/// The rewrites of each op that satisfies every rule, in the order they are
/// tried (`verified` is its verification): one function per row of
/// SONNXProfileOps.def.
static LogicalResult rewriteVerified(ReshapeOp op,
                                     const OpVerification &verified,
                                     const FoldOptions &options,
                                     PatternRewriter &rewriter) {
  if (succeeded(foldConstant(op, verified, options, rewriter)) ||
      succeeded(composeViews(op, verified, rewriter)))
    return success();
  return canonicalizeReshapeShape(op, verified, rewriter);
}

static LogicalResult rewriteVerified(UnsqueezeOp op,
                                     const OpVerification &verified,
                                     const FoldOptions &options,
                                     PatternRewriter &rewriter) {
  if (succeeded(foldConstant(op, verified, options, rewriter)))
    return success();
  return composeViews(op, verified, rewriter);
}

static LogicalResult rewriteVerified(FlattenOp op,
                                     const OpVerification &verified,
                                     const FoldOptions &options,
                                     PatternRewriter &rewriter) {
  if (succeeded(foldConstant(op, verified, options, rewriter)))
    return success();
  return composeViews(op, verified, rewriter);
}

static LogicalResult rewriteVerified(BroadcastOp op,
                                     const OpVerification &verified,
                                     const FoldOptions &options,
                                     PatternRewriter &rewriter) {
  return simplifyBroadcast(op, verified, options, rewriter);
}

static LogicalResult rewriteVerified(ExpandOp op,
                                     const OpVerification &verified,
                                     const FoldOptions &options,
                                     PatternRewriter &rewriter) {
  if (succeeded(foldConstant(op, verified, options, rewriter)))
    return success();
  return mergeExpands(op, verified, rewriter);
}

namespace {

/// Every rewrite of an op of type OpTy, tried in this order: result type
/// refinement, absorbing a tensor.cast, then (for an op that satisfies every
/// rule) the rewrites of its kind (rewriteVerified). One pattern per op
/// verifies the op once for all of them: each rewrite that fails leaves the
/// op unchanged, so the verification holds for the next one
/// (docs/benchmarks.md, "Compile time").
template <typename OpTy> struct CanonicalizeOp : OpRewritePattern<OpTy> {
  CanonicalizeOp(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern<OpTy>(context), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    FailureOr<OpVerification> verified = op.verifyRules(/*emitErrors=*/false);
    if (succeeded(verified) &&
        succeeded(refineResultTypes(rewriter, op, *verified)))
      return success();
    if (succeeded(absorbTensorCast(op, rewriter)))
      return success();
    if (failed(verified))
      return failure();
    return rewriteVerified(op, *verified, options, rewriter);
  }

  FoldOptions options;
};

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

/// The canonicalization pattern of OpTy (CanonicalizeOp).
template <typename OpTy>
static void addPatterns(RewritePatternSet &patterns,
                        const FoldOptions &options) {
  patterns.add<CanonicalizeOp<OpTy>>(patterns.getContext(), options);
}

void mlir::sonnx::populateSONNXCanonicalizationPatterns(
    RewritePatternSet &patterns, const FoldOptions &options) {
#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  addPatterns<CLASS>(patterns, options);
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"
}

#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  void CLASS::getCanonicalizationPatterns(RewritePatternSet &patterns,         \
                                          MLIRContext *) {                     \
    addPatterns<CLASS>(patterns, FoldOptions());                               \
  }
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"
