//===- TensorComparison.h - exact comparison of tensor values ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Bit-exact comparison of two tensor values, with a description of the first
// difference: sonnx-run compares the outputs of a model with the expected
// ones this way, and `sonnx-translate --compare-tensors` compares two files.
// Independent of ONNX.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_SUPPORT_TENSORCOMPARISON_H
#define SONNX_SUPPORT_TENSORCOMPARISON_H

#include "mlir/IR/BuiltinAttributes.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// Compares `actual` with `expected` exactly: element type, shape and every
/// element's bit pattern (strings by value). Returns std::nullopt when they
/// are equal, otherwise a description of the first difference (or that the
/// element type is not one it can compare: never "equal" unread).
std::optional<std::string> describeTensorMismatch(DenseElementsAttr expected,
                                                  DenseElementsAttr actual);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_SUPPORT_TENSORCOMPARISON_H
