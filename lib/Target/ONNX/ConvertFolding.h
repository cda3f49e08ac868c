//===- ConvertFolding.h - sonnx-convert's folding of the graphs -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Target/ONNX: the --input-shape rewrites of sonnx-convert
// (ONNXConvert.cpp), apart from the others.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_CONVERTFOLDING_H
#define SONNX_LIB_TARGET_ONNX_CONVERTFOLDING_H

#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXConvert.h"
#include "llvm/ADT/SmallVector.h"

namespace onnx {
class GraphProto;
} // namespace onnx

namespace mlir {
namespace sonnx {

/// --input-shape: in the main graph `graph` and in the bodies of its If,
/// Loop and Scan nodes at every depth, the nodes whose outputs `check`
/// computed (ONNXCheckResult::foldedValues: in a body, only the values the
/// same at every run of it) become initializers, an If whose condition it
/// computed becomes the nodes of the branch it takes, the shape ops that
/// became identities and the nodes nothing reads any more are removed;
/// each change is appended to `changes`. The outputs of every graph keep
/// their names and number.
void foldGraphs(onnx::GraphProto &graph, const ONNXCheckResult &check,
                llvm::SmallVectorImpl<ConvertChange> &changes);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_CONVERTFOLDING_H
