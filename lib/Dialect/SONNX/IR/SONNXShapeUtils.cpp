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

std::optional<Violation> mlir::sonnx::checkShapeOperandType(Value value,
                                                            StringRef rule,
                                                            StringRef name) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (type && type.getRank() == 1 &&
      type.getElementType().isSignlessInteger(64))
    return std::nullopt;
  return Violation{rule.str(),
                   llvm::formatv("{0} must be a 1-D tensor of i64, got {1}",
                                 name, formatType(value.getType()))
                       .str()};
}

bool mlir::sonnx::isProfileElementType(Type type, bool allowComplex) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width == 1)
      return intType.isSignless();
    return width == 4 || width == 8 || width == 16 || width == 32 ||
           width == 64;
  }
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  if (isa<StringType>(type))
    return true;
  if (auto complexType = dyn_cast<ComplexType>(type))
    return allowComplex && (complexType.getElementType().isF32() ||
                            complexType.getElementType().isF64());
  return false;
}

TensorType mlir::sonnx::getInferredTensorType(const InferredShape &shape,
                                              Type elementType) {
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

InFlightDiagnostic mlir::sonnx::emitViolation(Operation *op,
                                              const Violation &violation) {
  return op->emitOpError() << violation.str();
}

TensorType mlir::sonnx::refineTensorType(TensorType declared,
                                         const InferredShape &inferred) {
  if (!inferred)
    return declared;
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked)
    return RankedTensorType::get(*inferred, declared.getElementType());
  if (ranked.getRank() != static_cast<int64_t>(inferred->size()))
    return declared;
  Shape shape(ranked.getShape());
  for (auto [size, known] : llvm::zip_equal(shape, *inferred))
    if (size == kUnknown)
      size = known;
  return RankedTensorType::get(shape, ranked.getElementType(),
                               ranked.getEncoding());
}
