//===- CElementTypes.cpp - the one table of C element types ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The rows of the C element-type table (lookupCElementType) and the C
// text of constants (formatCUnsigned, quoteCString); moved from
// lib/Conversion/ToEmitC/ToEmitC.cpp so that lib/Transforms reads the
// table without including a conversion.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/CElementTypes.h"

#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Ptr/IR/PtrTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::sonnx;

std::optional<CElementType> mlir::sonnx::lookupCElementType(Type type) {
  MLIRContext *context = type.getContext();
  // Creating a type of a dialect that is not loaded is an error.
  bool emitcLoaded = context->getLoadedDialect<emitc::EmitCDialect>();
  auto opaque = [&](llvm::StringRef interfaceName, llvm::StringRef sourceName) {
    return CElementType{
        interfaceName.str(), sourceName.str(),
        emitcLoaded ? emitc::OpaqueType::get(context, sourceName) : Type(),
        /*opaqueStorage=*/true};
  };
  auto isOpaque = [&](llvm::StringRef name) {
    auto opaqueType = dyn_cast<emitc::OpaqueType>(type);
    return opaqueType && opaqueType.getValue() == name;
  };
  // A string element is a handle, the address of its NUL-terminated bytes
  // (docs/pipeline.md, "Strings"): a C string. 64-bit targets only
  // (checkPointerWidth).
  if (isa<sonnx::StringType, ptr::PtrType>(type) || isOpaque(kStringCType))
    return opaque("const char *", kStringCType);
  // A struct of the real and the imaginary part, which the header defines.
  auto complexType = dyn_cast<ComplexType>(type);
  if ((complexType && complexType.getElementType().isF32()) ||
      isOpaque(kComplex64CType))
    return opaque(kComplex64CType, kComplex64CType);
  if ((complexType && complexType.getElementType().isF64()) ||
      isOpaque(kComplex128CType))
    return opaque(kComplex128CType, kComplex128CType);
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width == 1)
      return CElementType{"bool", "bool", type};
    // One 4-bit element per byte, sign- or zero-extended.
    if (width == 4)
      width = 8;
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return std::nullopt;
    std::string name =
        (intType.isUnsigned() ? "uint" : "int") + std::to_string(width) + "_t";
    return CElementType{
        name, name, IntegerType::get(context, width, intType.getSignedness())};
  }
  // A float is the unsigned integer of its IEEE-754 bits: the ops only
  // move elements, and a move through a floating-point value may change
  // the bits (x87 quiets a signaling NaN); C99 has no 16-bit float.
  if (auto floatType = dyn_cast<FloatType>(type)) {
    unsigned width = floatType.getWidth();
    if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
      return std::nullopt;
    std::string name = "uint" + std::to_string(width) + "_t";
    return CElementType{
        name, name, IntegerType::get(context, width, IntegerType::Unsigned)};
  }
  return std::nullopt;
}

std::optional<std::string> mlir::sonnx::getCSourceElementType(Type type) {
  std::optional<CElementType> row = lookupCElementType(type);
  if (!row || row->storage != type)
    return std::nullopt;
  return row->sourceName;
}

std::string mlir::sonnx::formatCUnsigned(const llvm::APInt &value) {
  return llvm::toString(value, 10, /*Signed=*/false) + "U";
}

std::string mlir::sonnx::quoteCString(llvm::StringRef bytes) {
  std::string result = "\"";
  bool afterOctal = false;
  for (char c : bytes) {
    auto byte = static_cast<unsigned char>(c);
    bool octal = byte < 0x20 || byte >= 0x7f;
    bool escaped = octal || c == '"' || c == '\\' || c == '?';
    if (afterOctal && !escaped)
      result += "\" \"";
    if (octal) {
      result += '\\';
      result += static_cast<char>('0' + ((byte >> 6) & 7));
      result += static_cast<char>('0' + ((byte >> 3) & 7));
      result += static_cast<char>('0' + (byte & 7));
    } else {
      if (escaped)
        result += '\\';
      result += c;
    }
    afterOctal = octal;
  }
  return result + "\"";
}

std::string mlir::sonnx::declareCPointerParameter(llvm::StringRef interfaceName,
                                                  llvm::StringRef identifier,
                                                  bool isOutput) {
  // A pointer type takes its qualifier and the next `*` after its own.
  bool pointer = interfaceName.ends_with("*");
  std::string type = interfaceName.str();
  if (isOutput)
    return type + (pointer ? "*" : " *") + identifier.str();
  return (pointer ? type + "const *" : "const " + type + " *") +
         identifier.str();
}
