//===- BroadcastOps.cpp - broadcast and expand to linalg ------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Lowers sonnx.broadcast and sonnx.expand to one linalg.generic per result
// that needs broadcasting (buildBroadcast), so that elementwise consumers
// fuse with them. Every pattern works in three steps:
//
// 1. `get<Op>Statics` runs the verification of the op (SONNXVerification.h):
//    it rejects, with the verifier's diagnostic, what is contradictory at
//    compile time, and gives the inferred result shape and the rules left
//    to run time.
// 2. The emitters of RuntimeChecks.h check at run time the rules that the
//    verification defers (broadcast.E1, expand.E1, expand.axes_mapping, the
//    declared sizes...), and only those; each cites its ID.
// 3. buildBroadcast builds the result.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"

#include "LoweringUtils.h"
#include "RuntimeChecks.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::sonnx;

namespace {

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

/// The linalg.generic that copies `input` broadcast into `init`. With
/// Identity and Broadcast dimensions only, the static unit dimensions are
/// collapsed away and a linalg.generic copies the input through a
/// projected-permutation indexing map, so that elementwise consumers fuse
/// with it. A Dynamic dimension
/// needs an index computed at run time, and the generic reads the input with
/// tensor.extract instead.
Value buildBroadcastCopy(OpBuilder &builder, Location loc, Value input,
                         ArrayRef<InputDim> dims, Value init) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  MLIRContext *context = builder.getContext();
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t rank = initType.getRank();
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

  // An input size known only at run time that maps to a static result size
  // (checked equal at run time) is made static first: the generic would
  // otherwise pair that static loop range with a dynamic input size, which
  // upstream folding may learn (a view of a tensor of static shape) and find
  // different: invalid IR instead of the run-time check. castTo makes the
  // size static in a form that folding does not see through.
  SmallVector<int64_t> knownShape(inputType.getShape());
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim.mapping == DimMapping::Identity &&
        ShapedType::isDynamic(knownShape[i]) &&
        !initType.isDynamicDim(dim.resultDim))
      knownShape[i] = initType.getDimSize(dim.resultDim);
  input = castTo(builder, loc, input,
                 RankedTensorType::get(knownShape, elementType));
  inputType = cast<RankedTensorType>(input.getType());

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

/// Returns `input` broadcast to `resultSizes` (buildBroadcastCopy), or the
/// empty result when a size is 0. A result without elements gets no loop:
/// its loop nest would still run the product of the sizes before a 0
/// (11 x 7580279596601547399 x 0: no element, 8e19 empty iterations; a
/// jit-run fuzz finding, fuzz/regressions/jit-run/expand-zero-after-huge).
/// A static 0 is decided here; a run-time size after the first one that may
/// be 0 guards the copy with an scf.if.
Value buildBroadcast(OpBuilder &builder, Location loc, Value input,
                     ArrayRef<InputDim> dims,
                     ArrayRef<OpFoldResult> resultSizes) {
  Type elementType = cast<RankedTensorType>(input.getType()).getElementType();
  Value init = tensor::EmptyOp::create(builder, loc, resultSizes, elementType);
  Value hasElements, zero;
  for (auto [d, size] : llvm::enumerate(resultSizes)) {
    std::optional<int64_t> known = getConstantIntValue(size);
    if (known == 0)
      return init;
    // A 0 in the outermost loop ends the nest at once.
    if (known || d == 0)
      continue;
    if (!zero)
      zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value nonZero = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, cast<Value>(size), zero);
    hasElements =
        hasElements ? arith::AndIOp::create(builder, loc, hasElements, nonZero)
                          .getResult()
                    : nonZero;
  }
  if (!hasElements)
    return buildBroadcastCopy(builder, loc, input, dims, init);
  auto choice = scf::IfOp::create(builder, loc, TypeRange{init.getType()},
                                  hasElements, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(builder, loc,
                         buildBroadcastCopy(builder, loc, input, dims, init));
    builder.setInsertionPointToStart(choice.elseBlock());
    scf::YieldOp::create(builder, loc, init);
  }
  return choice.getResult(0);
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

/// Checks at run time that a dynamic size `size` is 1 or the static result
/// size `resultSize` (emitBroadcastStaticSizeCheck); returns how the
/// dimension maps.
DimMapping checkAgainstStatic(CheckBuilder &checks, Value size,
                              int64_t resultSize, RuleID rule,
                              const llvm::Twine &what, int64_t resultDim) {
  emitBroadcastStaticSizeCheck(checks, size, resultSize, rule, what, resultDim);
  return resultSize == 1 ? DimMapping::Identity : DimMapping::Dynamic;
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

/// What is known statically of a sonnx.broadcast.
struct BroadcastStatics {
  /// The verification of the op: the rules it leaves to run time.
  OpVerification verification;
  /// The input shapes.
  SmallVector<ArrayRef<int64_t>> shapes;
  /// The result sizes that the verification infers.
  Shape inferred;
  /// The static result sizes that some result type declares.
  SmallVector<int64_t> declared;
};

/// Names input #m in the messages of broadcast.E1.
std::string describeBroadcastInput(unsigned m) {
  return llvm::formatv("input #{0}", m).str();
}

/// Step 1 of the broadcast lowering: the verification of the op. Fails,
/// with the verifier's diagnostic citing the rule, on a contradiction.
FailureOr<BroadcastStatics> getBroadcastStatics(BroadcastOp op,
                                                ValueRange inputs,
                                                TypeRange resultTypes,
                                                RewriterBase &rewriter) {
  FailureOr<OpVerification> verified =
      verifyBroadcastOp(op, /*emitErrors=*/true);
  if (failed(verified))
    return failure();
  BroadcastStatics statics;
  statics.verification = std::move(*verified);
  const InferredShape &inferred = statics.verification.resultShapes.front();
  if (!inferred)
    return rewriter.notifyMatchFailure(op, "unknown result rank");
  statics.inferred = *inferred;
  for (Value input : inputs)
    statics.shapes.push_back(
        cast<RankedTensorType>(input.getType()).getShape());

  // The static sizes that the result types declare (the verification has
  // checked that they agree).
  int64_t rank = static_cast<int64_t>(statics.inferred.size());
  statics.declared.assign(rank, ShapedType::kDynamic);
  for (Type type : resultTypes)
    for (auto [j, size] : llvm::enumerate(getDeclaredShape(type, rank)))
      if (!ShapedType::isDynamic(size))
        statics.declared[j] = size;
  return statics;
}

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
    FailureOr<BroadcastStatics> statics =
        getBroadcastStatics(op, inputs, resultTypes, rewriter);
    if (failed(statics))
      return failure();
    ArrayRef<ArrayRef<int64_t>> shapes = statics->shapes;
    ArrayRef<int64_t> inferred = statics->inferred;
    ArrayRef<int64_t> declared = statics->declared;
    int64_t rank = static_cast<int64_t>(inferred.size());
    auto describe = describeBroadcastInput;

    Location loc = op.getLoc();
    CheckBuilder checks(rewriter, op, statics->verification);
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
      int64_t staticSize = inferred[j];
      if (!ShapedType::isDynamic(staticSize)) {
        for (auto [m, i] : aligned) {
          int64_t size = shapes[m][i];
          DimMapping mapping = DimMapping::Identity;
          Value isOne;
          if (ShapedType::isDynamic(size)) {
            Value dim = dimOf(m, i);
            mapping = checkAgainstStatic(checks, dim, staticSize,
                                         RuleID::BroadcastE1, describe(m), j);
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
        size = emitBroadcastSizesCheck(
            checks, sizes, RuleID::BroadcastE1, j,
            [&](size_t k) { return describe(deciding[k].first); });
        for (auto [k, entry] : llvm::enumerate(deciding))
          inputDims[entry.first].push_back(
              {DimMapping::Dynamic, j, checks.eq(sizes[k], checks.i64(1))});
      }
      if (!ShapedType::isDynamic(declared[j])) {
        emitDeclaredSizeCheck(
            checks, size, declared[j], j, RuleID::BroadcastZShape,
            "the inputs broadcast to a different size at run time");
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

/// What is known statically of a sonnx.expand.
struct ExpandStatics : ShapeOperandStatics {
  /// axes_mapping, when the op has one.
  std::optional<ArrayRef<int64_t>> mapping;
  /// shape has a dynamic length of at most the declared result rank, the
  /// input rank (checked at run time): it is read as if padded on the left
  /// with 1s to that length. Otherwise, with `lengthIsAssumed`, its length
  /// is the declared rank (checked at run time).
  bool lengthIsPadded = false;
};

/// Step 1 of the expand lowering: the verification of the op. Fails, with
/// the verifier's diagnostic citing the rule, on a contradiction, and when
/// the result rank is not known.
FailureOr<ExpandStatics> getExpandStatics(ExpandOp op, Type resultType,
                                          RewriterBase &rewriter) {
  std::optional<ArrayRef<int64_t>> mapping;
  if (DenseI64ArrayAttr attr = op.getAxesMappingAttr())
    mapping = attr.asArrayRef();
  // A shape of dynamic length L: the declared rank r is taken as its length.
  // That rank fixes L (checked at run time) when it says how shape aligns
  // with the input (with axes_mapping, or r above the input rank). Without
  // axes_mapping and with r the input rank, the result rank max(rank(X), L)
  // only requires L <= r (checked at run time): shape is then read as if
  // padded on the left with 1s to length r, which broadcasts the same way.
  FailureOr<ShapeOperandStatics> statics = getShapeOperandStatics(
      op, verifyExpandOp(op, /*emitErrors=*/true), resultType,
      [&](const ShapeOperand &shape) {
        return verifyExpandOp(op.getLoc(), op.getData().getType(), shape,
                              mapping, op.getType());
      },
      rewriter);
  if (failed(statics))
    return failure();
  if (statics->isUnranked) {
    op.emitOpError(
        "cannot be lowered: shape has a dynamic length and the result "
        "type does not fix it; give shape a static length or the result "
        "a rank");
    return failure();
  }
  ExpandStatics result{std::move(*statics), mapping, false};
  if (result.lengthIsAssumed && !mapping &&
      result.shape.length ==
          cast<RankedTensorType>(op.getData().getType()).getRank())
    result.lengthIsPadded = true;
  return result;
}

/// The lowering of one sonnx.expand once its statics are known: the values
/// of shape read (and checked), each input dimension mapped to the result
/// (and checked), the result sizes. Each step emits its ops in order.
class ExpandLowering {
public:
  ExpandLowering(ConversionPatternRewriter &rewriter, ExpandOp op,
                 ExpandOp::Adaptor adaptor, const ExpandStatics &statics)
      : rewriter(rewriter), loc(op.getLoc()), data(adaptor.getData()),
        shapeValue(adaptor.getShape()), statics(statics),
        dataShape(cast<RankedTensorType>(data.getType()).getShape()),
        rankX(static_cast<int64_t>(dataShape.size())),
        rank(static_cast<int64_t>(statics.inferred.size())),
        length(statics.shape.length), lengthIsPadded(statics.lengthIsPadded),
        checks(rewriter, op, statics.verification), staticValues(length),
        values(length), inputDims(rankX), sizes(rank) {}

  /// The expanded data, of the inferred shape (the declared sizes checked).
  Value lower() {
    if (statics.lengthIsAssumed && !lengthIsPadded)
      emitDeclaredLengthCheck(checks, shapeValue, length, "shape",
                              RuleID::ExpandYShape);
    if (lengthIsPadded)
      checkPaddedLength();
    readShapeValues();
    if (statics.mapping)
      mapWithAxesMapping(*statics.mapping);
    else
      mapTwoWay();
    SmallVector<OpFoldResult> resultSizes = getResultSizes();
    return isIdentity(inputDims, rank)
               ? data
               : buildBroadcast(rewriter, loc, data, inputDims, resultSizes);
  }

private:
  /// With a padded shape, `padding` is r - L, the number of leading 1s.
  void checkPaddedLength() {
    Value actual = checks.toI64(
        tensor::DimOp::create(rewriter, loc, shapeValue, 0).getResult());
    checks.check(
        checks.cmp(arith::CmpIPredicate::sle, actual, checks.i64(length)),
        RuleID::ExpandYShape,
        llvm::formatv("shape has a length above {0}, the rank of the "
                      "declared result type",
                      length));
    padding = checks.sub(checks.i64(length), actual);
  }

  /// Names value k of shape (of the padded shape: its index in shape is
  /// known only at run time).
  std::string describeShape(int64_t k) const {
    if (lengthIsPadded)
      return llvm::formatv("the value of shape aligned with result "
                           "dimension {0}",
                           k)
          .str();
    return llvm::formatv("shape[{0}]", k).str();
  }
  static std::string describeInput(int64_t i) {
    return llvm::formatv("input dimension {0}", i).str();
  }
  Value dimOf(int64_t i) {
    return checks.toI64(
        tensor::DimOp::create(rewriter, loc, data, i).getResult());
  }

  /// The values of shape: static when constant, else read and checked.
  void readShapeValues() {
    const ShapeOperand &shape = statics.shape;
    for (int64_t k = 0; k < length; ++k) {
      if (shape.hasKnownValues()) {
        staticValues[k] = (*shape.values)[k];
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
              CheckBuilder c(b, checks);
              Value index = c.toIndex(c.sub(c.i64(k), padding));
              Value value = tensor::ExtractOp::create(b, loc, shapeValue,
                                                      ValueRange{index});
              scf::YieldOp::create(b, loc, value);
            },
            [&](OpBuilder &b, Location) {
              CheckBuilder c(b, checks);
              scf::YieldOp::create(b, loc, c.i64(1));
            });
        values[k] = ifOp.getResult(0);
      } else {
        values[k] = tensor::ExtractOp::create(rewriter, loc, shapeValue,
                                              ValueRange{checks.index(k)});
      }
      checks.check(
          checks.cmp(arith::CmpIPredicate::sge, values[k], checks.i64(0)),
          RuleID::ExpandSNegative,
          llvm::formatv("{0} is negative", describeShape(k)));
    }
  }

  /// RFC option 2: the result has exactly the shape `shape`; input
  /// dimension i maps to result dimension mapping[i].
  void mapWithAxesMapping(ArrayRef<int64_t> mapping) {
    const Shape &resultShape = statics.inferred;
    for (int64_t j = 0; j < rank; ++j)
      if (!staticValues[j] && ShapedType::isDynamic(resultShape[j]))
        sizes[j] = values[j];
    for (auto [i, j] : llvm::enumerate(mapping)) {
      int64_t size = dataShape[i];
      int64_t staticSize = resultShape[j];
      if (size == 1) {
        inputDims[i] = {DimMapping::Broadcast, j, Value()};
      } else if (!ShapedType::isDynamic(size)) {
        inputDims[i] = {DimMapping::Identity, j, Value()};
        if (!staticValues[j])
          checks.check(checks.eq(values[j], checks.i64(size)),
                       RuleID::ExpandAxesMapping,
                       llvm::formatv("shape[{0}] is not {1}, the size of "
                                     "input dimension {2} mapped to it",
                                     j, size, i));
      } else if (!ShapedType::isDynamic(staticSize)) {
        Value dim = dimOf(i);
        inputDims[i] = {checkAgainstStatic(checks, dim, staticSize,
                                           RuleID::ExpandAxesMapping,
                                           describeInput(i), j),
                        j, checks.eq(dim, checks.i64(1))};
      } else {
        Value dim = dimOf(i);
        checks.check(checks.orI(checks.eq(dim, checks.i64(1)),
                                checks.eq(dim, values[j])),
                     RuleID::ExpandAxesMapping,
                     llvm::formatv("input dimension {0} is neither 1 nor "
                                   "shape[{1}]",
                                   i, j));
        inputDims[i] = {DimMapping::Dynamic, j, checks.eq(dim, checks.i64(1))};
      }
    }
  }

  /// Two-way broadcasting of the input shape and `shape`.
  void mapTwoWay() {
    const Shape &resultShape = statics.inferred;
    for (int64_t j = 0; j < rank; ++j) {
      int64_t i = j - (rank - rankX);
      int64_t k = j - (rank - length);
      int64_t staticSize = resultShape[j];
      std::optional<int64_t> dataSize;
      if (i >= 0)
        dataSize = dataShape[i];
      if (!ShapedType::isDynamic(staticSize)) {
        if (k >= 0 && !staticValues[k])
          checkAgainstStatic(checks, values[k], staticSize, RuleID::ExpandE1,
                             describeShape(k), j);
        if (!dataSize)
          continue;
        if (ShapedType::isDynamic(*dataSize)) {
          Value dim = dimOf(i);
          inputDims[i] = {checkAgainstStatic(checks, dim, staticSize,
                                             RuleID::ExpandE1, describeInput(i),
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
        sizes[j] = emitBroadcastSizesCheck(
            checks, operands, RuleID::ExpandE1, j, [&](size_t n) {
              return n == 0 ? describeInput(i) : describeShape(k);
            });
        inputDims[i] = {DimMapping::Dynamic, j, checks.eq(dim, checks.i64(1))};
      }
    }
  }

  /// The result sizes: static where inferred or declared (a declared size
  /// checked at run time), else the run-time size.
  SmallVector<OpFoldResult> getResultSizes() {
    const Shape &resultShape = statics.inferred;
    ArrayRef<int64_t> declared = statics.declared;
    SmallVector<OpFoldResult> resultSizes;
    for (int64_t j = 0; j < rank; ++j) {
      if (!ShapedType::isDynamic(resultShape[j])) {
        resultSizes.push_back(rewriter.getIndexAttr(resultShape[j]));
        continue;
      }
      if (!ShapedType::isDynamic(declared[j])) {
        emitDeclaredSizeCheck(checks, sizes[j], declared[j], j,
                              RuleID::ExpandYShape);
        resultSizes.push_back(rewriter.getIndexAttr(declared[j]));
        continue;
      }
      resultSizes.push_back(checks.toIndex(sizes[j]));
    }
    return resultSizes;
  }

  ConversionPatternRewriter &rewriter;
  Location loc;
  Value data;
  Value shapeValue;
  const ExpandStatics &statics;
  ArrayRef<int64_t> dataShape;
  int64_t rankX;
  int64_t rank;
  int64_t length;
  bool lengthIsPadded;
  CheckBuilder checks;
  /// r - L when the shape is padded.
  Value padding;
  /// Value k of shape: static when known, else read at run time.
  SmallVector<std::optional<int64_t>> staticValues;
  SmallVector<Value> values;
  SmallVector<InputDim> inputDims;
  /// The run-time size of each result dimension whose size is not static.
  SmallVector<Value> sizes;
};

struct ExpandOpLowering : public OpConversionPattern<ExpandOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExpandOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported types");
    FailureOr<ExpandStatics> statics =
        getExpandStatics(op, resultType, rewriter);
    if (failed(statics))
      return failure();
    Value result = ExpandLowering(rewriter, op, adaptor, *statics).lower();
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

} // namespace

void mlir::sonnx::populateSONNXBroadcastOpsToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<BroadcastOpLowering, ExpandOpLowering>(typeConverter,
                                                      patterns.getContext());
}
