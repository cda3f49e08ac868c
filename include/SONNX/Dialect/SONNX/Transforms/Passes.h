//===- Passes.h - sonnx dialect passes --------------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_H
#define SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace sonnx {

#define GEN_PASS_DECL
#include "SONNX/Dialect/SONNX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SONNX/Dialect/SONNX/Transforms/Passes.h.inc"

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_H
