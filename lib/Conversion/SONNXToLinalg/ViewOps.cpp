//===- ViewOps.cpp - reshape, unsqueeze and flatten to views --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Lowers sonnx.reshape, sonnx.unsqueeze and sonnx.flatten to views of their
// input: tensor.collapse_shape, tensor.expand_shape and tensor.cast
// (buildReshapeView), or tensor.reshape when the result rank is known only
// at run time. Every pattern works in three steps:
//
// 1. `get<Op>Statics` runs the verification of the op (SONNXVerification.h):
//    it rejects, with the verifier's diagnostic, what is contradictory at
//    compile time, and gives the inferred result shape and the rules left
//    to run time. The lowering adds only what it needs to build IR (the
//    length that a declared rank implies, sorted axes).
// 2. The emitters of RuntimeChecks.h check at run time the rules that the
//    verification defers, and only those; each check cites its ID.
// 3. buildReshapeView (LoweringUtils.h) builds the result.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"

#include "LoweringUtils.h"
#include "RuntimeChecks.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::sonnx;

namespace {

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

/// Step 1 of the reshape lowering: the verification of the op. Fails, with
/// the verifier's diagnostic citing the rule, on a contradiction. A shape of
/// dynamic length has the declared rank as its length (checked at run time,
/// reshape.Y.shape), or the result is unranked.
FailureOr<ShapeOperandStatics> getReshapeStatics(ReshapeOp op, Type resultType,
                                                 RewriterBase &rewriter) {
  return getShapeOperandStatics(
      op, verifyReshapeOp(op, /*emitErrors=*/true), resultType,
      [&](const ShapeOperand &shape) {
        return verifyReshapeOp(op.getLoc(), op.getData().getType(), shape,
                               op.isAllowZero(), op.getType());
      },
      rewriter);
}

struct ReshapeOpLowering : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    bool allowZero = op.isAllowZero();

    FailureOr<ShapeOperandStatics> statics =
        getReshapeStatics(op, resultType, rewriter);
    if (failed(statics))
      return failure();
    if (statics->isUnranked)
      return lowerToUnranked(op, adaptor, resultType, statics->verification,
                             rewriter);
    int64_t rank = statics->shape.length;
    if (failed(verifyKnownElementCount(
            op, data,
            getKnownResultType(op.getType(), InferredShape(statics->inferred)),
            RuleID::ReshapeCount,
            statics->shape.values
                ? std::optional<ArrayRef<int64_t>>(*statics->shape.values)
                : std::nullopt)))
      return failure();

    CheckBuilder checks(rewriter, op, statics->verification);
    if (statics->lengthIsAssumed)
      emitDeclaredLengthCheck(checks, adaptor.getShape(), rank, "shape",
                              RuleID::ReshapeYShape);
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, op.getLoc(), data);
    SymbolPool pool(srcDims.size());
    SmallVector<ViewDim> dstDims =
        statics->shape.hasKnownValues()
            ? resolveConstantShape(
                  checks, pool, srcDims, *statics->shape.values,
                  statics->verification, statics->inferred, allowZero)
            : resolveRuntimeShape(checks, pool, srcDims, adaptor.getShape(),
                                  rank, allowZero);
    emitDeclaredSizeChecks(checks, dstDims, statics->declared,
                           RuleID::ReshapeYShape);

    Value view =
        buildReshapeView(rewriter, op.getLoc(), data, srcDims, dstDims);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), view, resultType));
    return success();
  }

private:
  /// The result dims for a constant `shape`, as the verification states
  /// them (getSymbolicReshape): a static size, a copy of an
  /// input dim (a 0), or the -1, computed at run time from the element
  /// count unless it is static. reshape.count is checked at run time when
  /// the verification defers it (CheckBuilder emits no check of a rule it
  /// decides), the remainder of the -1's division only when the
  /// verification does not state it exact.
  static SmallVector<ViewDim>
  resolveConstantShape(CheckBuilder &checks, SymbolPool &pool,
                       ArrayRef<ViewDim> srcDims, ArrayRef<int64_t> values,
                       const OpVerification &verification,
                       ArrayRef<int64_t> inferred, bool allowZero) {
    OpBuilder &builder = checks.getBuilder();
    SymbolicReshape symbolic = getSymbolicReshape(getStaticShape(srcDims),
                                                  values, inferred, allowZero);
    ArrayRef<std::optional<SymbolicSize>> sizes = symbolic.sizes;
    SmallVector<ViewDim> dims(values.size());
    std::optional<size_t> minusOne;
    for (auto [i, size] : llvm::enumerate(sizes)) {
      if (values[i] == -1)
        minusOne = i;
      else if (size->isStatic())
        dims[i] = getStaticViewDim(builder, size->factor);
      else // a copied input size: symbol k is input dim k
        dims[i] = srcDims[size->symbols.front()];
    }
    bool checked = verification.defers(RuleID::ReshapeCount);
    if (!minusOne) {
      if (checked) {
        Value count = emitReshapeInputCount(checks, getViewSizes(srcDims));
        Value product = emitReshapeShapeProduct(checks, getViewSizes(dims));
        emitReshapeCountChecks(checks, count, product, /*hasMinusOne=*/Value(),
                               /*divisionIsExact=*/false);
      }
      return dims;
    }

    size_t m = *minusOne;
    const std::optional<SymbolicSize> &size = sizes[m];
    if (size && size->isStatic())
      dims[m] = getStaticViewDim(builder, size->factor);
    SmallVector<ViewDim> others(dims);
    others.erase(others.begin() + m);
    Value hasMinusOne =
        arith::ConstantIntOp::create(builder, checks.getLoc(), 1, 1);
    Value product = emitReshapeShapeProduct(checks, getViewSizes(others));
    Value count = emitReshapeInputCount(checks, getViewSizes(srcDims));
    Value quotient =
        emitReshapeCountChecks(checks, count, product, hasMinusOne,
                               /*divisionIsExact=*/size.has_value());
    if (!size)
      dims[m] = {pool.fresh(), checks.toIndex(quotient)};
    else if (!size->isStatic())
      dims[m] = {*size, checks.toIndex(quotient)};
    return dims;
  }

  /// The result dims for a `shape` of static length `rank` known only at
  /// run time: every rule on its values is checked at run time, value by
  /// value (unrolled).
  static SmallVector<ViewDim>
  resolveRuntimeShape(CheckBuilder &checks, SymbolPool &pool,
                      ArrayRef<ViewDim> srcDims, Value shapeTensor,
                      int64_t rank, bool allowZero) {
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    int64_t rankX = static_cast<int64_t>(srcDims.size());
    SmallVector<Value> inputSizes = llvm::map_to_vector(
        srcDims, [&](const ViewDim &d) { return checks.toI64(d.size); });
    SmallVector<ReshapeShapeValue> values;
    ReshapeShapeSummary summary = ReshapeShapeSummary::start(checks);
    for (int64_t i = 0; i < rank; ++i) {
      Value index = checks.index(i);
      Value value = tensor::ExtractOp::create(builder, loc, shapeTensor, index);
      emitReshapeShapeValueChecks(checks, value, index, rankX, allowZero);
      values.push_back(resolveReshapeShapeValue(checks, value, index,
                                                inputSizes, allowZero));
      summary = summary.add(checks, values.back());
    }
    Value hasMinusOne = emitReshapeMinusOneChecks(checks, summary.minusOnes,
                                                  summary.anyZero, allowZero);
    Value product = emitReshapeShapeProduct(checks, summary.others);
    Value count = emitReshapeInputCount(checks, getViewSizes(srcDims));
    Value inferred = emitReshapeCountChecks(checks, count, product, hasMinusOne,
                                            /*divisionIsExact=*/false);

    SmallVector<ViewDim> dims;
    for (const ReshapeShapeValue &value : values) {
      Value size = checks.select(value.isMinusOne, inferred, value.size);
      dims.push_back({pool.fresh(), checks.toIndex(size)});
    }
    return dims;
  }

  /// A `shape` of dynamic length and an unranked result: tensor.reshape to
  /// the resolved shape, with the rules on the values checked in a loop.
  LogicalResult lowerToUnranked(ReshapeOp op, OpAdaptor adaptor,
                                Type resultType,
                                const OpVerification &verification,
                                ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    Value shapeTensor = adaptor.getShape();
    bool allowZero = op.isAllowZero();
    CheckBuilder checks(rewriter, op, verification);
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data);
    SymbolPool pool(srcDims.size());
    int64_t rankX = static_cast<int64_t>(srcDims.size());
    SmallVector<Value> inputSizes = llvm::map_to_vector(
        srcDims, [&](const ViewDim &d) { return checks.toI64(d.size); });
    Value count = emitReshapeInputCount(checks, getViewSizes(srcDims));
    Value length = tensor::DimOp::create(rewriter, loc, shapeTensor, 0);

    // Checks every value of shape, counts the -1s, notes the 0s and
    // multiplies the other sizes.
    Value zeroIndex = checks.index(0), oneIndex = checks.index(1);
    auto loop = scf::ForOp::create(
        rewriter, loc, zeroIndex, length, oneIndex,
        ReshapeShapeSummary::start(checks).toValues(),
        [&](OpBuilder &b, Location, Value i, ValueRange args) {
          CheckBuilder c(b, checks);
          Value value = tensor::ExtractOp::create(b, loc, shapeTensor, i);
          emitReshapeShapeValueChecks(c, value, i, rankX, allowZero);
          ReshapeShapeSummary summary =
              ReshapeShapeSummary::fromValues(args).add(
                  c,
                  resolveReshapeShapeValue(c, value, i, inputSizes, allowZero));
          scf::YieldOp::create(b, loc, summary.toValues());
        });
    ReshapeShapeSummary summary =
        ReshapeShapeSummary::fromValues(loop.getResults());
    Value product = emitReshapeShapeProduct(checks, summary.others);
    Value hasMinusOne = emitReshapeMinusOneChecks(checks, summary.minusOnes,
                                                  summary.anyZero, allowZero);
    Value inferred = emitReshapeCountChecks(checks, count, product, hasMinusOne,
                                            /*divisionIsExact=*/false);

    auto resolvedType =
        RankedTensorType::get({ShapedType::kDynamic}, rewriter.getI64Type());
    Value resolved = tensor::GenerateOp::create(
        rewriter, loc, resolvedType, ValueRange{length},
        [&](OpBuilder &b, Location, ValueRange indices) {
          CheckBuilder c(b, checks);
          Value value =
              tensor::ExtractOp::create(b, loc, shapeTensor, indices[0]);
          ReshapeShapeValue resolved = resolveReshapeShapeValue(
              c, value, indices[0], inputSizes, allowZero);
          tensor::YieldOp::create(
              b, loc, c.select(resolved.isMinusOne, inferred, resolved.size));
        });
    auto elementType = cast<TensorType>(resultType).getElementType();
    Value reshaped = tensor::ReshapeOp::create(
        rewriter, loc, UnrankedTensorType::get(elementType), data, resolved);
    rewriter.replaceOp(op, castTo(rewriter, loc, reshaped, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// UnsqueezeOp
//===----------------------------------------------------------------------===//

/// What is known statically of a sonnx.unsqueeze.
struct UnsqueezeStatics {
  /// The verification of the op: the rules it leaves to run time.
  OpVerification verification;
  /// The axes operand; its length is the declared result rank minus the
  /// input rank when `lengthIsDeclared`.
  ShapeOperand axes;
  /// axes has a dynamic length that the declared result rank fixes (checked
  /// at run time).
  bool lengthIsDeclared = false;
  /// axes has a dynamic length and the result is unranked: the result rank
  /// is known only at run time. Nothing below is set then.
  bool isUnranked = false;
  /// The result rank.
  int64_t rank = 0;
  /// The static result sizes that the result type declares.
  SmallVector<int64_t> declared;
  /// The normalized axes, when they are constant.
  std::optional<Shape> normalized;
  /// Every input size is 1: with run-time axes every result size is 1 too.
  bool allOnes = false;
};

/// Step 1 of the unsqueeze lowering: the verification of the op. Fails,
/// with the verifier's diagnostic citing the rule, on a contradiction.
FailureOr<UnsqueezeStatics> getUnsqueezeStatics(UnsqueezeOp op,
                                                RankedTensorType dataType,
                                                Type resultType,
                                                RewriterBase &rewriter) {
  FailureOr<OpVerification> verified =
      verifyUnsqueezeOp(op, /*emitErrors=*/true);
  if (failed(verified))
    return failure();
  UnsqueezeStatics statics;
  statics.verification = std::move(*verified);
  statics.axes = *statics.verification.shapeOperand;
  int64_t rankX = dataType.getRank();
  // Axes of dynamic length: the declared rank, which the verification has
  // checked is at least the input rank, fixes their number (checked at run
  // time, unsqueeze.Y.C1), or the result is unranked.
  if (!statics.axes.hasKnownLength()) {
    auto ranked = dyn_cast<RankedTensorType>(resultType);
    if (!ranked) {
      statics.isUnranked = true;
      return statics;
    }
    statics.axes.length = ranked.getRank() - rankX;
    statics.lengthIsDeclared = true;
  }
  statics.rank = rankX + statics.axes.length;
  statics.declared = getDeclaredShape(resultType, statics.rank);
  if (statics.axes.hasKnownValues()) {
    // The verification has checked the axes; the view needs them sorted.
    Checked<Shape> normalized =
        normalizeUnsqueezeAxes(*statics.axes.values, statics.rank);
    if (!normalized)
      return rewriter.notifyMatchFailure(op, "invalid axes");
    statics.normalized = *normalized;
  }
  statics.allOnes =
      llvm::all_of(dataType.getShape(), [](int64_t size) { return size == 1; });
  return statics;
}

struct UnsqueezeOpLowering : public OpConversionPattern<UnsqueezeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnsqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    auto dataType = cast<RankedTensorType>(data.getType());
    FailureOr<UnsqueezeStatics> statics =
        getUnsqueezeStatics(op, dataType, resultType, rewriter);
    if (failed(statics))
      return failure();
    if (statics->isUnranked)
      return lowerToUnranked(op, adaptor, resultType, statics->verification,
                             rewriter);
    int64_t rankY = statics->rank;
    if (failed(verifyKnownElementCount(
            op, data,
            getKnownResultType(op.getType(),
                               statics->verification.resultShapes.front(),
                               rankY),
            RuleID::UnsqueezeYC1)))
      return failure();

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op, statics->verification);
    if (statics->lengthIsDeclared)
      emitDeclaredLengthCheck(checks, adaptor.getAxes(), statics->axes.length,
                              "axes", RuleID::UnsqueezeYC1);
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data);
    SymbolPool pool(srcDims.size());
    SmallVector<ViewDim> dstDims;
    if (statics->normalized) {
      auto srcIt = srcDims.begin();
      for (int64_t j = 0; j < rankY; ++j)
        dstDims.push_back(llvm::is_contained(*statics->normalized, j)
                              ? getStaticViewDim(rewriter, 1)
                              : *srcIt++);
    } else {
      dstDims = resolveRuntimeAxes(checks, pool, srcDims, adaptor.getAxes(),
                                   statics->axes.length, statics->allOnes);
    }
    emitDeclaredSizeChecks(checks, dstDims, statics->declared,
                           RuleID::UnsqueezeYC1);

    Value view = buildReshapeView(rewriter, loc, data, srcDims, dstDims);
    rewriter.replaceOp(op, castTo(rewriter, loc, view, resultType));
    return success();
  }

private:
  /// Axes of dynamic length L and an unranked result: the result rank
  /// r = rank(X) + L is known only at run time. Loops check unsqueeze.A.C1
  /// and unsqueeze.A.C2 on the values of axes, a tensor.generate computes the
  /// r result sizes and tensor.reshape makes the unranked view.
  LogicalResult lowerToUnranked(UnsqueezeOp op, OpAdaptor adaptor,
                                Type resultType,
                                const OpVerification &verification,
                                ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    Value axesTensor = adaptor.getAxes();
    int64_t rankX = cast<RankedTensorType>(data.getType()).getRank();
    CheckBuilder checks(rewriter, op, verification);
    SmallVector<Value> inputSizes;
    for (int64_t i = 0; i < rankX; ++i)
      inputSizes.push_back(checks.toI64(
          tensor::DimOp::create(rewriter, loc, data, i).getResult()));
    Value length = tensor::DimOp::create(rewriter, loc, axesTensor, 0);
    Value rankY = checks.add(checks.toI64(length), checks.i64(rankX));
    Value zeroIndex = checks.index(0), oneIndex = checks.index(1);

    // Axis i, normalized (in [0, r) once unsqueeze.A.C1 holds).
    auto normalizedAxisAt = [&](CheckBuilder &c, Value i) {
      Value axis =
          tensor::ExtractOp::create(c.getBuilder(), loc, axesTensor, i);
      return normalizeUnsqueezeAxis(c, axis, rankY);
    };
    // unsqueeze.A.C1 on every axis before any is normalized and compared.
    scf::ForOp::create(rewriter, loc, zeroIndex, length, oneIndex, ValueRange{},
                       [&](OpBuilder &b, Location, Value i, ValueRange) {
                         CheckBuilder c(b, checks);
                         Value axis =
                             tensor::ExtractOp::create(b, loc, axesTensor, i);
                         emitUnsqueezeAxisRangeCheck(c, axis, i, rankY);
                         scf::YieldOp::create(b, loc);
                       });
    // unsqueeze.A.C2: every pair of axes, each compared with the later ones.
    scf::ForOp::create(
        rewriter, loc, zeroIndex, length, oneIndex, ValueRange{},
        [&](OpBuilder &b, Location, Value i, ValueRange) {
          CheckBuilder c(b, checks);
          Value first = normalizedAxisAt(c, i);
          Value next = arith::AddIOp::create(b, loc, i, oneIndex);
          scf::ForOp::create(
              b, loc, next, length, oneIndex, ValueRange{},
              [&](OpBuilder &inner, Location, Value k, ValueRange) {
                CheckBuilder ck(inner, c);
                emitUnsqueezeAxisPairCheck(ck, first, normalizedAxisAt(ck, k),
                                           i, k);
                scf::YieldOp::create(inner, loc);
              });
          scf::YieldOp::create(b, loc);
        });

    // Result size j: 1 at an axis, else input size j - (axes below j).
    auto sizesType =
        RankedTensorType::get({ShapedType::kDynamic}, rewriter.getI64Type());
    Value sizes = tensor::GenerateOp::create(
        rewriter, loc, sizesType, ValueRange{checks.toIndex(rankY)},
        [&](OpBuilder &b, Location, ValueRange indices) {
          CheckBuilder c(b, checks);
          Value j = c.toI64(indices[0]);
          UnsqueezeDimSummary start = UnsqueezeDimSummary::start(c);
          auto loop = scf::ForOp::create(
              b, loc, zeroIndex, length, oneIndex,
              ValueRange{start.isAxis, start.axesBelow},
              [&](OpBuilder &inner, Location, Value i, ValueRange args) {
                CheckBuilder ci(inner, c);
                UnsqueezeDimSummary summary =
                    UnsqueezeDimSummary{args[0], args[1]}.add(
                        ci, normalizedAxisAt(ci, i), j);
                scf::YieldOp::create(
                    inner, loc, ValueRange{summary.isAxis, summary.axesBelow});
              });
          UnsqueezeDimSummary summary{loop.getResult(0), loop.getResult(1)};
          tensor::YieldOp::create(b, loc, summary.getSize(c, j, inputSizes));
        });
    auto elementType = cast<TensorType>(resultType).getElementType();
    Value reshaped = tensor::ReshapeOp::create(
        rewriter, loc, UnrankedTensorType::get(elementType), data, sizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, reshaped, resultType));
    return success();
  }

  /// The result dims for run-time axes of static length `numAxes`, checking
  /// unsqueeze.A.C1 and unsqueeze.A.C2 at run time (unrolled).
  static SmallVector<ViewDim>
  resolveRuntimeAxes(CheckBuilder &checks, SymbolPool &pool,
                     ArrayRef<ViewDim> srcDims, Value axesTensor,
                     int64_t numAxes, bool allOnes) {
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    int64_t rankY = static_cast<int64_t>(srcDims.size()) + numAxes;
    Value resultRank = checks.i64(rankY);
    SmallVector<Value> indices, normalized;
    for (int64_t i = 0; i < numAxes; ++i) {
      Value index = checks.index(i);
      Value axis = tensor::ExtractOp::create(builder, loc, axesTensor, index);
      emitUnsqueezeAxisRangeCheck(checks, axis, index, resultRank);
      indices.push_back(index);
      normalized.push_back(normalizeUnsqueezeAxis(checks, axis, resultRank));
    }
    for (int64_t i = 0; i < numAxes; ++i)
      for (int64_t k = i + 1; k < numAxes; ++k)
        emitUnsqueezeAxisPairCheck(checks, normalized[i], normalized[k],
                                   indices[i], indices[k]);

    SmallVector<ViewDim> dims;
    if (allOnes) {
      for (int64_t j = 0; j < rankY; ++j)
        dims.push_back(getStaticViewDim(builder, 1));
      return dims;
    }
    SmallVector<Value> inputSizes = llvm::map_to_vector(
        srcDims, [&](const ViewDim &d) { return checks.toI64(d.size); });
    for (int64_t j = 0; j < rankY; ++j) {
      Value dim = checks.i64(j);
      UnsqueezeDimSummary summary = UnsqueezeDimSummary::start(checks);
      for (Value axis : normalized)
        summary = summary.add(checks, axis, dim);
      dims.push_back({pool.fresh(), checks.toIndex(summary.getSize(
                                        checks, dim, inputSizes))});
    }
    return dims;
  }
};

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

/// What is known statically of a sonnx.flatten.
struct FlattenStatics {
  /// The verification of the op: the rules it leaves to run time.
  OpVerification verification;
  /// The normalized axis: the result is [prod(d_0..d_axis-1),
  /// prod(d_axis..)].
  int64_t axis = 0;
  /// The static result sizes that the result type declares.
  SmallVector<int64_t> declared;
};

/// Step 1 of the flatten lowering: the verification of the op. Fails, with
/// the verifier's diagnostic citing the rule, on a contradiction.
FailureOr<FlattenStatics> getFlattenStatics(FlattenOp op,
                                            RankedTensorType dataType,
                                            Type resultType,
                                            RewriterBase &rewriter) {
  FailureOr<OpVerification> verified = verifyFlattenOp(op, /*emitErrors=*/true);
  if (failed(verified))
    return failure();
  // The verification has checked the axis; the view needs it normalized.
  Checked<int64_t> axis =
      normalizeFlattenAxis(op.getAxis(), dataType.getRank());
  if (!axis)
    return rewriter.notifyMatchFailure(op, "invalid axis");
  return FlattenStatics{std::move(*verified), *axis,
                        getDeclaredShape(resultType, 2)};
}

struct FlattenOpLowering : public OpConversionPattern<FlattenOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FlattenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    auto dataType = cast<RankedTensorType>(data.getType());
    FailureOr<FlattenStatics> statics =
        getFlattenStatics(op, dataType, resultType, rewriter);
    if (failed(statics))
      return failure();
    if (failed(verifyKnownElementCount(
            op, data,
            getKnownResultType(op.getType(),
                               statics->verification.resultShapes.front()),
            RuleID::FlattenYC1)))
      return failure();

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op, statics->verification);
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data);
    SymbolPool pool(srcDims.size());
    SmallVector<ViewDim> dstDims;
    for (ArrayRef<ViewDim> part :
         {ArrayRef<ViewDim>(srcDims).take_front(statics->axis),
          ArrayRef<ViewDim>(srcDims).drop_front(statics->axis)}) {
      std::optional<SymbolicSize> symbolic = getSymbolicProduct(part);
      if (symbolic && symbolic->isStatic()) {
        dstDims.push_back(getStaticViewDim(rewriter, symbolic->factor));
        continue;
      }
      Value size = checks.product(getViewSizes(part), RuleID::FlattenYC1,
                                  "the product of the input sizes overflows "
                                  "int64");
      dstDims.push_back(
          {symbolic ? *symbolic : pool.fresh(), checks.toIndex(size)});
    }
    emitDeclaredSizeChecks(checks, dstDims, statics->declared,
                           RuleID::FlattenYC1);

    Value view = buildReshapeView(rewriter, loc, data, srcDims, dstDims);
    rewriter.replaceOp(op, castTo(rewriter, loc, view, resultType));
    return success();
  }
};

} // namespace

void mlir::sonnx::populateSONNXViewOpsToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ReshapeOpLowering, UnsqueezeOpLowering, FlattenOpLowering>(
      typeConverter, patterns.getContext());
}
