//===- SONNXOps.cpp - sonnx op builders and verifiers ---------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Each verifier checks the rules of its op in the order of the constraint
// catalogue and emits one diagnostic, citing the ID, for the first broken
// rule. The shape rules themselves live in SONNXShapes.cpp.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Shared verifier helpers
//===----------------------------------------------------------------------===//

/// Prints a type for a diagnostic, quoted as MLIR diagnostics quote types.
static std::string fmtType(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "'" << type << "'";
  return str;
}

/// Checks profile.types for `value` and the `*.type` rule between the data
/// operand and the result: the result keeps the element type of the data.
static LogicalResult verifyElementTypes(Operation *op, Value data,
                                        Value result, StringRef typeRule,
                                        bool allowComplex,
                                        StringRef dataName = "input",
                                        StringRef resultName = "result") {
  Type dataElt = getElementTypeOrSelf(data.getType());
  if (!isProfileElementType(dataElt, allowComplex))
    return emitViolation(
        op, Violation{"profile.types",
                      llvm::formatv("{0} element type {1} is not an element "
                                    "type of the profile",
                                    dataName, fmtType(dataElt))
                          .str()});
  Type resultElt = getElementTypeOrSelf(result.getType());
  if (resultElt != dataElt)
    return emitViolation(
        op, Violation{typeRule.str(),
                      llvm::formatv("{0} element type {1} differs from {2} "
                                    "element type {3}",
                                    resultName, fmtType(resultElt), dataName,
                                    fmtType(dataElt))
                          .str()});
  return success();
}

/// What verifyInferredResult read and inferred, for the op's further checks.
struct VerifiedResult {
  ShapeOperand operand;
  InferredShape shape;
};

/// Checks a shape/axes operand's type, reads what is known of its values,
/// infers the result shape with `infer`, and checks the declared result type
/// against it. Every violation becomes an op error.
static FailureOr<VerifiedResult> verifyInferredResult(
    Operation *op, Value shapeOperand, StringRef operandRule,
    StringRef operandName, StringRef shapeRule,
    llvm::function_ref<Checked<InferredShape>(const ShapeOperand &)> infer) {
  if (std::optional<Violation> v =
          checkShapeOperandType(shapeOperand, operandRule, operandName))
    return emitViolation(op, *v);
  // The type check above guarantees a 1-D integer tensor.
  std::optional<ShapeOperand> operand = getShapeOperand(shapeOperand);
  if (!operand)
    return op->emitOpError("internal error: unreadable ") << operandName;
  Checked<InferredShape> inferred = infer(*operand);
  if (!inferred)
    return emitViolation(op, inferred.violation());
  if (std::optional<Violation> v = checkDeclaredShape(
          op->getResult(0).getType(), *inferred, shapeRule, "result"))
    return emitViolation(op, *v);
  return VerifiedResult{std::move(*operand), *inferred};
}

/// The result type that a builder gives an op: the inferred one, or, when the
/// operands break a rule, the least specific one so that the verifier reports
/// the violation.
static TensorType builderResultType(const Checked<InferredShape> &inferred,
                                    Type elementType) {
  return getInferredTensorType(inferred ? *inferred : InferredShape(),
                               elementType);
}

/// The shape of a data operand given to a builder, which may be handed any
/// value: std::nullopt unless it is a ranked tensor (the verifier then
/// reports the operand).
static std::optional<ArrayRef<int64_t>> builderDataShape(Value data) {
  if (auto type = dyn_cast<RankedTensorType>(data.getType()))
    return type.getShape();
  return std::nullopt;
}

/// What a builder knows of a shape/axes operand.
static ShapeOperand builderShapeOperand(Value value) {
  return getShapeOperand(value).value_or(ShapeOperand());
}

/// Whether the verifier decided every rule of `op` at compile time: all
/// operand and result types are static and every shape/axes operand is a
/// constant. Only then does the lowering need no run-time check that could
/// abort, and the op may be speculated.
static Speculation::Speculatability
getStaticSpeculatability(Operation *op, ValueRange shapeOperands) {
  auto isStatic = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasStaticShape();
  };
  if (!llvm::all_of(op->getOperandTypes(), isStatic) ||
      !llvm::all_of(op->getResultTypes(), isStatic))
    return Speculation::NotSpeculatable;
  for (Value operand : shapeOperands) {
    std::optional<ShapeOperand> known = getShapeOperand(operand);
    if (!known || !known->hasKnownValues())
      return Speculation::NotSpeculatable;
  }
  return Speculation::Speculatable;
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

void ReshapeOp::build(OpBuilder &builder, OperationState &state, Value data,
                      Value shape, IntegerAttr allowzero) {
  bool allowZero = allowzero && allowzero.getInt() != 0;
  Checked<InferredShape> inferred =
      builderDataShape(data)
          ? inferReshapeShape(*builderDataShape(data),
                              builderShapeOperand(shape), allowZero)
          : Checked<InferredShape>(InferredShape());
  build(builder, state,
        builderResultType(inferred, getElementTypeOrSelf(data.getType())),
        data, shape, allowzero);
}

Speculation::Speculatability ReshapeOp::getSpeculatability() {
  return getStaticSpeculatability(*this, getShape());
}

LogicalResult ReshapeOp::verify() {
  if (failed(verifyElementTypes(*this, getData(), getReshaped(),
                                "reshape.type", /*allowComplex=*/true)))
    return failure();
  ArrayRef<int64_t> dataShape = getData().getType().getShape();
  bool allowZero = isAllowZero();
  FailureOr<VerifiedResult> verified = verifyInferredResult(
      *this, getShape(), "reshape.S.rank", "shape", "reshape.Y.shape",
      [&](const ShapeOperand &s) {
        return inferReshapeShape(dataShape, s, allowZero);
      });
  if (failed(verified))
    return failure();
  // The declared result may be more static than the shape values tell (they
  // may be known only at run time); with what inference adds, it must still
  // keep the element count.
  Type declared = refineTensorType(cast<TensorType>(getReshaped().getType()),
                                   verified->shape);
  if (std::optional<Violation> v = checkDeclaredElementCount(
          dataShape, declared, "reshape.count", "result"))
    return emitViolation(*this, *v);
  return success();
}

//===----------------------------------------------------------------------===//
// UnsqueezeOp
//===----------------------------------------------------------------------===//

void UnsqueezeOp::build(OpBuilder &builder, OperationState &state, Value data,
                        Value axes) {
  Checked<InferredShape> inferred =
      builderDataShape(data)
          ? inferUnsqueezeShape(*builderDataShape(data),
                                builderShapeOperand(axes))
          : Checked<InferredShape>(InferredShape());
  build(builder, state,
        builderResultType(inferred, getElementTypeOrSelf(data.getType())),
        data, axes);
}

Speculation::Speculatability UnsqueezeOp::getSpeculatability() {
  return getStaticSpeculatability(*this, getAxes());
}

LogicalResult UnsqueezeOp::verify() {
  if (failed(verifyElementTypes(*this, getData(), getExpanded(),
                                "unsqueeze.type", /*allowComplex=*/false)))
    return failure();
  ArrayRef<int64_t> dataShape = getData().getType().getShape();
  if (failed(verifyInferredResult(*this, getAxes(), "unsqueeze.A.rank", "axes",
                                  "unsqueeze.Y.C1", [&](const ShapeOperand &a) {
                                    return inferUnsqueezeShape(dataShape, a);
                                  })))
    return failure();
  // With run-time axes, a static declared result must still be the input
  // shape with 1s inserted.
  if (std::optional<Violation> v =
          checkDeclaredUnsqueeze(dataShape, getExpanded().getType(), "result"))
    return emitViolation(*this, *v);
  return success();
}

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

void FlattenOp::build(OpBuilder &builder, OperationState &state, Value data,
                      int64_t axis) {
  InferredShape shape = Shape(2, kUnknown);
  if (std::optional<ArrayRef<int64_t>> dataShape = builderDataShape(data))
    if (Checked<Shape> inferred = inferFlattenShape(*dataShape, axis))
      shape = *inferred;
  build(builder, state,
        getInferredTensorType(shape, getElementTypeOrSelf(data.getType())),
        data, builder.getI64IntegerAttr(axis));
}

Speculation::Speculatability FlattenOp::getSpeculatability() {
  return getStaticSpeculatability(*this, {});
}

LogicalResult FlattenOp::verify() {
  if (failed(verifyElementTypes(*this, getData(), getOutput(), "flatten.type",
                                /*allowComplex=*/false)))
    return failure();
  ArrayRef<int64_t> dataShape = getData().getType().getShape();
  Checked<Shape> inferred = inferFlattenShape(dataShape, getAxis());
  if (!inferred)
    return emitViolation(*this, inferred.violation());
  if (std::optional<Violation> v = checkDeclaredShape(
          getOutput().getType(), InferredShape(*inferred), "flatten.Y.C1",
          "result"))
    return emitViolation(*this, *v);
  // A declared size where inference has none must still be a possible
  // product of the input sizes.
  if (std::optional<Violation> v = checkDeclaredFlatten(
          dataShape, getAxis(), getOutput().getType(), "result"))
    return emitViolation(*this, *v);
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

/// The shapes of the broadcast inputs.
static std::optional<SmallVector<ArrayRef<int64_t>>>
getInputShapes(ValueRange inputs) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value input : inputs) {
    std::optional<ArrayRef<int64_t>> shape = builderDataShape(input);
    if (!shape)
      return std::nullopt;
    shapes.push_back(*shape);
  }
  return shapes;
}

static std::string describeInput(unsigned m) {
  return llvm::formatv("input #{0}", m).str();
}

void BroadcastOp::build(OpBuilder &builder, OperationState &state,
                        ValueRange inputs) {
  std::optional<SmallVector<ArrayRef<int64_t>>> shapes = getInputShapes(inputs);
  Checked<Shape> shape =
      shapes ? broadcastShapes(*shapes, "broadcast.E1", describeInput)
             : Checked<Shape>(Violation{"broadcast.E1", "unranked input"});
  SmallVector<Type> resultTypes;
  for (Value input : inputs) {
    Type elementType = getElementTypeOrSelf(input.getType());
    resultTypes.push_back(
        shape ? Type(RankedTensorType::get(*shape, elementType))
              : Type(UnrankedTensorType::get(elementType)));
  }
  build(builder, state, resultTypes, inputs);
}

Speculation::Speculatability BroadcastOp::getSpeculatability() {
  return getStaticSpeculatability(*this, {});
}

LogicalResult BroadcastOp::verify() {
  if (getInputs().empty())
    return emitViolation(*this,
                         Violation{"broadcast.arity",
                                   "expects at least one input, got none"});
  if (getInputs().size() != getOutputs().size())
    return emitViolation(
        *this, Violation{"broadcast.arity",
                         llvm::formatv("expects one result per input, got {0} "
                                       "inputs and {1} results",
                                       getInputs().size(), getOutputs().size())
                             .str()});
  for (auto [m, pair] :
       llvm::enumerate(llvm::zip_equal(getInputs(), getOutputs()))) {
    auto [input, output] = pair;
    if (failed(verifyElementTypes(*this, input, output, "broadcast.X.C1",
                                  /*allowComplex=*/false, describeInput(m),
                                  llvm::formatv("result #{0}", m).str())))
      return failure();
  }
  // The ODS constraints guarantee ranked inputs here.
  std::optional<SmallVector<ArrayRef<int64_t>>> shapes =
      getInputShapes(getInputs());
  if (!shapes)
    return emitOpError("internal error: unranked input");
  Checked<Shape> shape = broadcastShapes(*shapes, "broadcast.E1", describeInput);
  if (!shape)
    return emitViolation(*this, shape.violation());
  for (auto [m, output] : llvm::enumerate(getOutputs())) {
    if (std::optional<Violation> v = checkDeclaredShape(
            output.getType(), InferredShape(*shape), "broadcast.Z.shape",
            llvm::formatv("result #{0}", m).str()))
      return emitViolation(*this, *v);
  }
  // All results have one shape: sizes that inference leaves unknown must
  // still be declared alike.
  if (std::optional<Violation> v = checkDeclaredResultsAgree(
          getOutputs().getTypes(), "broadcast.Z.shape"))
    return emitViolation(*this, *v);
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandOp
//===----------------------------------------------------------------------===//

/// The axes mapping of an expand op as an optional array.
static std::optional<ArrayRef<int64_t>>
getMapping(DenseI64ArrayAttr axesMapping) {
  if (!axesMapping)
    return std::nullopt;
  return axesMapping.asArrayRef();
}

void ExpandOp::build(OpBuilder &builder, OperationState &state, Value data,
                     Value shape, DenseI64ArrayAttr axesMapping) {
  Checked<InferredShape> inferred =
      builderDataShape(data)
          ? inferExpandShape(*builderDataShape(data),
                             builderShapeOperand(shape),
                             getMapping(axesMapping))
          : Checked<InferredShape>(InferredShape());
  build(builder, state,
        builderResultType(inferred, getElementTypeOrSelf(data.getType())),
        data, shape, axesMapping);
}

Speculation::Speculatability ExpandOp::getSpeculatability() {
  return getStaticSpeculatability(*this, getShape());
}

LogicalResult ExpandOp::verify() {
  if (failed(verifyElementTypes(*this, getData(), getOutput(), "expand.type",
                                /*allowComplex=*/false)))
    return failure();
  ArrayRef<int64_t> dataShape = getData().getType().getShape();
  std::optional<ArrayRef<int64_t>> mapping = getMapping(getAxesMappingAttr());
  FailureOr<VerifiedResult> verified = verifyInferredResult(
      *this, getShape(), "expand.S.rank", "shape", "expand.Y.shape",
      [&](const ShapeOperand &s) {
        return inferExpandShape(dataShape, s, mapping);
      });
  if (failed(verified))
    return failure();

  // A shape of dynamic length: a ranked result says how long it is whenever
  // the rank determines it (always with axes_mapping; otherwise when the
  // result rank exceeds the input rank), and the rules apply to that length.
  auto declared = dyn_cast<RankedTensorType>(getOutput().getType());
  if (verified->operand.hasKnownLength() || !declared)
    return success();
  int64_t rankX = static_cast<int64_t>(dataShape.size());
  if (!mapping) {
    if (std::optional<Violation> v = checkDeclaredRankAtLeast(
            rankX, declared, "expand.Y.shape", "result"))
      return emitViolation(*this, *v);
    if (declared.getRank() == rankX)
      return success();
  }
  ShapeOperand fixedLength;
  fixedLength.length = declared.getRank();
  Checked<InferredShape> inferred =
      inferExpandShape(dataShape, fixedLength, mapping);
  if (!inferred)
    return emitViolation(*this, inferred.violation());
  if (std::optional<Violation> v = checkDeclaredShape(
          declared, *inferred, "expand.Y.shape", "result"))
    return emitViolation(*this, *v);
  return success();
}

#define GET_OP_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOps.cpp.inc"
