//===- ONNXExport.h - sonnx MLIR module to ONNX model -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Writes a module as sonnx-check imports it (ONNXCheck.h: sonnx ops,
// `arith.constant`, `onnx_graph.node` with the graphs it holds as regions)
// or as sonnx-translate --import-onnx builds it, back as a serialized ONNX
// ModelProto (docs/sonnx-convert.md, "ONNX export"). Used by
// `sonnx-translate --export-onnx` and the C API. The protobuf classes stay
// behind this API.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_ONNX_ONNXEXPORT_H
#define SONNX_TARGET_ONNX_ONNXEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>

namespace mlir {
namespace sonnx {

/// The producer every model sonnx writes names.
constexpr llvm::StringLiteral kONNXProducerName = "sonnx";

struct ExportOptions {
  /// The function that is the main graph; empty: the module's only
  /// func.func.
  std::string functionName;
  /// ModelProto.ir_version.
  int64_t irVersion = 8;
  /// ModelProto.metadata_props, in order.
  llvm::SmallVector<std::pair<std::string, std::string>> metadata;
};

/// Serializes `module` as a ModelProto: the function's arguments are the
/// graph inputs and its results the graph outputs, named by their
/// `sonnx.name` (kONNXNameAttrName) and typed from their tensor types (a
/// dynamic size is a dimension without value); every `arith.constant` an
/// initializer in raw data (named after its `initializer 'w'` location,
/// else generated) or, located at a Constant node, that Constant node;
/// sonnx ops the ONNX op of the module's opset (sonnx.onnx_opset);
/// `onnx_graph.node` ops the node they keep, their regions the GRAPH
/// attributes their `bodies` describe. Node names come from their
/// `#sonnx.onnx_node` location; intermediate values without a known name
/// get deterministic unique ones ("sonnx_0", ...). Fails, naming the op,
/// on an op it cannot write (another dialect's, a value of an opaque type
/// at a graph boundary) or a module without one main function.
llvm::Expected<std::string> exportONNXModel(ModuleOp module,
                                            const ExportOptions &options = {});

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_ONNXEXPORT_H
