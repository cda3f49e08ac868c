//===- Importer.h - the importer and the model queries ----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Target/ONNX: the importer (ONNXImport.cpp) and the queries
// of a parsed model (ONNXModel.cpp, ONNXModel in ONNXImport.h) read the
// opsets, name nodes and describe shape inputs the same way. The protobuf
// messages are only declared here.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_IMPORTER_H
#define SONNX_LIB_TARGET_ONNX_IMPORTER_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace onnx {
class AttributeProto;
class GraphProto;
class ModelProto;
class NodeProto;
} // namespace onnx

namespace mlir {
class MLIRContext;
namespace sonnx {

/// The opsets from which Reshape takes its shape and Unsqueeze its axes as
/// input 1 (before, as an attribute), and from which Expand exists (shape as
/// input 1): rows of SONNXProfileOps.def, named for the importers of the
/// three ops.
constexpr int64_t kReshapeShapeInputOpset =
    getProfileOpInfo(ProfileOp::Reshape).shapeOperandOpset;
constexpr int64_t kUnsqueezeAxesInputOpset =
    getProfileOpInfo(ProfileOp::Unsqueeze).shapeOperandOpset;
constexpr int64_t kExpandOpset = getProfileOpInfo(ProfileOp::Expand).firstOpset;

/// Whether `attr` holds graphs (GRAPH or GRAPHS), which are no attribute
/// value of an onnx_graph.node but its regions.
bool isGraphAttribute(const onnx::AttributeProto &attr);

/// Calls `fn` with each graph that `node` (at `index` in its graph) holds,
/// in the order of its attributes (the graphs of a GRAPHS attribute in
/// order), and the scope that leads into it from the node's graph. An
/// attribute name given twice counts once (its first value). The import,
/// the general rules and the count of function nodes all walk subgraphs
/// with it.
void forEachNodeGraph(
    const onnx::NodeProto &node, int64_t index,
    llvm::function_ref<void(const NodeScope &, const onnx::GraphProto &)> fn);

/// The scopes (subgraphs only, from the main graph inwards: empty there) of
/// the graph whose node `op` of a checked module imports, read from the
/// onnx_graph.node ops around it (their location and `bodies`);
/// std::nullopt inside a model-local function or outside the function.
std::optional<llvm::SmallVector<NodeScope>> getCheckedOpScopes(Operation *op);

/// The first attribute of `node` named `name`, or null.
onnx::AttributeProto *findAttribute(onnx::NodeProto &node,
                                    llvm::StringRef name);

/// The graph of `graph` that `scopes` lead to (forEachNodeGraph's: the
/// first attribute of each name), or null.
onnx::GraphProto *findScopedGraph(onnx::GraphProto &graph,
                                  llvm::ArrayRef<NodeScope> scopes);

/// The versions that `model` imports of the default ONNX domain ("" or
/// "ai.onnx"), in order; a valid model imports it once.
llvm::SmallVector<int64_t> getDefaultOpsets(const onnx::ModelProto &model);

/// Imports `model` (ONNXModel::import).
OwningOpRef<ModuleOp> importModelProto(const onnx::ModelProto &model,
                                       MLIRContext *context,
                                       const ImportOptions &options);

/// Imports every node of `model` for sonnx-check: shape nodes as sonnx ops
/// with their verdicts in `result`, other nodes as onnx_graph.node ops.
/// Null after an error when the model cannot be checked at all.
OwningOpRef<ModuleOp> importModelProtoForCheck(const onnx::ModelProto &model,
                                               MLIRContext *context,
                                               const ImportOptions &options,
                                               ONNXCheckResult &result);

/// Checks `model` (checkONNXModel, ONNXCheck.h). The raw data of its
/// large initializers is lent to the check's copy of the model and given
/// back: `model` is as it was when the call returns.
FailureOr<ONNXCheckResult> checkModelProto(onnx::ModelProto &model,
                                           MLIRContext *context,
                                           const ImportOptions &options);

/// Converts `model` in place (convertONNXModel, ONNXConvert.h).
FailureOr<ConvertResult> convertModelProto(onnx::ModelProto &model,
                                           MLIRContext *context,
                                           const ConvertOptions &options);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_IMPORTER_H
