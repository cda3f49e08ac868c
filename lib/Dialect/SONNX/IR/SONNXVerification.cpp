//===- SONNXVerification.cpp - the rule sequence of each sonnx op ---------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Each verifyXxx function below checks the rules of its op in the order of
// the constraint catalogue, reports the first broken one through a Reporter
// (as an op error, at a location, or not at all), and on success lists the
// rules that only run time decides. The rules themselves are the pure
// functions of SONNXShapes.cpp.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"

#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::sonnx;

namespace {

/// Where the first broken rule goes: to an op as its error, to a location
/// under an op name, or nowhere.
class Reporter {
public:
  /// Reports nothing.
  Reporter() = default;
  /// Reports at `location`, when given, as an error of an op named `opName`.
  Reporter(std::optional<Location> location, StringRef opName)
      : location(location), opName(opName) {}
  /// Reports as an error of `op`, when `emit`.
  Reporter(Operation *op, bool emit) : op(emit ? op : nullptr) {}

  /// Reports `violation`; always a failure.
  LogicalResult operator()(const Violation &violation) const {
    if (op)
      (void)emitViolation(op, violation);
    else if (location) {
      InFlightDiagnostic diag = emitError(*location) << "'" << opName << "' op "
                                                     << violation.message;
      citeRule(diag, violation.rule);
    }
    return failure();
  }

  /// Reports operands or results that the op's ODS constraints rule out,
  /// which only callers passing components can reach; always a failure.
  LogicalResult internal(const llvm::Twine &message) const {
    if (op)
      (void)(op->emitOpError("internal error: ") << message);
    else if (location)
      (void)(emitError(*location)
             << "'" << opName << "' op internal error: " << message);
    return failure();
  }

private:
  Operation *op = nullptr;
  std::optional<Location> location;
  StringRef opName;
};

/// Collects the deferred rules of an op.
struct Deferred {
  OpVerification &verification;
  void operator()(bool condition, RuleID rule) {
    // Only a rule of the op can be deferred (its rows of SONNXRules.def): a
    // check of the code, not of any input.
    if (!verification.checks(rule))
      llvm::report_fatal_error("sonnx: deferred rule '" + getRuleText(rule) +
                               "' is not a rule of its op");
    if (condition)
      verification.deferredRules.push_back(rule);
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

/// Checks the element type of the data against the set of `op` (its
/// `*.types` rule) and the op's rule between the data and the result
/// (`*.type`, `broadcast.X.C1`): the result keeps the element type.
static LogicalResult verifyElementTypes(const Reporter &report, Type dataType,
                                        Type resultType, ProfileOp op,
                                        StringRef dataName = "",
                                        StringRef resultName = "result") {
  Type dataElt = getElementTypeOrSelf(dataType);
  const OpElementTypes &allowed = getOpElementTypes(op);
  if (!allowed.allows(dataElt))
    return report(Violation{
        allowed.getRule(),
        llvm::formatv("{0}element type {1} is not allowed for {2} by the "
                      "profile ({3})",
                      dataName.empty() ? "" : (dataName + " ").str(),
                      formatType(dataElt), allowed.name,
                      allowed.formatMLIRNames())
            .str()});
  Type resultElt = getElementTypeOrSelf(resultType);
  if (resultElt != dataElt)
    return report(
        Violation{*getOpRule(op, RuleRole::ResultElementType),
                  llvm::formatv("{0} element type {1} differs from {2} "
                                "element type {3}",
                                resultName, formatType(resultElt),
                                dataName.empty() ? "input" : dataName,
                                formatType(dataElt))
                      .str()});
  return success();
}

/// An operand of length 0 has no values to know, constant or not.
static ShapeOperand withKnownEmptyValues(ShapeOperand operand) {
  if (operand.length == 0 && !operand.values)
    operand.values.emplace();
  return operand;
}

/// Checks the type of the shape/axes operand `value` (`rule`, calling it by
/// its name in the row of the rule's op, SONNXProfileOps.def) and reads
/// what is known of it.
static Checked<ShapeOperand> readShapeOperand(Value value, RuleID rule) {
  StringRef name = getProfileOpInfo(getRuleInfo(rule).op).shapeOperandName;
  if (std::optional<Violation> v = checkShapeOperandType(value, rule, name))
    return *v;
  // The type check guarantees a ranked 1-D integer tensor.
  std::optional<ShapeOperand> operand = getShapeOperand(value);
  if (!operand)
    return Violation{rule, ("unreadable " + name).str()};
  return withKnownEmptyValues(*operand);
}

/// Checks the data and result types that the ODS constraints guarantee for
/// an op and returns the data shape.
static FailureOr<ArrayRef<int64_t>>
getDataShape(const Reporter &report, Type dataType, Type resultType) {
  auto data = dyn_cast<RankedTensorType>(dataType);
  if (!data || !isa<TensorType>(resultType))
    return report.internal("expects a ranked tensor input and a tensor "
                           "result");
  return data.getShape();
}

static bool hasStaticShape(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasStaticShape();
}

namespace {
/// What verifyInferredResult read and inferred.
struct InferredResult {
  ArrayRef<int64_t> dataShape;
  InferredShape shape;
};
} // namespace

/// The rules that reshape, unsqueeze and expand begin with, in catalogue
/// order: the element types (the `*.types` and `*.type` rules of `op`), the
/// type of the shape/axes operand (already checked in `operand`), the rules
/// that `infer` checks while inferring the result shape from the data shape,
/// and the declared result against the inferred shape (the op's ResultShape
/// rule).
static FailureOr<InferredResult> verifyInferredResult(
    const Reporter &report, Type dataType, Type resultType, ProfileOp op,
    const Checked<ShapeOperand> &operand,
    llvm::function_ref<Checked<InferredShape>(ArrayRef<int64_t>,
                                              const ShapeOperand &)>
        infer) {
  if (failed(verifyElementTypes(report, dataType, resultType, op)))
    return failure();
  FailureOr<ArrayRef<int64_t>> dataShape =
      getDataShape(report, dataType, resultType);
  if (failed(dataShape))
    return failure();
  if (!operand)
    return report(operand.violation());
  Checked<InferredShape> inferred = infer(*dataShape, *operand);
  if (!inferred)
    return report(inferred.violation());
  if (std::optional<Violation> v =
          checkDeclaredShape(resultType, *inferred,
                             *getOpRule(op, RuleRole::ResultShape), "result"))
    return report(*v);
  return InferredResult{*dataShape, std::move(*inferred)};
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

SymbolicReshape mlir::sonnx::getSymbolicReshape(ArrayRef<int64_t> dataShape,
                                                ArrayRef<int64_t> values,
                                                ArrayRef<int64_t> inferred,
                                                bool allowZero) {
  llvm::SmallVector<SymbolicSize> input = getSymbolicShape(dataShape);
  std::optional<size_t> minusOne;
  SymbolicReshape result;
  auto &sizes = result.sizes;
  sizes.resize(values.size());
  // The sizes other than the -1: a 0 copies the input size (inference has
  // checked that it lies within the rank), any other value is its size.
  llvm::SmallVector<SymbolicSize> others;
  for (auto [i, value] : llvm::enumerate(values)) {
    if (value == -1) {
      minusOne = i;
      continue;
    }
    sizes[i] =
        value == 0 && !allowZero ? input[i] : SymbolicSize::getConstant(value);
    others.push_back(*sizes[i]);
  }
  std::optional<SymbolicSize> inputCount = getSymbolicProduct(input);
  std::optional<SymbolicSize> othersCount = getSymbolicProduct(others);
  if (!minusOne) {
    result.countIsProved =
        inputCount && othersCount && *inputCount == *othersCount;
    return result;
  }
  // The -1: static when inference resolved it; otherwise the quotient of
  // the counts, when it is exact whatever the unknown sizes. Even then, a
  // copied unknown size may be 0 at run time, which leaves the -1
  // uninferable: reshape.count is not proved.
  size_t m = *minusOne;
  if (!ShapedType::isDynamic(inferred[m]))
    sizes[m] = SymbolicSize::getConstant(inferred[m]);
  else if (inputCount && othersCount)
    sizes[m] = inputCount->dividedBy(*othersCount);
  return result;
}

static FailureOr<OpVerification>
verifyReshape(const Reporter &report, Type dataType,
              const Checked<ShapeOperand> &shape, bool allowZero,
              Type resultType) {
  FailureOr<InferredResult> verified = verifyInferredResult(
      report, dataType, resultType, ProfileOp::Reshape, shape,
      [&](ArrayRef<int64_t> dataShape, const ShapeOperand &values) {
        return inferReshapeShape(dataShape, values, allowZero);
      });
  if (failed(verified))
    return failure();
  ArrayRef<int64_t> dataShape = verified->dataShape;
  InferredShape &inferred = verified->shape;
  // The declared result may be more static than the shape values tell (they
  // may be known only at run time); with what inference adds, it must still
  // keep the element count.
  InferredShape declared = refineShape(cast<TensorType>(resultType), inferred);
  if (declared)
    if (std::optional<Violation> v = checkDeclaredElementCount(
            dataShape, *declared, RuleID::ReshapeCount, "result"))
      return report(*v);

  bool knownValues = shape->hasKnownValues();
  // Only a shape without -1 can prove the count of an input with unknown
  // sizes; the folds verify often, so the others skip the symbolic sizes.
  bool countIsProved =
      !ShapedType::isDynamicShape(dataShape) ||
      (knownValues && !llvm::is_contained(*shape->values, -1) &&
       getSymbolicReshape(dataShape, *shape->values, *inferred, allowZero)
           .countIsProved);
  int64_t rankX = static_cast<int64_t>(dataShape.size());
  bool declaresMore = !declaresNoMoreThan(resultType, inferred);

  OpVerification result;
  result.rules = getOpRuleInfos(ProfileOp::Reshape);
  result.resultShapes.push_back(std::move(inferred));
  result.shapeOperand = *shape;
  Deferred defer{result};
  defer(!knownValues, RuleID::ReshapeSBelow);
  defer(!knownValues, RuleID::ReshapeSMinus1);
  defer(!knownValues && !allowZero &&
            (!shape->hasKnownLength() || shape->length > rankX),
        RuleID::ReshapeSZeroIndex);
  defer(!knownValues && allowZero, RuleID::ReshapeAllowzeroMinus1);
  defer(!knownValues || !countIsProved, RuleID::ReshapeCount);
  defer(declaresMore, RuleID::ReshapeYShape);
  return result;
}

FailureOr<OpVerification>
mlir::sonnx::verifyReshapeOp(std::optional<Location> location, Type dataType,
                             Value shape, bool allowZero, Type resultType) {
  return verifyReshape(Reporter(location, ReshapeOp::getOperationName()),
                       dataType, readShapeOperand(shape, RuleID::ReshapeSRank),
                       allowZero, resultType);
}

FailureOr<OpVerification>
mlir::sonnx::verifyReshapeOp(std::optional<Location> location, Type dataType,
                             const ShapeOperand &shape, bool allowZero,
                             Type resultType) {
  return verifyReshape(Reporter(location, ReshapeOp::getOperationName()),
                       dataType, withKnownEmptyValues(shape), allowZero,
                       resultType);
}

FailureOr<OpVerification> mlir::sonnx::verifyReshapeOp(ReshapeOp op,
                                                       bool emitErrors) {
  return verifyReshape(Reporter(op, emitErrors), op.getData().getType(),
                       readShapeOperand(op.getShape(), RuleID::ReshapeSRank),
                       op.isAllowZero(), op.getType());
}

//===----------------------------------------------------------------------===//
// Unsqueeze
//===----------------------------------------------------------------------===//

static FailureOr<OpVerification>
verifyUnsqueeze(const Reporter &report, Type dataType,
                const Checked<ShapeOperand> &axes, Type resultType) {
  FailureOr<InferredResult> verified =
      verifyInferredResult(report, dataType, resultType, ProfileOp::Unsqueeze,
                           axes, inferUnsqueezeShape);
  if (failed(verified))
    return failure();
  // With run-time axes, a static declared result must still be the input
  // shape with 1s inserted.
  if (std::optional<Violation> v =
          checkDeclaredUnsqueeze(verified->dataShape, resultType, "result"))
    return report(*v);

  bool declaresMore = !declaresNoMoreThan(resultType, verified->shape);
  OpVerification result;
  result.rules = getOpRuleInfos(ProfileOp::Unsqueeze);
  result.resultShapes.push_back(std::move(verified->shape));
  result.shapeOperand = *axes;
  Deferred defer{result};
  defer(!axes->hasKnownValues(), RuleID::UnsqueezeAC1);
  defer(!axes->hasKnownValues(), RuleID::UnsqueezeAC2);
  defer(declaresMore, RuleID::UnsqueezeYC1);
  return result;
}

FailureOr<OpVerification>
mlir::sonnx::verifyUnsqueezeOp(std::optional<Location> location, Type dataType,
                               Value axes, Type resultType) {
  return verifyUnsqueeze(
      Reporter(location, UnsqueezeOp::getOperationName()), dataType,
      readShapeOperand(axes, RuleID::UnsqueezeARank), resultType);
}

FailureOr<OpVerification>
mlir::sonnx::verifyUnsqueezeOp(std::optional<Location> location, Type dataType,
                               const ShapeOperand &axes, Type resultType) {
  return verifyUnsqueeze(Reporter(location, UnsqueezeOp::getOperationName()),
                         dataType, withKnownEmptyValues(axes), resultType);
}

FailureOr<OpVerification> mlir::sonnx::verifyUnsqueezeOp(UnsqueezeOp op,
                                                         bool emitErrors) {
  return verifyUnsqueeze(Reporter(op, emitErrors), op.getData().getType(),
                         readShapeOperand(op.getAxes(), RuleID::UnsqueezeARank),
                         op.getType());
}

//===----------------------------------------------------------------------===//
// Flatten
//===----------------------------------------------------------------------===//

/// Whether the product of `sizes` may overflow int64 at run time: it is
/// unknown (some size is, none is 0) and has at least two factors other
/// than 1.
static bool mayOverflowAtRunTime(ArrayRef<int64_t> sizes) {
  Checked<int64_t> count = getElementCount(sizes, RuleID::FlattenYC1);
  return count && *count == kUnknown &&
         llvm::count_if(sizes, [](int64_t size) { return size != 1; }) >= 2;
}

static FailureOr<OpVerification> verifyFlatten(const Reporter &report,
                                               Type dataType, int64_t axis,
                                               Type resultType) {
  if (failed(
          verifyElementTypes(report, dataType, resultType, ProfileOp::Flatten)))
    return failure();
  FailureOr<ArrayRef<int64_t>> dataShape =
      getDataShape(report, dataType, resultType);
  if (failed(dataShape))
    return failure();
  Checked<Shape> checkedShape = inferFlattenShape(*dataShape, axis);
  if (!checkedShape)
    return report(checkedShape.violation());
  // Built once: the checks read it and the verification keeps it.
  InferredShape inferred(std::move(*checkedShape));
  if (std::optional<Violation> v = checkDeclaredShape(
          resultType, inferred, RuleID::FlattenYC1, "result"))
    return report(*v);
  // A declared size where inference has none must still be a possible
  // product of the input sizes.
  if (std::optional<Violation> v =
          checkDeclaredFlatten(*dataShape, axis, resultType, "result"))
    return report(*v);

  OpVerification result;
  result.rules = getOpRuleInfos(ProfileOp::Flatten);
  // inferFlattenShape has normalised the axis successfully.
  int64_t norm =
      *normalizeFlattenAxis(axis, static_cast<int64_t>(dataShape->size()));
  bool declaresMore = !declaresNoMoreThan(resultType, inferred);
  result.resultShapes.push_back(std::move(inferred));
  Deferred defer{result};
  defer(declaresMore || mayOverflowAtRunTime(dataShape->take_front(norm)) ||
            mayOverflowAtRunTime(dataShape->drop_front(norm)),
        RuleID::FlattenYC1);
  return result;
}

FailureOr<OpVerification>
mlir::sonnx::verifyFlattenOp(std::optional<Location> location, Type dataType,
                             int64_t axis, Type resultType) {
  return verifyFlatten(Reporter(location, FlattenOp::getOperationName()),
                       dataType, axis, resultType);
}

FailureOr<OpVerification> mlir::sonnx::verifyFlattenOp(FlattenOp op,
                                                       bool emitErrors) {
  return verifyFlatten(Reporter(op, emitErrors), op.getData().getType(),
                       op.getAxis(), op.getType());
}

//===----------------------------------------------------------------------===//
// Broadcast
//===----------------------------------------------------------------------===//

static std::string describeInput(unsigned m) {
  return llvm::formatv("input #{0}", m).str();
}

static std::string describeResult(unsigned m) {
  return llvm::formatv("result #{0}", m).str();
}

static FailureOr<OpVerification> verifyBroadcast(const Reporter &report,
                                                 TypeRange inputTypes,
                                                 TypeRange resultTypes) {
  if (inputTypes.empty())
    return report(Violation{RuleID::BroadcastArity,
                            "expects at least one input, got none"});
  if (inputTypes.size() != resultTypes.size())
    return report(Violation{
        RuleID::BroadcastArity,
        llvm::formatv("expects one result per input, got {0} inputs and {1} "
                      "results",
                      inputTypes.size(), resultTypes.size())
            .str()});
  for (auto [m, pair] :
       llvm::enumerate(llvm::zip_equal(inputTypes, resultTypes))) {
    auto [input, output] = pair;
    if (failed(verifyElementTypes(report, input, output, ProfileOp::Broadcast,
                                  describeInput(m), describeResult(m))))
      return failure();
  }
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type input : inputTypes) {
    auto ranked = dyn_cast<RankedTensorType>(input);
    if (!ranked)
      return report.internal("unranked input");
    shapes.push_back(ranked.getShape());
  }
  Checked<Shape> checkedShape =
      broadcastShapes(shapes, RuleID::BroadcastE1, describeInput);
  if (!checkedShape)
    return report(checkedShape.violation());
  InferredShape shape(std::move(*checkedShape));
  for (auto [m, output] : llvm::enumerate(resultTypes)) {
    if (std::optional<Violation> v = checkDeclaredShape(
            output, shape, RuleID::BroadcastZShape, describeResult(m)))
      return report(*v);
  }
  // All results have one shape: sizes that inference leaves unknown must
  // still be declared alike.
  if (std::optional<Violation> v =
          checkDeclaredResultsAgree(resultTypes, RuleID::BroadcastZShape))
    return report(*v);

  OpVerification result;
  result.rules = getOpRuleInfos(ProfileOp::Broadcast);
  bool declaresMore = llvm::any_of(resultTypes, [&](Type output) {
    return !declaresNoMoreThan(output, shape);
  });
  result.resultShapes.assign(resultTypes.size(), shape);
  Deferred defer{result};
  defer(!llvm::all_of(inputTypes, hasStaticShape), RuleID::BroadcastE1);
  defer(declaresMore, RuleID::BroadcastZShape);
  return result;
}

FailureOr<OpVerification>
mlir::sonnx::verifyBroadcastOp(std::optional<Location> location,
                               TypeRange inputTypes, TypeRange resultTypes) {
  return verifyBroadcast(Reporter(location, BroadcastOp::getOperationName()),
                         inputTypes, resultTypes);
}

FailureOr<OpVerification> mlir::sonnx::verifyBroadcastOp(BroadcastOp op,
                                                         bool emitErrors) {
  return verifyBroadcast(Reporter(op, emitErrors), op.getInputs().getTypes(),
                         op.getOutputs().getTypes());
}

//===----------------------------------------------------------------------===//
// Expand
//===----------------------------------------------------------------------===//

static FailureOr<OpVerification>
verifyExpand(const Reporter &report, Type dataType,
             const Checked<ShapeOperand> &shape,
             std::optional<ArrayRef<int64_t>> mapping, Type resultType) {
  FailureOr<InferredResult> verified = verifyInferredResult(
      report, dataType, resultType, ProfileOp::Expand, shape,
      [&](ArrayRef<int64_t> dataShape, const ShapeOperand &values) {
        return inferExpandShape(dataShape, values, mapping);
      });
  if (failed(verified))
    return failure();
  ArrayRef<int64_t> dataShape = verified->dataShape;
  InferredShape &inferred = verified->shape;

  // A shape of dynamic length: a ranked result says how long it is whenever
  // the rank determines it (always with axes_mapping; otherwise when the
  // result rank exceeds the input rank), and the rules apply to that length.
  auto declared = dyn_cast<RankedTensorType>(resultType);
  int64_t rankX = static_cast<int64_t>(dataShape.size());
  if (!shape->hasKnownLength() && declared) {
    if (!mapping)
      if (std::optional<Violation> v = checkDeclaredRankAtLeast(
              rankX, declared, RuleID::ExpandYShape, "result"))
        return report(*v);
    if (mapping || declared.getRank() != rankX) {
      ShapeOperand fixedLength;
      fixedLength.length = declared.getRank();
      Checked<InferredShape> fixed =
          inferExpandShape(dataShape, fixedLength, mapping);
      if (!fixed)
        return report(fixed.violation());
      if (std::optional<Violation> v = checkDeclaredShape(
              declared, *fixed, RuleID::ExpandYShape, "result"))
        return report(*v);
    }
  }

  OpVerification result;
  result.rules = getOpRuleInfos(ProfileOp::Expand);
  bool declaresMore = !declaresNoMoreThan(resultType, inferred);
  result.resultShapes.push_back(std::move(inferred));
  result.shapeOperand = *shape;
  bool knownValues = shape->hasKnownValues();
  bool sizesDecided = knownValues && !ShapedType::isDynamicShape(dataShape);
  Deferred defer{result};
  defer(!knownValues, RuleID::ExpandSNegative);
  defer(!mapping && !sizesDecided, RuleID::ExpandE1);
  defer(declaresMore, RuleID::ExpandYShape);
  defer(mapping && !sizesDecided, RuleID::ExpandAxesMapping);
  return result;
}

FailureOr<OpVerification> mlir::sonnx::verifyExpandOp(
    std::optional<Location> location, Type dataType, Value shape,
    std::optional<ArrayRef<int64_t>> axesMapping, Type resultType) {
  return verifyExpand(Reporter(location, ExpandOp::getOperationName()),
                      dataType, readShapeOperand(shape, RuleID::ExpandSRank),
                      axesMapping, resultType);
}

FailureOr<OpVerification> mlir::sonnx::verifyExpandOp(
    std::optional<Location> location, Type dataType, const ShapeOperand &shape,
    std::optional<ArrayRef<int64_t>> axesMapping, Type resultType) {
  return verifyExpand(Reporter(location, ExpandOp::getOperationName()),
                      dataType, withKnownEmptyValues(shape), axesMapping,
                      resultType);
}

FailureOr<OpVerification> mlir::sonnx::verifyExpandOp(ExpandOp op,
                                                      bool emitErrors) {
  std::optional<ArrayRef<int64_t>> mapping;
  if (DenseI64ArrayAttr attr = op.getAxesMappingAttr())
    mapping = attr.asArrayRef();
  return verifyExpand(Reporter(op, emitErrors), op.getData().getType(),
                      readShapeOperand(op.getShape(), RuleID::ExpandSRank),
                      mapping, op.getType());
}

//===----------------------------------------------------------------------===//
// Per op, on another data type (ProfileOpInterface::verifyRulesOnData)
//===----------------------------------------------------------------------===//

FailureOr<OpVerification> ReshapeOp::verifyRulesOnData(Type dataType) {
  return verifyReshapeOp(std::nullopt, dataType, getShape(), isAllowZero(),
                         getType());
}

FailureOr<OpVerification> UnsqueezeOp::verifyRulesOnData(Type dataType) {
  return verifyUnsqueezeOp(std::nullopt, dataType, getAxes(), getType());
}

FailureOr<OpVerification> FlattenOp::verifyRulesOnData(Type dataType) {
  return verifyFlattenOp(std::nullopt, dataType, getAxis(), getType());
}

FailureOr<OpVerification> BroadcastOp::verifyRulesOnData(Type) {
  // One data operand per result: no single data type to replace.
  return failure();
}

FailureOr<OpVerification> ExpandOp::verifyRulesOnData(Type dataType) {
  std::optional<ArrayRef<int64_t>> mapping;
  if (DenseI64ArrayAttr attr = getAxesMappingAttr())
    mapping = attr.asArrayRef();
  return verifyExpandOp(std::nullopt, dataType, getShape(), mapping, getType());
}

//===----------------------------------------------------------------------===//
// Any sonnx op
//===----------------------------------------------------------------------===//

FailureOr<OpVerification> mlir::sonnx::verifySONNXOp(Operation *op,
                                                     bool emitErrors) {
  if (auto profileOp = dyn_cast<ProfileOpInterface>(op))
    return profileOp.verifyRules(emitErrors);
  return failure();
}

Speculation::Speculatability
mlir::sonnx::getSONNXSpeculatability(Operation *op) {
  FailureOr<OpVerification> verified = verifySONNXOp(op);
  if (failed(verified) || !verified->isDecided())
    return Speculation::NotSpeculatable;
  // Deciding every rule is what makes speculation safe. The further
  // conditions are those of the earlier definition, kept so that exactly
  // the same ops are hoisted (test/Dialect/SONNX/speculation.mlir): a
  // flatten or unsqueeze of a dynamic input decides its rules but is not
  // speculated, nor is an op with a less static declared result or a shape
  // operand of length 0 that is not a constant.
  if (!llvm::all_of(op->getOperandTypes(), hasStaticShape) ||
      !llvm::all_of(op->getResultTypes(), hasStaticShape))
    return Speculation::NotSpeculatable;
  if (verified->shapeOperand && !matchPattern(op->getOperand(1), m_Constant()))
    return Speculation::NotSpeculatable;
  return Speculation::Speculatable;
}
