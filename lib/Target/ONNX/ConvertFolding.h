//===- ConvertFolding.h - sonnx-convert's folding of the main graph -------===//
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

/// --input-shape: the nodes of the main graph `graph` whose outputs `check`
/// computed become initializers, an If whose condition it computed becomes
/// the nodes of the branch it takes, the shape ops that became identities
/// and the nodes nothing reads any more are removed; each change is
/// appended to `changes`.
void foldMainGraph(onnx::GraphProto &graph, const ONNXCheckResult &check,
                   llvm::SmallVectorImpl<ConvertChange> &changes);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_CONVERTFOLDING_H
