//===- CAttributes.h - the attributes that prepare EmitC for C --*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The attributes with which the passes that prepare the EmitC module of
// sonnx-compile's C output (`--sonnx-add-status-rule-to-emitc`,
// `--sonnx-prepare-c-entry`, the C emitter) tell the printer
// (`sonnx-translate --mlir-to-c`, SONNX/Target/C/CTranslation.h) what
// EmitC's types do not say: the names of the values, and the parameters
// that are pointers; and the header's parameters, the input of
// `--sonnx-prepare-c-entry`. Moved from CTranslation.h, so that a pass sets
// them without depending on the target.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_TOEMITC_CATTRIBUTES_H
#define SONNX_CONVERSION_TOEMITC_CATTRIBUTES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace sonnx {

/// The attribute (a string, a C identifier) that names a value in the C
/// source: an argument attribute of an emitc.func names the parameter (one
/// without it is `aK` for argument K), on an emitc.variable it names the
/// local variable. The loop variables are `i0`, `i1`, ... by depth and the
/// other values `v1`, `v2`, ...; a name that a global or a type of the
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

/// The attribute of the entry function `PREFIX_run` (an array of
/// dictionaries, one per parameter of the header, the inputs then the
/// outputs: `name`, the tensor's name in the model; `identifier`, its C
/// identifier in the header; `type`, its ranked tensor type; `output`, a
/// bool) from which `--sonnx-prepare-c-entry` makes the function the C
/// output's `PREFIX_compute`, named and typed as the header's parameters.
inline constexpr llvm::StringLiteral kCParametersAttrName =
    "sonnx.c_parameters";

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_TOEMITC_CATTRIBUTES_H
