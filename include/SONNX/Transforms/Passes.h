//===- Passes.h - sonnx code generation transforms --------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the passes of Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TRANSFORMS_PASSES_H
#define SONNX_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace sonnx {

#define GEN_PASS_DECL
#include "SONNX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SONNX/Transforms/Passes.h.inc"

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TRANSFORMS_PASSES_H
