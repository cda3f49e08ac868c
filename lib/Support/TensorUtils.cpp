//===- TensorUtils.cpp - tensor helpers of the importer and runner --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/TensorUtils.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::sonnx;

llvm::Error mlir::sonnx::makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

bool mlir::sonnx::isCompatibleTensorType(Type declared, Type actual) {
  return getElementTypeOrSelf(declared) == getElementTypeOrSelf(actual) &&
         succeeded(verifyCompatibleShape(declared, actual));
}

/// The width in bits of one part of a complex element type.
static unsigned getComplexPartWidth(Type elementType) {
  return cast<FloatType>(cast<ComplexType>(elementType).getElementType())
      .getWidth();
}

llvm::SmallVector<ComplexElement>
mlir::sonnx::getComplexElements(DenseElementsAttr attr) {
  unsigned width = getComplexPartWidth(attr.getElementType());
  const llvm::fltSemantics &semantics =
      cast<FloatType>(cast<ComplexType>(attr.getElementType()).getElementType())
          .getFloatSemantics();
  size_t partBytes = width / 8;
  llvm::ArrayRef<char> raw = attr.getRawData();
  // DenseElementsAttr stores the parts in host byte order, real first; a
  // splat stores one element.
  auto part = [&](size_t index) {
    uint64_t bits = 0;
    if (width == 32) {
      uint32_t word;
      std::memcpy(&word, raw.data() + index * partBytes, sizeof(word));
      bits = word;
    } else {
      std::memcpy(&bits, raw.data() + index * partBytes, sizeof(bits));
    }
    return llvm::APFloat(semantics, llvm::APInt(width, bits));
  };
  int64_t count = attr.getNumElements();
  llvm::SmallVector<ComplexElement> elements;
  elements.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    size_t stored = attr.isSplat() ? 0 : static_cast<size_t>(i);
    elements.push_back({part(2 * stored), part(2 * stored + 1)});
  }
  return elements;
}

DenseElementsAttr mlir::sonnx::getComplexAttr(ShapedType type,
                                              llvm::ArrayRef<uint64_t> bits) {
  unsigned width = getComplexPartWidth(type.getElementType());
  size_t partBytes = width / 8;
  llvm::SmallVector<char> raw(bits.size() * partBytes);
  for (auto [i, value] : llvm::enumerate(bits)) {
    if (width == 32) {
      auto word = static_cast<uint32_t>(value);
      std::memcpy(raw.data() + i * partBytes, &word, sizeof(word));
    } else {
      std::memcpy(raw.data() + i * partBytes, &value, sizeof(value));
    }
  }
  return DenseElementsAttr::getFromRawBuffer(type, raw);
}
