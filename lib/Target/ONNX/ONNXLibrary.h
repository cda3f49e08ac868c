//===- ONNXLibrary.h - what sonnx-check asks of libonnx ---------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Target/ONNX: ONNX's own shape inference and its operator
// schemas (libonnx), for sonnx-check. ONNXLibrary.cpp is the only file that
// calls libonnx rather than the protobuf classes alone; libonnx reports
// errors with C++ exceptions, which that file alone is compiled to catch.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_ONNXLIBRARY_H
#define SONNX_LIB_TARGET_ONNX_ONNXLIBRARY_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace onnx {
class AttributeProto;
class ModelProto;
class NodeProto;
} // namespace onnx

namespace mlir {
namespace sonnx {

/// Runs ONNX's shape inference on `model` in place (graph.value_info gets
/// the inferred types; data propagation on), in a child process: a crash
/// or a hang of libonnx leaves `model` as it was. Returns an empty string,
/// "stopped: <why>" (it threw; the types inferred until then are kept) or
/// "not run: <why>" (it crashed, hung, or no process could be made).
/// The raw data of the main graph's initializers larger than 1 MiB goes
/// around the child (takeLargeRawData): the model's weights are never
/// copied.
std::string inferONNXShapes(onnx::ModelProto &model);

/// inferONNXShapes on a model whose large weights are already taken out.
std::string inferWithoutLargeData(onnx::ModelProto &model);

/// Moves the raw data of the main graph's initializers larger than 1 MiB
/// out of `model` (their positions and bytes), so that a copy or a
/// serialization of the model does not copy the weights;
/// restoreLargeRawData moves them back (into a model of the same
/// initializers).
std::vector<std::pair<int, std::string>>
takeLargeRawData(onnx::ModelProto &model);
void restoreLargeRawData(onnx::ModelProto &model,
                         std::vector<std::pair<int, std::string>> taken);

/// The attributes of the schema of `node` (its domain, at `opset`) that
/// have a default value and that the node leaves out, with that default
/// as text ("alpha", "1"); empty when ONNX has no schema for the node.
llvm::SmallVector<std::pair<std::string, std::string>>
getDefaultedAttributes(const onnx::NodeProto &node, int64_t opset);

/// The same attributes as getDefaultedAttributes, each as the schema's
/// default value (named): what sonnx-convert writes explicitly.
std::vector<onnx::AttributeProto>
getDefaultAttributeValues(const onnx::NodeProto &node, int64_t opset);

/// The version of default-domain op `opType` at `opset`: the since_version
/// of its schema (Softmax at opset 12 is Softmax-11), or 0 when ONNX has no
/// schema for it there.
int getDefaultDomainOpVersion(const std::string &opType, int64_t opset);

/// The value of `attr` as text ("1", "[0, 1]", "\"NOTSET\""), for messages.
std::string formatONNXAttribute(const onnx::AttributeProto &attr);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_ONNXLIBRARY_H
