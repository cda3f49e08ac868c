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

#include "mlir/IR/Types.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace sonnx {

/// The module attribute that `--sonnx-count-element-stores` fills: a
/// dictionary from function name to the number of elements that one
/// successful call stores (i64), or the reason why it is unknown (string).
inline constexpr llvm::StringLiteral kElementStoresAttrName =
    "sonnx.element_stores";

/// The type that carries the bits of `type` without a floating-point type
/// (`--sonnx-integer-element-moves`): a float of N bits becomes iN, a vector,
/// an LLVM array or a literal LLVM struct its integer form element by
/// element; any other type is returned as it is.
Type getIntegerBitsType(Type type);

#define GEN_PASS_DECL
#include "SONNX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SONNX/Transforms/Passes.h.inc"

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TRANSFORMS_PASSES_H
