//===- SONNXToLinalg.cpp - lower sonnx to tensor and linalg ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Lowers the five sonnx ops. Every pattern works in three steps:
//
// 1. Gather what is known statically, from the shape rules of SONNXShapes.h
//    (the same functions as the verifiers), and reject, before building any
//    IR, what cannot be lowered or is contradictory at compile time.
// 2. Emit the run-time checks (CheckBuilder) of the rules that the static
//    knowledge does not settle; each cites its constraint ID. A declared
//    result size that is static while the rules only give it at run time is
//    checked too (the `*.Y.shape` / `*.Y.C1` / `broadcast.Z.shape` rules).
// 3. Build the result: views (LoweringUtils.h) for reshape, unsqueeze and
//    flatten; linalg.generic for broadcast and expand.
//
// docs/pipeline.md describes the lowering of each op.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"

#include "LoweringUtils.h"
#include "SONNX/Conversion/Passes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTSONNXTOLINALGPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

Type SONNXToLinalgTypeConverter::getStringHandleType(MLIRContext *context) {
  return IntegerType::get(context, 64);
}

SONNXToLinalgTypeConverter::SONNXToLinalgTypeConverter() {
  // Tried last: every type not handled below is legal as it is.
  addConversion([](Type type) { return type; });
  addConversion([](StringType type) -> Type {
    return getStringHandleType(type.getContext());
  });
  addConversion([this](RankedTensorType type) -> Type {
    Type element = convertType(type.getElementType());
    if (!element)
      return nullptr;
    return RankedTensorType::get(type.getShape(), element, type.getEncoding());
  });
  addConversion([this](UnrankedTensorType type) -> Type {
    Type element = convertType(type.getElementType());
    if (!element)
      return nullptr;
    return UnrankedTensorType::get(element);
  });
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {

/// The static sizes that a declared result type fixes: its shape when it is
/// ranked, all dynamic (of rank `rank`) when it is unranked.
SmallVector<int64_t> getDeclaredShape(Type type, int64_t rank) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return llvm::to_vector(ranked.getShape());
  return SmallVector<int64_t>(rank, ShapedType::kDynamic);
}

/// Checks at run time that the 1-D `operand` (shape or axes of dynamic
/// length) holds `length` values, as the declared result rank requires.
void checkLength(CheckBuilder &checks, Value operand, int64_t length,
                 StringRef name, StringRef rule) {
  Value actual = checks.toI64(
      tensor::DimOp::create(checks.getBuilder(), checks.getLoc(), operand, 0)
          .getResult());
  checks.check(checks.eq(actual, checks.i64(length)), rule,
               llvm::formatv("{0} has a length other than {1}, the length "
                             "that the declared result type implies",
                             name, length));
}

/// A dim of a view with a static size.
ViewDim getStaticDim(OpBuilder &builder, int64_t size) {
  return {SymbolicSize::getConstant(size), builder.getIndexAttr(size)};
}

/// Checks at run time that the sizes of `dims` that the declared result type
/// makes static hold, citing `rule`, and makes them static in `dims`.
void checkDeclaredSizes(CheckBuilder &checks, MutableArrayRef<ViewDim> dims,
                        ArrayRef<int64_t> declared, StringRef rule) {
  for (auto [d, dim] : llvm::enumerate(dims)) {
    int64_t size = declared[d];
    if (ShapedType::isDynamic(size) || dim.isStatic())
      continue;
    checks.check(checks.eq(checks.toI64(dim.size), checks.i64(size)), rule,
                 llvm::formatv("result dimension {0} is declared {1} but is a "
                               "different size at run time",
                               d, size));
    dim = getStaticDim(checks.getBuilder(), size);
  }
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

struct ReshapeOpLowering : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    std::optional<ShapeOperand> shape = getShapeOperand(op.getShape());
    if (!resultType || !shape)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    auto dataType = cast<RankedTensorType>(data.getType());
    bool allowZero = op.isAllowZero();

    // A shape of dynamic length: the declared rank fixes its length (checked
    // at run time), or the result is unranked.
    bool lengthIsDeclared = false;
    if (!shape->hasKnownLength()) {
      auto ranked = dyn_cast<RankedTensorType>(resultType);
      if (!ranked)
        return lowerToUnranked(op, adaptor, resultType, rewriter);
      shape->length = ranked.getRank();
      lengthIsDeclared = true;
    }

    Checked<InferredShape> inferred =
        inferReshapeShape(dataType.getShape(), *shape, allowZero);
    if (!inferred)
      return emitViolation(op, inferred.violation());
    if (!*inferred)
      return rewriter.notifyMatchFailure(op, "unknown result rank");
    int64_t rank = shape->length;
    SmallVector<int64_t> declared = getDeclaredShape(resultType, rank);

    // A declared result that can never hold the elements of the input is a
    // compile-time error, decided before any IR is built. The verifier
    // checks the same shared rule; the view builder relies on it.
    SmallVector<int64_t> refined = declared;
    for (auto [r, i] : llvm::zip_equal(refined, **inferred))
      if (ShapedType::isDynamic(r))
        r = i;
    if (std::optional<Violation> v = checkDeclaredElementCount(
            dataType.getShape(),
            RankedTensorType::get(refined, dataType.getElementType()),
            "reshape.count", "result"))
      return emitViolation(op, *v);

    CheckBuilder checks(rewriter, op);
    if (lengthIsDeclared)
      checkLength(checks, adaptor.getShape(), rank, "shape", "reshape.Y.shape");
    SymbolPool pool;
    SmallVector<ViewDim> srcDims =
        getViewDims(rewriter, op.getLoc(), data, pool);
    SmallVector<ViewDim> dstDims =
        shape->hasKnownValues()
            ? resolveConstantShape(checks, pool, srcDims, *shape->values,
                                   **inferred, allowZero)
            : resolveRuntimeShape(checks, pool, srcDims, adaptor.getShape(),
                                  rank, allowZero);
    checkDeclaredSizes(checks, dstDims, declared, "reshape.Y.shape");

    Value view =
        buildReshapeView(rewriter, op.getLoc(), data, srcDims, dstDims);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), view, resultType));
    return success();
  }

private:
  /// The result dims for a constant `shape` (whose rules the verifier has
  /// checked): 0s copy input dims, a -1 is resolved statically when possible
  /// and at run time otherwise; reshape.count is checked at run time unless
  /// the sizes prove it.
  static SmallVector<ViewDim>
  resolveConstantShape(CheckBuilder &checks, SymbolPool &pool,
                       ArrayRef<ViewDim> srcDims, ArrayRef<int64_t> values,
                       ArrayRef<int64_t> resolved, bool allowZero) {
    OpBuilder &builder = checks.getBuilder();
    SmallVector<ViewDim> dims(values.size());
    std::optional<size_t> minusOne;
    for (auto [i, value] : llvm::enumerate(values)) {
      if (value == 0 && !allowZero)
        dims[i] = srcDims[i];
      else if (value == -1)
        minusOne = i;
      else
        dims[i] = getStaticDim(builder, value);
    }

    if (!minusOne) {
      std::optional<SymbolicSize> srcCount = getSymbolicProduct(srcDims);
      std::optional<SymbolicSize> dstCount = getSymbolicProduct(dims);
      if (!srcCount || !dstCount || *srcCount != *dstCount) {
        Value count = inputCount(checks, srcDims);
        Value product = checks.product(
            sizesOf(dims), "reshape.count",
            "the product of the sizes of the resolved shape overflows int64");
        checks.check(checks.eq(count, product), "reshape.count",
                     "the input and the resolved shape have different "
                     "element counts");
      }
      return dims;
    }

    // Even when the shape rules resolve the -1 statically, by cancelling a
    // copied dynamic size on both sides, that size may be 0 at run time and
    // then the -1 is not inferable: inferMinusOne checks it (the check folds
    // away when the other sizes are static).
    size_t m = *minusOne;
    SmallVector<ViewDim> others(dims);
    others.erase(others.begin() + m);
    std::optional<SymbolicSize> srcCount = getSymbolicProduct(srcDims);
    std::optional<SymbolicSize> othersCount = getSymbolicProduct(others);
    std::optional<SymbolicSize> quotient;
    if (srcCount && othersCount)
      quotient = srcCount->dividedBy(*othersCount);
    Value hasMinusOne =
        arith::ConstantIntOp::create(builder, checks.getLoc(), 1, 1);
    Value size =
        inferMinusOne(checks, inputCount(checks, srcDims),
                      othersProduct(checks, sizesOf(others)), hasMinusOne,
                      /*divisionIsExact=*/quotient.has_value());
    if (!ShapedType::isDynamic(resolved[m]))
      dims[m] = getStaticDim(builder, resolved[m]);
    else if (!quotient)
      dims[m] = {pool.fresh(), checks.toIndex(size)};
    else if (quotient->isStatic())
      dims[m] = getStaticDim(builder, quotient->factor);
    else
      dims[m] = {*quotient, checks.toIndex(size)};
    return dims;
  }

  /// The result dims for a `shape` known only at run time: every rule on its
  /// values is checked at run time.
  static SmallVector<ViewDim>
  resolveRuntimeShape(CheckBuilder &checks, SymbolPool &pool,
                      ArrayRef<ViewDim> srcDims, Value shapeTensor,
                      int64_t rank, bool allowZero) {
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    int64_t rankX = static_cast<int64_t>(srcDims.size());
    SmallVector<Value> values, isMinusOne, isZero;
    for (int64_t i = 0; i < rank; ++i) {
      Value value = tensor::ExtractOp::create(builder, loc, shapeTensor,
                                              ValueRange{checks.index(i)});
      checks.check(checks.cmp(arith::CmpIPredicate::sge, value, checks.i64(-1)),
                   "reshape.S.below",
                   llvm::formatv("shape[{0}] is below -1", i));
      values.push_back(value);
      isMinusOne.push_back(checks.eq(value, checks.i64(-1)));
      isZero.push_back(checks.eq(value, checks.i64(0)));
    }

    Value minusOnes = checks.i64(0);
    Value anyZero = arith::ConstantIntOp::create(builder, loc, 0, 1);
    for (int64_t i = 0; i < rank; ++i) {
      minusOnes =
          checks.add(minusOnes, builder.createOrFold<arith::ExtUIOp>(
                                    loc, builder.getI64Type(), isMinusOne[i]));
      anyZero = checks.orI(anyZero, isZero[i]);
    }
    checks.check(
        checks.cmp(arith::CmpIPredicate::sle, minusOnes, checks.i64(1)),
        "reshape.S.minus1", "shape holds -1 more than once");
    Value hasMinusOne =
        checks.cmp(arith::CmpIPredicate::sgt, minusOnes, checks.i64(0));
    if (allowZero)
      checks.check(checks.notI(checks.andI(anyZero, hasMinusOne)),
                   "reshape.allowzero.minus1",
                   "shape holds both 0 and -1 with allowzero = 1");

    // Resolve the 0s, then the -1 from the product of the other sizes.
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < rank; ++i) {
      Value size = values[i];
      if (!allowZero && i < rankX)
        size = checks.select(isZero[i], checks.toI64(srcDims[i].size), size);
      else if (!allowZero)
        checks.check(
            checks.notI(isZero[i]), "reshape.S.zero-index",
            llvm::formatv("shape[{0}] = 0 copies input dimension {0}, but "
                          "the input has rank {1} (allowzero = 0)",
                          i, rankX));
      sizes.push_back(size);
    }
    SmallVector<Value> others =
        llvm::map_to_vector(llvm::zip_equal(isMinusOne, sizes), [&](auto pair) {
          auto [minusOne, size] = pair;
          return checks.select(minusOne, checks.i64(1), size);
        });
    Value product =
        checks.product(others, "reshape.count",
                       "the product of the sizes of shape overflows int64");
    Value count = inputCount(checks, srcDims);
    Value inferred = inferMinusOne(checks, count, product, hasMinusOne,
                                   /*divisionIsExact=*/false);
    checks.check(checks.orI(hasMinusOne, checks.eq(count, product)),
                 "reshape.count",
                 "the input and the resolved shape have different element "
                 "counts");

    SmallVector<ViewDim> dims;
    for (int64_t i = 0; i < rank; ++i) {
      Value size = checks.select(isMinusOne[i], inferred, sizes[i]);
      dims.push_back({pool.fresh(), checks.toIndex(size)});
    }
    return dims;
  }

  static SmallVector<OpFoldResult> sizesOf(ArrayRef<ViewDim> dims) {
    return llvm::map_to_vector(dims, [](const ViewDim &d) { return d.size; });
  }

  static Value inputCount(CheckBuilder &checks, ArrayRef<ViewDim> srcDims) {
    return checks.product(sizesOf(srcDims), "reshape.count",
                          "the element count of the input overflows int64");
  }

  static Value othersProduct(CheckBuilder &checks,
                             ArrayRef<OpFoldResult> sizes) {
    return checks.product(sizes, "reshape.count",
                          "the product of the sizes of shape overflows int64");
  }

  /// The value of a -1 when `hasMinusOne` holds: `count / others`, checking
  /// that `others` is not 0 and, unless `divisionIsExact` is known, divides
  /// `count`.
  static Value inferMinusOne(CheckBuilder &checks, Value count, Value others,
                             Value hasMinusOne, bool divisionIsExact) {
    Value zero = checks.i64(0);
    Value othersIsZero = checks.eq(others, zero);
    checks.check(checks.notI(checks.andI(hasMinusOne, othersIsZero)),
                 "reshape.count",
                 "cannot infer the -1 of shape: the product of the other "
                 "sizes is 0");
    // Never divide by 0, even on the path that the check above rejects.
    Value divisor = checks.select(othersIsZero, checks.i64(1), others);
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    if (!divisionIsExact) {
      Value remainder =
          builder.createOrFold<arith::RemSIOp>(loc, count, divisor);
      checks.check(
          checks.notI(checks.andI(hasMinusOne, checks.ne(remainder, zero))),
          "reshape.count",
          "cannot infer the -1 of shape: the element count of the "
          "input is not a multiple of the product of the other "
          "sizes");
    }
    return builder.createOrFold<arith::DivSIOp>(loc, count, divisor);
  }

  /// A `shape` of dynamic length: an unranked result through tensor.reshape,
  /// with the rules on the values checked in a loop.
  LogicalResult lowerToUnranked(ReshapeOp op, OpAdaptor adaptor,
                                Type resultType,
                                ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    Value shapeTensor = adaptor.getShape();
    bool allowZero = op.isAllowZero();
    CheckBuilder checks(rewriter, op);
    SymbolPool pool;
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data, pool);
    int64_t rankX = static_cast<int64_t>(srcDims.size());
    SmallVector<Value> dataSizes = llvm::map_to_vector(
        srcDims, [&](const ViewDim &d) { return checks.toI64(d.size); });
    Value count = inputCount(checks, srcDims);
    Value length = tensor::DimOp::create(rewriter, loc, shapeTensor, 0);

    // The size that shape[i] stands for (before the -1 is resolved), and
    // whether it is -1.
    auto resolveAt = [&](CheckBuilder &c, Value i, bool emitChecks) {
      OpBuilder &b = c.getBuilder();
      Value value = tensor::ExtractOp::create(b, loc, shapeTensor, i);
      Value i64Index = c.toI64(i);
      Value isZero = c.eq(value, c.i64(0));
      if (emitChecks) {
        c.check(c.cmp(arith::CmpIPredicate::sge, value, c.i64(-1)),
                "reshape.S.below", "a value of shape is below -1");
        if (!allowZero)
          c.check(c.notI(c.andI(isZero, c.cmp(arith::CmpIPredicate::sge,
                                              i64Index, c.i64(rankX)))),
                  "reshape.S.zero-index",
                  llvm::formatv("shape holds a 0 at an index that is not "
                                "below the input rank {0} (allowzero = 0)",
                                rankX));
      }
      Value size = value;
      if (!allowZero)
        size = c.select(isZero, c.selectByIndex(i64Index, dataSizes, value),
                        value);
      return std::make_tuple(size, c.eq(value, c.i64(-1)), isZero);
    };

    // Counts the -1s, notes the 0s and multiplies the other sizes.
    Value zeroIndex = checks.index(0), oneIndex = checks.index(1);
    CheckBuilder::Product start = checks.startProduct();
    auto loop = scf::ForOp::create(
        rewriter, loc, zeroIndex, length, oneIndex,
        ValueRange{checks.i64(0),
                   arith::ConstantIntOp::create(rewriter, loc, 0, 1),
                   start.value, start.overflow, start.hasZero},
        [&](OpBuilder &b, Location, Value i, ValueRange args) {
          CheckBuilder c(b, op);
          auto [size, isMinusOne, isZero] = resolveAt(c, i, true);
          Value minusOnes =
              c.add(args[0], b.createOrFold<arith::ExtUIOp>(loc, b.getI64Type(),
                                                            isMinusOne));
          Value anyZero = c.orI(args[1], isZero);
          CheckBuilder::Product product =
              c.multiply({args[2], args[3], args[4]},
                         c.select(isMinusOne, c.i64(1), size));
          scf::YieldOp::create(b, loc,
                               ValueRange{minusOnes, anyZero, product.value,
                                          product.overflow, product.hasZero});
        });
    Value minusOnes = loop.getResult(0);
    Value anyZero = loop.getResult(1);
    Value product = checks.finishProduct(
        {loop.getResult(2), loop.getResult(3), loop.getResult(4)},
        "reshape.count", "the product of the sizes of shape overflows int64");
    checks.check(
        checks.cmp(arith::CmpIPredicate::sle, minusOnes, checks.i64(1)),
        "reshape.S.minus1", "shape holds -1 more than once");
    Value hasMinusOne =
        checks.cmp(arith::CmpIPredicate::sgt, minusOnes, checks.i64(0));
    if (allowZero)
      checks.check(checks.notI(checks.andI(anyZero, hasMinusOne)),
                   "reshape.allowzero.minus1",
                   "shape holds both 0 and -1 with allowzero = 1");
    Value inferred = inferMinusOne(checks, count, product, hasMinusOne,
                                   /*divisionIsExact=*/false);
    checks.check(checks.orI(hasMinusOne, checks.eq(count, product)),
                 "reshape.count",
                 "the input and the resolved shape have different element "
                 "counts");

    auto resolvedType =
        RankedTensorType::get({ShapedType::kDynamic}, rewriter.getI64Type());
    Value resolved = tensor::GenerateOp::create(
        rewriter, loc, resolvedType, ValueRange{length},
        [&](OpBuilder &b, Location, ValueRange indices) {
          CheckBuilder c(b, op);
          auto [size, isMinusOne, isZero] = resolveAt(c, indices[0], false);
          (void)isZero;
          tensor::YieldOp::create(b, loc, c.select(isMinusOne, inferred, size));
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

struct UnsqueezeOpLowering : public OpConversionPattern<UnsqueezeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnsqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    std::optional<ShapeOperand> axes = getShapeOperand(op.getAxes());
    if (!resultType || !axes)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    auto dataType = cast<RankedTensorType>(data.getType());
    int64_t rankX = dataType.getRank();
    // A declared result the input rules out (the verifier checks the same
    // shared rule; the view builder relies on it).
    if (std::optional<Violation> v =
            checkDeclaredUnsqueeze(dataType.getShape(), resultType, "result"))
      return emitViolation(op, *v);
    // Axes of dynamic length: the declared rank fixes their number (checked
    // at run time), or the result is unranked.
    bool lengthIsDeclared = false;
    if (!axes->hasKnownLength()) {
      auto ranked = dyn_cast<RankedTensorType>(resultType);
      if (!ranked)
        return lowerToUnranked(op, adaptor, resultType, rewriter);
      axes->length = ranked.getRank() - rankX;
      lengthIsDeclared = true;
    }
    int64_t rankY = rankX + axes->length;
    SmallVector<int64_t> declared = getDeclaredShape(resultType, rankY);

    std::optional<Shape> normalized;
    if (axes->hasKnownValues()) {
      Checked<Shape> checked = normalizeUnsqueezeAxes(*axes->values, rankY);
      if (!checked)
        return emitViolation(op, checked.violation());
      normalized = *checked;
    }
    // With run-time axes every result size is 1 when every input size is.
    bool allOnes = llvm::all_of(dataType.getShape(),
                                [](int64_t size) { return size == 1; });

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op);
    if (lengthIsDeclared)
      checkLength(checks, adaptor.getAxes(), axes->length, "axes",
                  "unsqueeze.Y.C1");
    SymbolPool pool;
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data, pool);
    SmallVector<ViewDim> dstDims;
    if (normalized) {
      auto srcIt = srcDims.begin();
      for (int64_t j = 0; j < rankY; ++j)
        dstDims.push_back(llvm::is_contained(*normalized, j)
                              ? getStaticDim(rewriter, 1)
                              : *srcIt++);
    } else {
      dstDims = resolveRuntimeAxes(checks, pool, srcDims, adaptor.getAxes(),
                                   axes->length, allOnes);
    }
    checkDeclaredSizes(checks, dstDims, declared, "unsqueeze.Y.C1");

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
                                ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    Value axesTensor = adaptor.getAxes();
    int64_t rankX = cast<RankedTensorType>(data.getType()).getRank();
    CheckBuilder checks(rewriter, op);
    SmallVector<Value> dataSizes;
    for (int64_t i = 0; i < rankX; ++i)
      dataSizes.push_back(checks.toI64(
          tensor::DimOp::create(rewriter, loc, data, i).getResult()));
    Value length = tensor::DimOp::create(rewriter, loc, axesTensor, 0);
    Value rankY = checks.add(checks.toI64(length), checks.i64(rankX));
    Value zeroIndex = checks.index(0), oneIndex = checks.index(1);

    // Axis i and its normalized value (in [0, r) once unsqueeze.A.C1 holds).
    auto axisAt = [&](CheckBuilder &c, Value i) {
      Value axis =
          tensor::ExtractOp::create(c.getBuilder(), loc, axesTensor, i);
      Value isNegative = c.cmp(arith::CmpIPredicate::slt, axis, c.i64(0));
      return std::make_pair(axis,
                            c.select(isNegative, c.add(axis, rankY), axis));
    };
    // unsqueeze.A.C1 on every axis before any is normalized and compared.
    scf::ForOp::create(
        rewriter, loc, zeroIndex, length, oneIndex, ValueRange{},
        [&](OpBuilder &b, Location, Value i, ValueRange) {
          CheckBuilder c(b, op);
          Value axis = axisAt(c, i).first;
          Value inRange = c.andI(
              c.cmp(arith::CmpIPredicate::sge, axis, c.sub(c.i64(0), rankY)),
              c.cmp(arith::CmpIPredicate::slt, axis, rankY));
          c.check(inRange, "unsqueeze.A.C1",
                  "a value of axes is out of range [-r, r - 1] for the result "
                  "rank r = rank(data) + length of axes");
          scf::YieldOp::create(b, loc);
        });
    // unsqueeze.A.C2: every pair of axes, each compared with the later ones.
    scf::ForOp::create(
        rewriter, loc, zeroIndex, length, oneIndex, ValueRange{},
        [&](OpBuilder &b, Location, Value i, ValueRange) {
          CheckBuilder c(b, op);
          Value first = axisAt(c, i).second;
          Value next = arith::AddIOp::create(b, loc, i, oneIndex);
          scf::ForOp::create(
              b, loc, next, length, oneIndex, ValueRange{},
              [&](OpBuilder &inner, Location, Value k, ValueRange) {
                CheckBuilder ck(inner, op);
                ck.check(ck.ne(first, axisAt(ck, k).second), "unsqueeze.A.C2",
                         "two values of axes designate the same axis");
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
          CheckBuilder c(b, op);
          Value j = c.toI64(indices[0]);
          auto loop = scf::ForOp::create(
              b, loc, zeroIndex, length, oneIndex,
              ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1).getResult(),
                         c.i64(0)},
              [&](OpBuilder &inner, Location, Value i, ValueRange args) {
                CheckBuilder ci(inner, op);
                Value axis = axisAt(ci, i).second;
                Value isAxis = ci.orI(args[0], ci.eq(axis, j));
                Value before = ci.add(
                    args[1], inner.createOrFold<arith::ExtUIOp>(
                                 loc, inner.getI64Type(),
                                 ci.cmp(arith::CmpIPredicate::slt, axis, j)));
                scf::YieldOp::create(inner, loc, ValueRange{isAxis, before});
              });
          Value source = c.selectByIndex(c.sub(j, loop.getResult(1)),
                                         dataSizes, c.i64(1));
          tensor::YieldOp::create(
              b, loc, c.select(loop.getResult(0), c.i64(1), source));
        });
    auto elementType = cast<TensorType>(resultType).getElementType();
    Value reshaped = tensor::ReshapeOp::create(
        rewriter, loc, UnrankedTensorType::get(elementType), data, sizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, reshaped, resultType));
    return success();
  }

  /// The result dims for run-time axes, checking unsqueeze.A.C1 and
  /// unsqueeze.A.C2 at run time.
  static SmallVector<ViewDim>
  resolveRuntimeAxes(CheckBuilder &checks, SymbolPool &pool,
                     ArrayRef<ViewDim> srcDims, Value axesTensor,
                     int64_t numAxes, bool allOnes) {
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    int64_t rankY = static_cast<int64_t>(srcDims.size()) + numAxes;
    SmallVector<Value> normalized;
    for (int64_t i = 0; i < numAxes; ++i) {
      Value axis = tensor::ExtractOp::create(builder, loc, axesTensor,
                                             ValueRange{checks.index(i)});
      Value inRange = checks.andI(
          checks.cmp(arith::CmpIPredicate::sge, axis, checks.i64(-rankY)),
          checks.cmp(arith::CmpIPredicate::slt, axis, checks.i64(rankY)));
      checks.check(inRange, "unsqueeze.A.C1",
                   llvm::formatv("axes[{0}] is out of range [{1}, {2}] for a "
                                 "result of rank {3}",
                                 i, -rankY, rankY - 1, rankY));
      Value isNegative =
          checks.cmp(arith::CmpIPredicate::slt, axis, checks.i64(0));
      normalized.push_back(
          checks.select(isNegative, checks.add(axis, checks.i64(rankY)), axis));
    }
    for (int64_t i = 0; i < numAxes; ++i)
      for (int64_t k = i + 1; k < numAxes; ++k)
        checks.check(checks.ne(normalized[i], normalized[k]), "unsqueeze.A.C2",
                     llvm::formatv("axes[{0}] and axes[{1}] designate the "
                                   "same axis",
                                   i, k));

    SmallVector<ViewDim> dims;
    if (allOnes) {
      for (int64_t j = 0; j < rankY; ++j)
        dims.push_back(getStaticDim(builder, 1));
      return dims;
    }
    SmallVector<Value> dataSizes = llvm::map_to_vector(
        srcDims, [&](const ViewDim &d) { return checks.toI64(d.size); });
    for (int64_t j = 0; j < rankY; ++j) {
      // Result dim j is an inserted axis, or input dim j - (number of axes
      // before j).
      Value isAxis = arith::ConstantIntOp::create(builder, loc, 0, 1);
      Value before = checks.i64(0);
      for (Value axis : normalized) {
        isAxis = checks.orI(isAxis, checks.eq(axis, checks.i64(j)));
        before = checks.add(before, builder.createOrFold<arith::ExtUIOp>(
                                        loc, builder.getI64Type(),
                                        checks.cmp(arith::CmpIPredicate::slt,
                                                   axis, checks.i64(j))));
      }
      Value source = checks.selectByIndex(checks.sub(checks.i64(j), before),
                                          dataSizes, checks.i64(1));
      Value size = checks.select(isAxis, checks.i64(1), source);
      dims.push_back({pool.fresh(), checks.toIndex(size)});
    }
    return dims;
  }
};

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

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
    Checked<int64_t> axis =
        normalizeFlattenAxis(op.getAxis(), dataType.getRank());
    if (!axis)
      return emitViolation(op, axis.violation());
    SmallVector<int64_t> declared = getDeclaredShape(resultType, 2);
    // The verifier checks the same shared rule; the view builder relies on it.
    if (std::optional<Violation> v = checkDeclaredFlatten(
            dataType.getShape(), op.getAxis(), resultType, "result"))
      return emitViolation(op, *v);

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op);
    SymbolPool pool;
    SmallVector<ViewDim> srcDims = getViewDims(rewriter, loc, data, pool);
    SmallVector<ViewDim> dstDims;
    for (ArrayRef<ViewDim> part :
         {ArrayRef<ViewDim>(srcDims).take_front(*axis),
          ArrayRef<ViewDim>(srcDims).drop_front(*axis)}) {
      std::optional<SymbolicSize> symbolic = getSymbolicProduct(part);
      if (symbolic && symbolic->isStatic()) {
        dstDims.push_back(getStaticDim(rewriter, symbolic->factor));
        continue;
      }
      SmallVector<OpFoldResult> sizes =
          llvm::map_to_vector(part, [](const ViewDim &d) { return d.size; });
      Value size = checks.product(sizes, "flatten.Y.C1",
                                  "the product of the input sizes overflows "
                                  "int64");
      dstDims.push_back(
          {symbolic ? *symbolic : pool.fresh(), checks.toIndex(size)});
    }
    checkDeclaredSizes(checks, dstDims, declared, "flatten.Y.C1");

    Value view = buildReshapeView(rewriter, loc, data, srcDims, dstDims);
    rewriter.replaceOp(op, castTo(rewriter, loc, view, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Broadcasting (BroadcastOp and ExpandOp)
//===----------------------------------------------------------------------===//

/// How one dimension of an input reaches the result.
enum class DimMapping {
  /// The input size is the result size: the same index.
  Identity,
  /// The input size is statically 1: index 0, whatever the result size.
  Broadcast,
  /// The input size is known only at run time and may be 1 while the result
  /// size is not: index 0 when it is 1, the result index otherwise.
  Dynamic,
};

struct InputDim {
  DimMapping mapping;
  /// The result dimension that this input dimension maps to.
  int64_t resultDim;
  /// For Dynamic: whether the input size is 1 (an i1 value).
  Value isOne;
};

/// Returns `input` broadcast to `resultSizes`. With Identity and Broadcast
/// dimensions only, the static unit dimensions are collapsed away and a
/// linalg.generic copies the input through a projected-permutation indexing
/// map, so that elementwise consumers fuse with it. A Dynamic dimension
/// needs an index computed at run time, and the generic reads the input with
/// tensor.extract instead.
Value buildBroadcast(OpBuilder &builder, Location loc, Value input,
                     ArrayRef<InputDim> dims,
                     ArrayRef<OpFoldResult> resultSizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  MLIRContext *context = builder.getContext();
  int64_t rank = static_cast<int64_t>(resultSizes.size());
  Value init = tensor::EmptyOp::create(builder, loc, resultSizes, elementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);

  bool anyDynamic = llvm::any_of(
      dims, [](const InputDim &d) { return d.mapping == DimMapping::Dynamic; });
  if (anyDynamic) {
    auto generic = linalg::GenericOp::create(
        builder, loc, init.getType(), ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{identity}, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange) {
          Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
          SmallVector<Value> indices;
          for (const InputDim &dim : dims) {
            if (dim.mapping == DimMapping::Broadcast) {
              indices.push_back(zero);
              continue;
            }
            Value index = linalg::IndexOp::create(b, nestedLoc, dim.resultDim);
            if (dim.mapping == DimMapping::Dynamic)
              index =
                  arith::SelectOp::create(b, nestedLoc, dim.isOne, zero, index);
            indices.push_back(index);
          }
          Value element =
              tensor::ExtractOp::create(b, nestedLoc, input, indices);
          linalg::YieldOp::create(b, nestedLoc, element);
        });
    return generic.getResult(0);
  }

  // Collapse the broadcast (static unit) dimensions away: each one joins the
  // group of the next kept dimension, trailing ones the last group.
  SmallVector<ReassociationIndices> groups;
  SmallVector<AffineExpr> exprs;
  SmallVector<int64_t> collapsedShape;
  ReassociationIndices pending;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    pending.push_back(static_cast<int64_t>(i));
    if (dim.mapping == DimMapping::Broadcast)
      continue;
    groups.push_back(std::move(pending));
    pending.clear();
    exprs.push_back(getAffineDimExpr(dim.resultDim, context));
    collapsedShape.push_back(inputType.getDimSize(i));
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  Value source = input;
  if (exprs.size() != dims.size())
    source = tensor::CollapseShapeOp::create(
        builder, loc, RankedTensorType::get(collapsedShape, elementType), input,
        groups);
  AffineMap inputMap = AffineMap::get(rank, 0, exprs, context);
  auto generic = linalg::GenericOp::create(
      builder, loc, init.getType(), ValueRange{source}, ValueRange{init},
      ArrayRef<AffineMap>{inputMap, identity}, iterators,
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(b, nestedLoc, args[0]);
      });
  return generic.getResult(0);
}

/// Whether `dims` leave every input element in place (no broadcasting).
bool isIdentity(ArrayRef<InputDim> dims, int64_t resultRank) {
  if (static_cast<int64_t>(dims.size()) != resultRank)
    return false;
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim.mapping != DimMapping::Identity ||
        dim.resultDim != static_cast<int64_t>(i))
      return false;
  return true;
}

/// Combines run-time sizes under the broadcasting rule: the result is the
/// last size that is not 1 (1 if all are), and every size must be 1 or the
/// result, which `rule` checks with `describe(k)` naming size k.
Value broadcastRuntimeSizes(CheckBuilder &checks, ArrayRef<Value> sizes,
                            StringRef rule, int64_t resultDim,
                            llvm::function_ref<std::string(size_t)> describe) {
  Value one = checks.i64(1);
  Value result = one;
  for (Value size : sizes)
    result = checks.select(checks.ne(size, one), size, result);
  for (auto [k, size] : llvm::enumerate(sizes))
    checks.check(checks.orI(checks.eq(size, one), checks.eq(size, result)),
                 rule,
                 llvm::formatv("{0} is neither 1 nor the size of the other "
                               "operands in dimension {1} of the broadcast",
                               describe(k), resultDim));
  return result;
}

/// Checks at run time that a dynamic size `size` is 1 or the static result
/// size `resultSize`; returns how the dimension maps.
DimMapping checkAgainstStatic(CheckBuilder &checks, Value size,
                              int64_t resultSize, StringRef rule,
                              const llvm::Twine &what, int64_t resultDim) {
  Value ok = checks.eq(size, checks.i64(1));
  if (resultSize != 1)
    ok = checks.orI(ok, checks.eq(size, checks.i64(resultSize)));
  checks.check(ok, rule,
               llvm::formatv("{0} is neither 1 nor {1} in dimension {2} of the "
                             "broadcast",
                             what.str(), resultSize, resultDim));
  return resultSize == 1 ? DimMapping::Identity : DimMapping::Dynamic;
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

struct BroadcastOpLowering : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    ValueRange inputs = adaptor.getInputs();
    SmallVector<ArrayRef<int64_t>> shapes;
    for (Value input : inputs)
      shapes.push_back(cast<RankedTensorType>(input.getType()).getShape());
    auto describe = [](unsigned m) {
      return llvm::formatv("input #{0}", m).str();
    };
    Checked<Shape> inferred = broadcastShapes(shapes, "broadcast.E1", describe);
    if (!inferred)
      return emitViolation(op, inferred.violation());
    int64_t rank = static_cast<int64_t>(inferred->size());

    // The static sizes that the result types declare; two results that
    // declare different sizes can never both hold (the verifier checks the
    // same shared rule).
    if (std::optional<Violation> v =
            checkDeclaredResultsAgree(resultTypes, "broadcast.Z.shape"))
      return emitViolation(op, *v);
    SmallVector<int64_t> declared(rank, ShapedType::kDynamic);
    for (Type type : resultTypes)
      for (auto [j, size] : llvm::enumerate(getDeclaredShape(type, rank)))
        if (!ShapedType::isDynamic(size))
          declared[j] = size;

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op);
    SmallVector<SmallVector<InputDim>> inputDims(inputs.size());
    SmallVector<OpFoldResult> resultSizes;
    for (int64_t j = 0; j < rank; ++j) {
      // The input dimensions aligned with result dimension j.
      SmallVector<std::pair<size_t, int64_t>> aligned;
      for (auto [m, shape] : llvm::enumerate(shapes)) {
        int64_t i = j - (rank - static_cast<int64_t>(shape.size()));
        if (i >= 0)
          aligned.push_back({m, i});
      }
      auto dimOf = [&](size_t m, int64_t i) {
        return checks.toI64(
            tensor::DimOp::create(rewriter, loc, inputs[m], i).getResult());
      };
      int64_t staticSize = (*inferred)[j];
      if (!ShapedType::isDynamic(staticSize)) {
        for (auto [m, i] : aligned) {
          int64_t size = shapes[m][i];
          DimMapping mapping = DimMapping::Identity;
          Value isOne;
          if (ShapedType::isDynamic(size)) {
            Value dim = dimOf(m, i);
            mapping = checkAgainstStatic(checks, dim, staticSize,
                                         "broadcast.E1", describe(m), j);
            isOne = checks.eq(dim, checks.i64(1));
          } else if (size == 1 && staticSize != 1) {
            mapping = DimMapping::Broadcast;
          }
          inputDims[m].push_back({mapping, j, isOne});
        }
        resultSizes.push_back(rewriter.getIndexAttr(staticSize));
        continue;
      }

      // Only inputs with a dynamic size decide; the static ones are 1.
      SmallVector<std::pair<size_t, int64_t>> deciding;
      for (auto [m, i] : aligned) {
        if (ShapedType::isDynamic(shapes[m][i]))
          deciding.push_back({m, i});
        else
          inputDims[m].push_back({DimMapping::Broadcast, j, Value()});
      }
      Value size;
      if (deciding.size() == 1) {
        auto [m, i] = deciding.front();
        size = dimOf(m, i);
        inputDims[m].push_back({DimMapping::Identity, j, Value()});
      } else {
        SmallVector<Value> sizes;
        for (auto [m, i] : deciding)
          sizes.push_back(dimOf(m, i));
        size = broadcastRuntimeSizes(
            checks, sizes, "broadcast.E1", j,
            [&](size_t k) { return describe(deciding[k].first); });
        for (auto [k, entry] : llvm::enumerate(deciding))
          inputDims[entry.first].push_back(
              {DimMapping::Dynamic, j, checks.eq(sizes[k], checks.i64(1))});
      }
      if (!ShapedType::isDynamic(declared[j])) {
        checks.check(checks.eq(size, checks.i64(declared[j])),
                     "broadcast.Z.shape",
                     llvm::formatv("result dimension {0} is declared {1} but "
                                   "the inputs broadcast to a different size "
                                   "at run time",
                                   j, declared[j]));
        resultSizes.push_back(rewriter.getIndexAttr(declared[j]));
      } else {
        resultSizes.push_back(checks.toIndex(size));
      }
    }

    SmallVector<Value> results;
    for (auto [m, input] : llvm::enumerate(inputs)) {
      Value result =
          isIdentity(inputDims[m], rank)
              ? input
              : buildBroadcast(rewriter, loc, input, inputDims[m], resultSizes);
      results.push_back(castTo(rewriter, loc, result, resultTypes[m]));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ExpandOp
//===----------------------------------------------------------------------===//

struct ExpandOpLowering : public OpConversionPattern<ExpandOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExpandOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    std::optional<ShapeOperand> shape = getShapeOperand(op.getShape());
    if (!resultType || !shape)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value data = adaptor.getData();
    auto dataType = cast<RankedTensorType>(data.getType());
    ArrayRef<int64_t> dataShape = dataType.getShape();
    int64_t rankX = dataType.getRank();
    std::optional<ArrayRef<int64_t>> mapping;
    if (DenseI64ArrayAttr attr = op.getAxesMappingAttr())
      mapping = attr.asArrayRef();
    // A shape of dynamic length: the declared rank r fixes its length
    // (checked at run time) when that rank says how shape aligns with the
    // input (with axes_mapping, or r above the input rank). Without
    // axes_mapping and with r the input rank, the result rank max(rank(X), L)
    // only requires L <= r (checked at run time): shape is then read as if
    // padded on the left with 1s to length r, which broadcasts the same way.
    bool lengthIsDeclared = false;
    bool lengthIsPadded = false;
    if (!shape->hasKnownLength()) {
      auto ranked = dyn_cast<RankedTensorType>(resultType);
      if (!mapping)
        if (std::optional<Violation> v = checkDeclaredRankAtLeast(
                rankX, resultType, "expand.Y.shape", "result"))
          return emitViolation(op, *v);
      if (!ranked)
        return op.emitOpError(
            "cannot be lowered: shape has a dynamic length and the result "
            "type does not fix it; give shape a static length or the result "
            "a rank");
      shape->length = ranked.getRank();
      if (!mapping && ranked.getRank() == rankX)
        lengthIsPadded = true;
      else
        lengthIsDeclared = true;
    }
    Checked<InferredShape> inferred =
        inferExpandShape(dataShape, *shape, mapping);
    if (!inferred)
      return emitViolation(op, inferred.violation());
    if (!*inferred)
      return rewriter.notifyMatchFailure(op, "unknown result rank");
    const Shape &resultShape = **inferred;
    int64_t rank = static_cast<int64_t>(resultShape.size());
    int64_t length = shape->length;
    SmallVector<int64_t> declared = getDeclaredShape(resultType, rank);

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op);
    if (lengthIsDeclared)
      checkLength(checks, adaptor.getShape(), length, "shape",
                  "expand.Y.shape");
    // With a padded shape, `padding` is r - L, the number of leading 1s.
    Value padding;
    if (lengthIsPadded) {
      Value actual = checks.toI64(
          tensor::DimOp::create(rewriter, loc, adaptor.getShape(), 0)
              .getResult());
      checks.check(
          checks.cmp(arith::CmpIPredicate::sle, actual, checks.i64(length)),
          "expand.Y.shape",
          llvm::formatv("shape has a length above {0}, the rank of the "
                        "declared result type",
                        length));
      padding = checks.sub(checks.i64(length), actual);
    }
    // Names value k of shape (of the padded shape: its index in shape is
    // known only at run time).
    auto describeShape = [&](int64_t k) {
      if (lengthIsPadded)
        return llvm::formatv("the value of shape aligned with result "
                             "dimension {0}",
                             k)
            .str();
      return llvm::formatv("shape[{0}]", k).str();
    };
    // The values of shape: static when constant, else read and checked.
    SmallVector<std::optional<int64_t>> staticValues(length);
    SmallVector<Value> values(length);
    for (int64_t k = 0; k < length; ++k) {
      if (shape->hasKnownValues()) {
        staticValues[k] = (*shape->values)[k];
        continue;
      }
      if (lengthIsPadded) {
        // Value k is shape[k - padding], or 1 when k < padding; shape is
        // only read in bounds (it may be empty).
        Value inShape =
            checks.cmp(arith::CmpIPredicate::sge, checks.i64(k), padding);
        auto ifOp = scf::IfOp::create(
            rewriter, loc, inShape,
            [&](OpBuilder &b, Location) {
              CheckBuilder c(b, op);
              Value index = c.toIndex(c.sub(c.i64(k), padding));
              Value value = tensor::ExtractOp::create(
                  b, loc, adaptor.getShape(), ValueRange{index});
              scf::YieldOp::create(b, loc, value);
            },
            [&](OpBuilder &b, Location) {
              CheckBuilder c(b, op);
              scf::YieldOp::create(b, loc, c.i64(1));
            });
        values[k] = ifOp.getResult(0);
      } else {
        values[k] = tensor::ExtractOp::create(
            rewriter, loc, adaptor.getShape(), ValueRange{checks.index(k)});
      }
      checks.check(
          checks.cmp(arith::CmpIPredicate::sge, values[k], checks.i64(0)),
          "expand.S.negative",
          llvm::formatv("{0} is negative", describeShape(k)));
    }
    auto dimOf = [&](int64_t i) {
      return checks.toI64(
          tensor::DimOp::create(rewriter, loc, data, i).getResult());
    };
    auto describeInput = [](int64_t i) {
      return llvm::formatv("input dimension {0}", i).str();
    };

    SmallVector<InputDim> inputDims(rankX);
    SmallVector<Value> sizes(rank);
    if (mapping) {
      // RFC option 2: the result has exactly the shape `shape`.
      for (int64_t j = 0; j < rank; ++j)
        if (!staticValues[j] && ShapedType::isDynamic(resultShape[j]))
          sizes[j] = values[j];
      for (auto [i, j] : llvm::enumerate(*mapping)) {
        int64_t size = dataShape[i];
        int64_t staticSize = resultShape[j];
        if (size == 1) {
          inputDims[i] = {DimMapping::Broadcast, j, Value()};
        } else if (!ShapedType::isDynamic(size)) {
          inputDims[i] = {DimMapping::Identity, j, Value()};
          if (!staticValues[j])
            checks.check(checks.eq(values[j], checks.i64(size)),
                         "expand.axes_mapping",
                         llvm::formatv("shape[{0}] is not {1}, the size of "
                                       "input dimension {2} mapped to it",
                                       j, size, i));
        } else if (!ShapedType::isDynamic(staticSize)) {
          Value dim = dimOf(i);
          inputDims[i] = {checkAgainstStatic(checks, dim, staticSize,
                                             "expand.axes_mapping",
                                             describeInput(i), j),
                          j, checks.eq(dim, checks.i64(1))};
        } else {
          Value dim = dimOf(i);
          checks.check(checks.orI(checks.eq(dim, checks.i64(1)),
                                  checks.eq(dim, values[j])),
                       "expand.axes_mapping",
                       llvm::formatv("input dimension {0} is neither 1 nor "
                                     "shape[{1}]",
                                     i, j));
          inputDims[i] = {DimMapping::Dynamic, j,
                          checks.eq(dim, checks.i64(1))};
        }
      }
    } else {
      // Two-way broadcasting of the input shape and `shape`.
      for (int64_t j = 0; j < rank; ++j) {
        int64_t i = j - (rank - rankX);
        int64_t k = j - (rank - length);
        int64_t staticSize = resultShape[j];
        std::optional<int64_t> dataSize;
        if (i >= 0)
          dataSize = dataShape[i];
        if (!ShapedType::isDynamic(staticSize)) {
          if (k >= 0 && !staticValues[k])
            checkAgainstStatic(checks, values[k], staticSize, "expand.E1",
                               describeShape(k), j);
          if (!dataSize)
            continue;
          if (ShapedType::isDynamic(*dataSize)) {
            Value dim = dimOf(i);
            inputDims[i] = {checkAgainstStatic(checks, dim, staticSize,
                                               "expand.E1", describeInput(i),
                                               j),
                            j, checks.eq(dim, checks.i64(1))};
          } else {
            inputDims[i] = {*dataSize == 1 && staticSize != 1
                                ? DimMapping::Broadcast
                                : DimMapping::Identity,
                            j, Value()};
          }
          continue;
        }
        // The size is known only at run time.
        if (!dataSize) {
          sizes[j] = values[k];
        } else if (k < 0 || (staticValues[k] && *staticValues[k] == 1)) {
          sizes[j] = dimOf(i);
          inputDims[i] = {DimMapping::Identity, j, Value()};
        } else if (*dataSize == 1) {
          sizes[j] = values[k];
          inputDims[i] = {DimMapping::Broadcast, j, Value()};
        } else {
          // A dynamic input size against a run-time value of shape (any
          // other combination has a static size).
          Value dim = dimOf(i);
          Value operands[] = {dim, values[k]};
          sizes[j] = broadcastRuntimeSizes(
              checks, operands, "expand.E1", j, [&](size_t n) {
                return n == 0 ? describeInput(i) : describeShape(k);
              });
          inputDims[i] = {DimMapping::Dynamic, j,
                          checks.eq(dim, checks.i64(1))};
        }
      }
    }

    SmallVector<OpFoldResult> resultSizes;
    for (int64_t j = 0; j < rank; ++j) {
      if (!ShapedType::isDynamic(resultShape[j])) {
        resultSizes.push_back(rewriter.getIndexAttr(resultShape[j]));
        continue;
      }
      if (!ShapedType::isDynamic(declared[j])) {
        checks.check(checks.eq(sizes[j], checks.i64(declared[j])),
                     "expand.Y.shape",
                     llvm::formatv("result dimension {0} is declared {1} but "
                                   "is a different size at run time",
                                   j, declared[j]));
        resultSizes.push_back(rewriter.getIndexAttr(declared[j]));
        continue;
      }
      resultSizes.push_back(checks.toIndex(sizes[j]));
    }

    Value result =
        isIdentity(inputDims, rank)
            ? data
            : buildBroadcast(rewriter, loc, data, inputDims, resultSizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Type conversion of the other ops
//===----------------------------------------------------------------------===//

/// Rebuilds any region-free op whose operand or result types change (string
/// tensors become handle tensors): func.call, func.return, tensor ops on
/// string tensors, cf branches... Ops with regions are left to their own
/// patterns (functions) or reported as not legalizable.
struct ConvertAnyOpTypes : public ConversionPattern {
  ConvertAnyOpTypes(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() != 0 || isa<UnrealizedConversionCastOp>(op) ||
        isa_and_nonnull<SONNXDialect>(op->getDialect()))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// Removes a `builtin.unrealized_conversion_cast` between string tensors
/// and handle tensors (`tensor<...x!sonnx.string>` and `tensor<...xi64>`):
/// once strings are handles, it converts nothing. Such casts are how code
/// outside sonnx hands string handles to sonnx ops and reads them back.
struct FoldStringHandleCasts
    : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1)
      return failure();
    Value input = adaptor.getInputs().front();
    Type converted = getTypeConverter()->convertType(op.getType(0));
    if (!converted || converted != input.getType())
      return failure();
    rewriter.replaceOp(op, input);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertSONNXToLinalgPass
    : public mlir::sonnx::impl::ConvertSONNXToLinalgPassBase<
          ConvertSONNXToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(materializeStringConstants(getOperation())))
      return signalPassFailure();
    SONNXToLinalgTypeConverter typeConverter;
    ConversionTarget target(*context);
    configureSONNXToLinalgConversionTarget(target, typeConverter);
    RewritePatternSet patterns(context);
    populateSONNXToLinalgConversionPatterns(typeConverter, patterns);
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void mlir::sonnx::populateSONNXToLinalgConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ReshapeOpLowering, UnsqueezeOpLowering, FlattenOpLowering,
               BroadcastOpLowering, ExpandOpLowering>(typeConverter, context);
  patterns.add<ConvertAnyOpTypes, FoldStringHandleCasts>(typeConverter,
                                                         context);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 typeConverter);
}

void mlir::sonnx::configureSONNXToLinalgConversionTarget(
    ConversionTarget &target, const TypeConverter &typeConverter) {
  target.addIllegalDialect<SONNXDialect>();
  target.addLegalOp<ModuleOp>();
  target.markUnknownOpDynamicallyLegal([&typeConverter](Operation *op) {
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      auto type = dyn_cast<FunctionType>(function.getFunctionType());
      return (!type || typeConverter.isSignatureLegal(type)) &&
             typeConverter.isLegal(&function.getFunctionBody());
    }
    return typeConverter.isLegal(op);
  });
}
