//===- SONNXOps.cpp - sonnx op builders and verifiers ---------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The verifier, builder and speculatability of each op are one call each to
// the op's rule sequence in SONNXVerification.cpp, which checks the rules in
// the order of the constraint catalogue and emits one diagnostic, citing the
// ID, for the first broken rule.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// The declared result a builder verifies its operands against: the least
/// specific tensor of `value`'s element type, which every inferred shape
/// agrees with.
static Type getUnrankedResultType(Value value) {
  return UnrankedTensorType::get(getElementTypeOrSelf(value.getType()));
}

/// The result type that a builder gives an op: the inferred one, or, when the
/// operands break a rule, `fallback` (the least specific one) so that the
/// verifier reports the violation.
static TensorType
getBuilderResultType(const FailureOr<OpVerification> &verified,
                     Type elementType,
                     const InferredShape &fallback = std::nullopt) {
  return getInferredTensorType(
      succeeded(verified) ? verified->resultShapes.front() : fallback,
      elementType);
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

void ReshapeOp::build(OpBuilder &builder, OperationState &state, Value data,
                      Value shape, IntegerAttr allowzero) {
  bool allowZero = allowzero && allowzero.getInt() != 0;
  FailureOr<OpVerification> verified =
      verifyReshapeOp(std::nullopt, data.getType(), shape, allowZero,
                      getUnrankedResultType(data));
  build(builder, state,
        getBuilderResultType(verified, getElementTypeOrSelf(data.getType())),
        data, shape, allowzero);
}

//===----------------------------------------------------------------------===//
// UnsqueezeOp
//===----------------------------------------------------------------------===//

void UnsqueezeOp::build(OpBuilder &builder, OperationState &state, Value data,
                        Value axes) {
  FailureOr<OpVerification> verified = verifyUnsqueezeOp(
      std::nullopt, data.getType(), axes, getUnrankedResultType(data));
  build(builder, state,
        getBuilderResultType(verified, getElementTypeOrSelf(data.getType())),
        data, axes);
}

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

void FlattenOp::build(OpBuilder &builder, OperationState &state, Value data,
                      int64_t axis) {
  FailureOr<OpVerification> verified = verifyFlattenOp(
      std::nullopt, data.getType(), axis, getUnrankedResultType(data));
  build(builder, state,
        getBuilderResultType(verified, getElementTypeOrSelf(data.getType()),
                             Shape(2, kUnknown)),
        data, builder.getI64IntegerAttr(axis));
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

void BroadcastOp::build(OpBuilder &builder, OperationState &state,
                        ValueRange inputs) {
  SmallVector<Type> unranked =
      llvm::map_to_vector(inputs, getUnrankedResultType);
  FailureOr<OpVerification> verified =
      verifyBroadcastOp(std::nullopt, inputs.getTypes(), unranked);
  SmallVector<Type> resultTypes;
  for (Value input : inputs)
    resultTypes.push_back(
        getBuilderResultType(verified, getElementTypeOrSelf(input.getType())));
  build(builder, state, resultTypes, inputs);
}

//===----------------------------------------------------------------------===//
// ExpandOp
//===----------------------------------------------------------------------===//

void ExpandOp::build(OpBuilder &builder, OperationState &state, Value data,
                     Value shape, DenseI64ArrayAttr axesMapping) {
  std::optional<ArrayRef<int64_t>> mapping;
  if (axesMapping)
    mapping = axesMapping.asArrayRef();
  FailureOr<OpVerification> verified =
      verifyExpandOp(std::nullopt, data.getType(), shape, mapping,
                     getUnrankedResultType(data));
  build(builder, state,
        getBuilderResultType(verified, getElementTypeOrSelf(data.getType())),
        data, shape, axesMapping);
}

//===----------------------------------------------------------------------===//
// ProfileOpInterface
//===----------------------------------------------------------------------===//

Value ReshapeOp::getSourceOf(unsigned) { return getData(); }
Value UnsqueezeOp::getSourceOf(unsigned) { return getData(); }
Value FlattenOp::getSourceOf(unsigned) { return getData(); }
Value BroadcastOp::getSourceOf(unsigned resultNumber) {
  return getInputs()[resultNumber];
}
Value ExpandOp::getSourceOf(unsigned) { return getData(); }

std::optional<ArrayRef<int64_t>> ReshapeOp::getSourceAxesMapping() {
  return std::nullopt;
}
std::optional<ArrayRef<int64_t>> UnsqueezeOp::getSourceAxesMapping() {
  return std::nullopt;
}
std::optional<ArrayRef<int64_t>> FlattenOp::getSourceAxesMapping() {
  return std::nullopt;
}
std::optional<ArrayRef<int64_t>> BroadcastOp::getSourceAxesMapping() {
  return std::nullopt;
}
std::optional<ArrayRef<int64_t>> ExpandOp::getSourceAxesMapping() {
  return getAxesMapping();
}

#include "SONNX/Dialect/SONNX/IR/SONNXProfileOpInterface.cpp.inc"

#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  FailureOr<OpVerification> CLASS::verifyRules(bool emitErrors) {              \
    return verify##CLASS(*this, emitErrors);                                   \
  }                                                                            \
  LogicalResult CLASS::verify() {                                              \
    return verify##CLASS(*this, /*emitErrors=*/true);                          \
  }                                                                            \
  Speculation::Speculatability CLASS::getSpeculatability() {                   \
    return getSONNXSpeculatability(*this);                                     \
  }
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"

namespace {
/// Whether the dialect's ops are the rows of SONNXProfileOps.def: as many,
/// each implementing ProfileOpInterface (a row's class without it, or an op
/// with it but no row, fails to compile in SONNXOps.h).
template <typename... OpTys> constexpr bool areTheProfileOps() {
  return sizeof...(OpTys) == kNumProfileOps &&
         (OpTys::template hasTrait<ProfileOpInterface::Trait>() && ...);
}
} // namespace

static_assert(areTheProfileOps<
#define GET_OP_LIST
#include "SONNX/Dialect/SONNX/IR/SONNXOps.cpp.inc"
                  >(),
              "the ops of SONNXOps.td and the rows of SONNXProfileOps.def "
              "disagree");

#define GET_OP_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOps.cpp.inc"
