//===- Passes.h - sonnx conversion passes -----------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the passes of Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_PASSES_H
#define SONNX_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace sonnx {

/// The module attribute that `--sonnx-convert-assert-to-llvm{status-return}`
/// fills: an array of the constraint IDs of the status codes, code K at
/// index K - 1.
inline constexpr llvm::StringLiteral kStatusRulesAttrName =
    "sonnx.status_rules";

#define GEN_PASS_DECL
#include "SONNX/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SONNX/Conversion/Passes.h.inc"

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_PASSES_H
