//===- TensorComparison.cpp - exact comparison of tensor values -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/TensorComparison.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;
using llvm::APFloat;
using llvm::APInt;

/// The multi-dimensional index of linear position `linear` in `shape`.
static std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear) {
  llvm::SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 0)
      break;
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
  std::string str = "[";
  llvm::raw_string_ostream os(str);
  llvm::interleaveComma(index, os);
  os << "]";
  return str;
}

static std::string formatFloat(const APFloat &v) {
  llvm::SmallString<32> text;
  v.toString(text);
  return llvm::formatv("{0} (bits 0x{1})", text,
                       llvm::toString(v.bitcastToAPInt(), 16,
                                      /*Signed=*/false))
      .str();
}

static bool haveSameBits(const APFloat &a, const APFloat &b) {
  return a.bitcastToAPInt() == b.bitcastToAPInt();
}

std::optional<std::string>
mlir::sonnx::describeTensorMismatch(DenseElementsAttr expected,
                                    DenseElementsAttr actual) {
  if (!expected || !actual)
    return std::string("a value is missing");
  if (expected.getType() != actual.getType())
    return llvm::formatv("type differs: expected {0}, got {1}",
                         typeToString(expected.getType()),
                         typeToString(actual.getType()))
        .str();
  auto type = cast<ShapedType>(expected.getType());
  llvm::ArrayRef<int64_t> shape = type.getShape();
  Type elementType = type.getElementType();
  auto mismatch = [&](int64_t i, const std::string &want,
                      const std::string &got) {
    return llvm::formatv("element {0} differs: expected {1}, got {2}",
                         formatIndex(shape, i), want, got)
        .str();
  };
  if (isa<StringType>(elementType)) {
    for (auto [i, pair] : llvm::enumerate(
             llvm::zip_equal(expected.getValues<llvm::StringRef>(),
                             actual.getValues<llvm::StringRef>()))) {
      auto [want, got] = pair;
      if (want != got)
        return mismatch(i, "\"" + want.str() + "\"", "\"" + got.str() + "\"");
    }
    return std::nullopt;
  }
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    bool isSigned = !intType.isUnsigned();
    for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(
             expected.getValues<APInt>(), actual.getValues<APInt>()))) {
      auto [want, got] = pair;
      if (want != got)
        return mismatch(i, llvm::toString(want, 10, isSigned),
                        llvm::toString(got, 10, isSigned));
    }
    return std::nullopt;
  }
  if (isa<FloatType>(elementType)) {
    for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(
             expected.getValues<APFloat>(), actual.getValues<APFloat>()))) {
      auto [want, got] = pair;
      if (!haveSameBits(want, got))
        return mismatch(i, formatFloat(want), formatFloat(got));
    }
    return std::nullopt;
  }
  if (isa<ComplexType>(elementType)) {
    auto format = [](const ComplexElement &v) {
      return "(" + formatFloat(v.real) + ", " + formatFloat(v.imag) + ")";
    };
    for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(
             getComplexElements(expected), getComplexElements(actual)))) {
      auto [want, got] = pair;
      if (!haveSameBits(want.real, got.real) ||
          !haveSameBits(want.imag, got.imag))
        return mismatch(i, format(want), format(got));
    }
    return std::nullopt;
  }
  // No other element type reaches the runners' outputs; a comparison that
  // cannot read the elements does not call them equal.
  return llvm::formatv("elements of type {0} cannot be compared",
                       typeToString(elementType))
      .str();
}
