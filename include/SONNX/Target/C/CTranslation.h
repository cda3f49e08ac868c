//===- CTranslation.h - EmitC to C99, as a translation ----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The printer of the C output as a translation, as upstream registers
// `--mlir-to-cpp` (mlir/lib/Target/Cpp/TranslateRegistration.cpp):
// `sonnx-translate --mlir-to-c` prints a module of the EmitC ops that
// `--sonnx-to-emitc` produces (loops, index expressions, loads, stores,
// returns, globals, verbatim comments) as C99, and emitCSource prints the
// functions of sonnx-compile's C output through the same entry point. It
// only prints: it does not change the module. An op outside that subset is
// an error, never printed some other way.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_C_CTRANSLATION_H
#define SONNX_TARGET_C_CTRANSLATION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace sonnx {

/// The argument attribute (a string, a C identifier) that names a
/// parameter of the emitc.func in the C source; a parameter without it is
/// `aK` for argument K. The loop variables are `i0`, `i1`, ... by depth and
/// the other values `v1`, `v2`, ...; a name that a global or a type of the
/// source already takes gets a suffix `_2`, `_3`, ...
inline constexpr llvm::StringLiteral kCNameAttrName = "sonnx.c_name";

/// The argument attribute (a string, "const" or empty) that writes a
/// one-dimensional array parameter of the emitc.func as a pointer to its
/// elements: `const T * name` or `T * name`, the header's types
/// (sonnx-compile's C output). C writes no qualifier inside an EmitC array
/// type, and an `!emitc.opaque` type naming a pointer does not verify: the
/// parameter keeps its array type, which emitc.subscript indexes.
inline constexpr llvm::StringLiteral kCPointerAttrName = "sonnx.c_pointer";

/// The argument attribute (unit) that makes such a pointer `restrict`:
/// `const T *restrict name` (sonnx-compile --c-restrict).
inline constexpr llvm::StringLiteral kCRestrictAttrName = "sonnx.c_restrict";

/// Prints `module` (file-scope emitc.verbatim and emitc.global ops, and at
/// most one emitc.func) as C99 source to `os`. An array parameter is
/// written `T name[N]`, or a pointer (kCPointerAttrName). Errors: an op, a
/// type, a name or a parameter attribute the printer does not take.
llvm::Error printCSource(ModuleOp module, llvm::raw_ostream &os);

/// Registers `--mlir-to-c` (printCSource) with the translations of
/// mlir-translate, and the EmitC dialect it parses.
void registerToCTranslation();

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_C_CTRANSLATION_H
