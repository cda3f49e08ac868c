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
// returns, globals, verbatim comments) and those of the passes that prepare
// the module (`--sonnx-add-status-rule-to-emitc`: a named local variable, a
// switch; `--sonnx-prepare-c-entry`: named pointer parameters, PREFIX_run as
// a verbatim) as C99, and emitCSource prints sonnx-compile's C output through
// the same entry point. It
// only prints: it does not change the module. An op outside that subset is
// an error, never printed some other way.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_C_CTRANSLATION_H
#define SONNX_TARGET_C_CTRANSLATION_H

#include "SONNX/Conversion/ToEmitC/CAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace sonnx {

/// Prints `module` (file-scope emitc.verbatim, emitc.global and emitc.func
/// ops) as C99 source to `os`, each function followed by an empty line
/// unless it ends the module. An array parameter is written `T name[N]`,
/// or a pointer (kCPointerAttrName); a value is named by its
/// kCNameAttrName (a parameter, an emitc.variable) or as CNames chooses.
/// Errors: an op, a type, a name or a parameter attribute the printer does
/// not take.
llvm::Error printCSource(ModuleOp module, llvm::raw_ostream &os);

/// Registers `--mlir-to-c` (printCSource) with the translations of
/// mlir-translate, and the EmitC dialect it parses.
void registerToCTranslation();

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_C_CTRANSLATION_H
