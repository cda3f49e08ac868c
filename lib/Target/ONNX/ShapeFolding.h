//===- ShapeFolding.h - fold the shape computations of a graph --*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Target/ONNX: sonnx-check computes the values of the nodes
// that exporters use to compute shapes (Shape, Size, Gather, Slice, Concat,
// Squeeze, Cast, ConstantOfShape, Add, Sub, Mul, Div, Equal, Where) when
// their inputs are
// constants or, for Shape and Size, static shapes, with ONNX's semantics, so
// that the rules of a Reshape, Unsqueeze or Expand fed by them are decided
// at check time. Integer and bool tensors only; a node it cannot compute
// exactly
// (an index out of range, an overflow, a division that rounds) is left
// unknown: it never guesses.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_SHAPEFOLDING_H
#define SONNX_LIB_TARGET_ONNX_SHAPEFOLDING_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace onnx {
class NodeProto;
} // namespace onnx

namespace mlir {
namespace sonnx {

/// The largest number of elements a folded value may have.
constexpr int64_t kMaxFoldedElements = 1 << 16;

/// The values of the outputs of the default-domain node `node` at `opset`,
/// given the constant value of each input (null when unknown or absent) and
/// its type (null when absent); std::nullopt when they cannot be computed.
std::optional<llvm::SmallVector<DenseElementsAttr, 1>>
foldONNXNode(const onnx::NodeProto &node, int64_t opset,
             llvm::ArrayRef<DenseElementsAttr> inputs,
             llvm::ArrayRef<Type> inputTypes);

/// Whether `opType` is one that foldONNXNode computes.
bool isFoldableONNXOp(llvm::StringRef opType);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_SHAPEFOLDING_H
