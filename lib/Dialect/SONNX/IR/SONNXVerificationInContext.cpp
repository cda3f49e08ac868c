//===- SONNXVerificationInContext.cpp - rules decided with producers ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The part of the verification that reads an op's producers as well as the
// op (SONNXVerification.h, "What the producers of an op tell"): the lowering
// calls it with the converted producers, and decides nothing itself.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Support/SizeProduct.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// The verification in context
//===----------------------------------------------------------------------===//

std::optional<ViewOrigin> mlir::sonnx::getViewOrigin(Value value) {
  // The closest static shape gives the count; the walk goes on to name the
  // farthest view with that count, usually a value of the source program
  // rather than an intermediate of the lowering. A bound keeps the lowering
  // of a long chain of dynamic views linear.
  std::optional<ViewOrigin> origin;
  for (int hops = 0; hops <= 64 && value; ++hops) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType());
        type && type.hasStaticShape()) {
      std::optional<int64_t> count = getStaticElementCount(type.getShape());
      if (!count || (origin && *count != origin->count))
        break;
      origin = ViewOrigin{type, *count};
    }
    Operation *producer = value.getDefiningOp();
    if (!producer)
      break;
    value = llvm::TypeSwitch<Operation *, Value>(producer)
                .Case<tensor::CastOp, tensor::ReshapeOp>(
                    [](auto op) { return op.getSource(); })
                .Case<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
                    [](auto op) { return op.getSrc(); })
                .Case([](ProfileOpInterface op) {
                  return op.isView() ? op->getOperand(0) : Value();
                })
                .Case([](UnrealizedConversionCastOp op) {
                  return op->getNumOperands() == 1 &&
                                 op->getNumResults() == 1 &&
                                 isa<TensorType>(op->getOperand(0).getType())
                             ? op->getOperand(0)
                             : Value();
                })
                .Default([](Operation *) { return Value(); });
  }
  return origin;
}

RankedTensorType mlir::sonnx::getKnownResultType(Type declared,
                                                 const InferredShape &inferred,
                                                 int64_t rank) {
  auto type = cast<TensorType>(declared);
  TensorType known = refineTensorType(type, inferred);
  if (auto ranked = dyn_cast<RankedTensorType>(known))
    return ranked;
  return RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                               type.getElementType());
}

LogicalResult mlir::sonnx::verifyKnownElementCount(
    Operation *op, Value data, RankedTensorType result, RuleID rule,
    std::optional<ArrayRef<int64_t>> shapeValues) {
  auto dataType = dyn_cast<RankedTensorType>(data.getType());
  if (!dataType || dataType.hasStaticShape())
    return success(); // The verification of the op has compared the counts.
  std::optional<ViewOrigin> origin = getViewOrigin(data);
  if (!origin)
    return success();
  int64_t count = origin->count;
  Checked<bool> possible =
      canHaveSameElementCount({count}, result.getShape(), rule);
  if (!possible)
    return emitViolation(op, possible.violation()), failure();
  if (*possible)
    return success();
  // Named with the element type of the op (string handles are i64 here).
  Type elementType =
      cast<TensorType>(op->getOperand(0).getType()).getElementType();
  std::string message = llvm::formatv(
      "the input has {0} element{1} (its type {2} does not say so, but it "
      "is a view of {3})",
      count, count == 1 ? "" : "s", formatType(dataType.clone(elementType)),
      formatType(origin->type.clone(elementType)));
  result = result.clone(elementType);
  std::string what =
      shapeValues
          ? llvm::formatv("shape {0} resolves to {1}",
                          llvm::interleaved_array(*shapeValues),
                          formatType(result))
                .str()
          : llvm::formatv("the result is {0}", formatType(result)).str();
  Checked<int64_t> resultCount = getElementCount(result.getShape(), rule);
  if (resultCount && *resultCount != kUnknown)
    message += llvm::formatv(", but {0} with {1} element{2}", what,
                             *resultCount, *resultCount == 1 ? "" : "s");
  else
    message += llvm::formatv(", but {0}, which cannot have as many", what);
  emitViolation(op, Violation{rule, message});
  return failure();
}
