//===- StringConstantsToLLVM.h - string constants as globals ----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The step of `--convert-sonnx-string-constants`, exposed so that other
// passes and tools can run it on a module of their own.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_STRINGCONSTANTSTOLLVM_STRINGCONSTANTSTOLLVM_H
#define SONNX_CONVERSION_STRINGCONSTANTSTOLLVM_STRINGCONSTANTSTOLLVM_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace sonnx {

/// Replaces every constant string tensor (`arith.constant` of
/// `tensor<...x!sonnx.string>`) with a tensor of the handles of LLVM globals
/// holding its strings in the string record layout (docs/pipeline.md), cast
/// back to the string tensor type with a `builtin.unrealized_conversion_cast`
/// (which `--convert-sonnx-to-linalg` removes), and publishes them in
/// `__sonnx_string_constants` (an array of handles) and
/// `__sonnx_string_constant_count`, so that a host program can read the
/// strings that results designate.
LogicalResult materializeStringConstants(ModuleOp module);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_STRINGCONSTANTSTOLLVM_STRINGCONSTANTSTOLLVM_H
