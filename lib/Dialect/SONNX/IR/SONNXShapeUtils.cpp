//===- SONNXShapeUtils.cpp - IR helpers of the sonnx shape rules ---------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"

#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
using namespace mlir::sonnx;

std::string mlir::sonnx::typeToString(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  type.print(os);
  return str;
}

std::string mlir::sonnx::formatType(Type type) {
  return "'" + typeToString(type) + "'";
}

std::optional<ShapeOperand> mlir::sonnx::getShapeOperand(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 1 || !type.getElementType().isInteger())
    return std::nullopt;
  ShapeOperand operand;
  operand.length = type.getDimSize(0);
  DenseIntElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) &&
      static_cast<int64_t>(attr.getNumElements()) == operand.length) {
    llvm::SmallVector<int64_t> values;
    values.reserve(attr.getNumElements());
    // i64, the type the rules take: the values as they are stored (the
    // verification reads every shape operand, often).
    if (attr.getElementType().isSignlessInteger(64)) {
      auto stored = attr.getValues<int64_t>();
      values.append(stored.begin(), stored.end());
      operand.values = std::move(values);
      return operand;
    }
    bool isUnsigned = type.getElementType().isUnsignedInteger();
    for (const APInt &v : attr.getValues<APInt>()) {
      // A value that does not fit int64 cannot be a valid size or axis; keep
      // it out of range rather than wrapping it.
      if (isUnsigned ? v.getActiveBits() > 63 : v.getSignificantBits() > 64)
        values.push_back(std::numeric_limits<int64_t>::min());
      else
        values.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                                    : v.getSExtValue());
    }
    operand.values = std::move(values);
  }
  return operand;
}

std::optional<Violation>
mlir::sonnx::checkShapeOperandType(Value value, RuleID rule, StringRef name) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (type && type.getRank() == 1 &&
      type.getElementType().isSignlessInteger(64))
    return std::nullopt;
  return Violation{rule,
                   llvm::formatv("{0} must be a 1-D tensor of i64, got {1}",
                                 name, formatType(value.getType()))
                       .str()};
}

TensorType mlir::sonnx::getInferredTensorType(const InferredShape &shape,
                                              Type elementType) {
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

InferredShape mlir::sonnx::refineShape(TensorType declared,
                                       const InferredShape &inferred) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!inferred ||
      (ranked && ranked.getRank() != static_cast<int64_t>(inferred->size()))) {
    if (!ranked)
      return std::nullopt;
    return Shape(ranked.getShape());
  }
  if (!ranked)
    return inferred;
  Shape shape(ranked.getShape());
  for (auto [size, known] : llvm::zip_equal(shape, *inferred))
    if (size == kUnknown)
      size = known;
  return shape;
}

TensorType mlir::sonnx::refineTensorType(TensorType declared,
                                         const InferredShape &inferred) {
  InferredShape shape = refineShape(declared, inferred);
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!shape || (ranked && ranked.getShape() == ArrayRef<int64_t>(*shape)))
    return declared;
  return RankedTensorType::get(*shape, declared.getElementType(),
                               ranked ? ranked.getEncoding() : Attribute());
}
