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

#define GEN_PASS_DECL
#include "SONNX/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SONNX/Conversion/Passes.h.inc"

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_PASSES_H
