//===- TensorUtils.h - tensor helpers of importer and runner ----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Small helpers that the ONNX importer, the tensor file conversions and the
// JIT runner share, written once here: error construction, the check that a
// value fits a declared type, and reading complex elements (types are
// printed by the dialect's typeToString, SONNXShapeUtils.h). Nothing here
// depends on ONNX or protobuf, so that the JIT library can use it in a build
// without ONNX.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_SUPPORT_TENSORUTILS_H
#define SONNX_SUPPORT_TENSORUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace sonnx {

/// An error whose message is one line of text (the importer's conversions,
/// the tensor files and the runner report their failures this way).
llvm::Error makeError(const llvm::Twine &message);

/// Whether a value of type `actual` can be a value of type `declared` (or
/// the other way round): the same element type and compatible shapes in
/// the sense of `verifyCompatibleShape` (an unranked side, or the same rank
/// and equal sizes where both are static). For a value of static type and a
/// declared type, this is "the value fits the declared type".
bool isCompatibleTensorType(Type declared, Type actual);

/// One element of a complex<f32> or complex<f64> tensor. (std::complex of a
/// non-arithmetic type such as APFloat is unspecified; libstdc++ rejects it
/// under clang.)
struct ComplexElement {
  llvm::APFloat real;
  llvm::APFloat imag;
};

/// The elements of `attr`, whose element type is complex<f32> or
/// complex<f64>, in row-major order (a splat is expanded).
llvm::SmallVector<ComplexElement> getComplexElements(DenseElementsAttr attr);

/// A dense attribute of `type` (element type complex<f32> or complex<f64>)
/// holding `bits`: two bit patterns per element, the real part first.
DenseElementsAttr getComplexAttr(ShapedType type,
                                 llvm::ArrayRef<uint64_t> bits);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_SUPPORT_TENSORUTILS_H
