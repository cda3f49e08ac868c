//===- CElementTypes.h - the one table of C element types -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// How the C output of sonnx-compile holds each element type of the
// profile (docs/deployment.md, "Element types"), and how C writes its
// constants: what `--sonnx-memref-to-indexing` (lib/Transforms), the EmitC
// conversion (lib/Conversion/ToEmitC), the C target (lib/Target/C) and
// the runtime's interface checks all read. Below all of them, so that a
// codegen transform reads the table without including a conversion.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_SUPPORT_CELEMENTTYPES_H
#define SONNX_SUPPORT_CELEMENTTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// The C types of complex elements, which the header of sonnx-compile
/// defines: a struct of the real and the imaginary part.
inline constexpr llvm::StringLiteral kComplex64CType = "sonnx_complex64_t";
inline constexpr llvm::StringLiteral kComplex128CType = "sonnx_complex128_t";

/// The C type of a string element (a `!ptr.ptr` handle of
/// `--convert-sonnx-to-linalg{pointer-string-handles}`) in the C source:
/// a typedef of the interface's `const char *`, which the converted module
/// declares, so that a constant string array can be `static const` (an
/// array of `const char *const`).
inline constexpr llvm::StringLiteral kStringCType = "sonnx_string_t";
inline constexpr llvm::StringLiteral kStringCTypedef =
    "typedef const char *sonnx_string_t;";

/// How the C output holds one element: a row of the one table of element
/// types (docs/deployment.md, "Element types"), from which the header's
/// types, the storage of `--sonnx-memref-to-indexing`, the EmitC type
/// conversion and the C emitter's checks all derive.
struct CElementType {
  /// The header's C type of one element ("float", "uint16_t",
  /// "const char *").
  std::string interfaceName;
  /// How the C source spells it: the header's name, or the typedef
  /// `sonnx_string_t` of a string element.
  std::string sourceName;
  /// The type the lowered code holds the element in, which EmitC prints as
  /// `sourceName`: an integer or float type (the ui16 of a float16's bits,
  /// the byte of a 4-bit integer), or the opaque EmitC type of
  /// `sourceName` (complex numbers, strings; null while the context has
  /// not loaded the EmitC dialect, as before the lowering).
  Type storage;
  /// Whether `storage` is (or would be) an opaque EmitC type.
  bool opaqueStorage = false;
};

/// The row of `type`: an element type of a sonnx tensor (a sonnx string,
/// complex<f32>, f16, i4, ...), a string handle (`!ptr.ptr`) or the storage
/// type of a row, which is its own row's storage. nullopt when the C output
/// has no such element type.
std::optional<CElementType> lookupCElementType(Type type);

/// The C source's name of `type` when it is the storage of its row (what
/// the C code holds elements in, as the C printer and EmitC write it),
/// else nullopt.
std::optional<std::string> getCSourceElementType(Type type);

/// `value` as a C constant of an unsigned type: its digits and `U`, which
/// a uint64_t above INT64_MAX needs and MISRA C:2012 rule 7.2 asks of
/// every unsigned constant (EmitC writes none).
std::string formatCUnsigned(const llvm::APInt &value);

/// The declaration of the pointer parameter `identifier` to the header's
/// elements of C type `interfaceName` (CElementType::interfaceName), as
/// the prototype of PREFIX_run takes a tensor: `const T *x` for an input,
/// `T *y` for an output (`isOutput`); for a pointer type such as a
/// string's `const char *`, `const char *const *x` and `const char **y`.
std::string declareCPointerParameter(llvm::StringRef interfaceName,
                                     llvm::StringRef identifier, bool isOutput);

/// `bytes` as a C string literal: `"` and `\` escaped, `?` too (no
/// trigraph), every other byte outside printable ASCII as a three-digit
/// octal escape. An octal escape ends the literal or precedes another
/// escape (MISRA C:2012 rule 4.1): before a plain character the literal
/// is split in two, which C concatenates ("line\012" "end").
std::string quoteCString(llvm::StringRef bytes);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_SUPPORT_CELEMENTTYPES_H
