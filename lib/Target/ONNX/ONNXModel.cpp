//===- ONNXModel.cpp - queries of a parsed ONNX model ---------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// ONNXModel: a parsed ModelProto, imported by ONNXImport.cpp, and what the
// runner reads from its graph without importing it (the data inputs, the
// outputs and their producers, the inputs that feed shapes); the entry
// points that parse and import bytes or a file in one call.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXImport.h"

#include "Importer.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Target/ONNX/ONNXConvert.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include "onnx/onnx_pb.h"

#include <climits>

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Model queries
//===----------------------------------------------------------------------===//

SmallVector<int64_t>
mlir::sonnx::getDefaultOpsets(const onnx::ModelProto &model) {
  SmallVector<int64_t> versions;
  for (const onnx::OperatorSetIdProto &id : model.opset_import())
    if (id.domain().empty() || id.domain() == "ai.onnx")
      versions.push_back(id.version());
  return versions;
}

struct ONNXModel::Implementation {
  onnx::ModelProto model;
};

ONNXModel::ONNXModel() : impl(std::make_unique<Implementation>()) {}

ONNXModel::~ONNXModel() = default;

std::unique_ptr<ONNXModel> ONNXModel::parse(llvm::StringRef bytes,
                                            Location loc) {
  if (bytes.empty()) {
    mlir::emitError(loc) << "the file is empty, not an ONNX model";
    return nullptr;
  }
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    mlir::emitError(loc)
        << "the file is larger than 2 GiB; models with external data are "
           "not supported";
    return nullptr;
  }
  std::unique_ptr<ONNXModel> result(new ONNXModel());
  onnx::ModelProto &model = result->impl->model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    mlir::emitError(loc) << "the file is not a valid ONNX model "
                            "(malformed or truncated protobuf data)";
    return nullptr;
  }
  if (!model.has_graph()) {
    mlir::emitError(loc)
        << "the file is not a valid ONNX model: it has no graph (a "
           "truncated file or another kind of file?)";
    return nullptr;
  }
  return result;
}

OwningOpRef<ModuleOp> ONNXModel::import(MLIRContext *context,
                                        const ImportOptions &options) const {
  return importModelProto(impl->model, context, options);
}

FailureOr<ONNXCheckResult>
ONNXModel::check(MLIRContext *context, const ImportOptions &options) const {
  return checkModelProto(impl->model, context, options);
}

FailureOr<ConvertResult>
ONNXModel::convert(MLIRContext *context, const ConvertOptions &options) const {
  return convertModelProto(impl->model, context, options);
}

llvm::Expected<llvm::SmallVector<ONNXGraphValue>>
ONNXModel::getDataInputs(MLIRContext *context) const {
  const onnx::GraphProto &graph = impl->model.graph();
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : graph.initializer())
    initializers.insert(init.name());
  llvm::SmallVector<ONNXGraphValue> inputs;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    // An input that is also an initializer (IR version < 4) is a constant.
    if (initializers.contains(input.name()))
      continue;
    ONNXGraphValue value;
    value.name = input.name();
    if (input.has_type()) {
      llvm::Expected<TensorType> type = convertONNXType(
          input.type(), context,
          llvm::formatv("graph input '{0}'", input.name()).str());
      if (!type)
        return type.takeError();
      value.declaredType = *type;
    }
    inputs.push_back(std::move(value));
  }
  return inputs;
}

llvm::SmallVector<ONNXGraphValue>
ONNXModel::getOutputs(MLIRContext *context) const {
  const onnx::GraphProto &graph = impl->model.graph();
  llvm::StringMap<int> producers;
  for (auto [i, node] : llvm::enumerate(graph.node()))
    for (const std::string &output : node.output())
      producers[output] = static_cast<int>(i);
  llvm::SmallVector<ONNXGraphValue> outputs;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    ONNXGraphValue value;
    value.name = output.name();
    if (auto it = producers.find(output.name()); it != producers.end()) {
      const onnx::NodeProto &node = graph.node(it->second);
      value.producer =
          formatONNXNodeLabel(it->second, node.name(), node.op_type());
      value.producerOpType = node.op_type();
      value.producerDomain = node.domain();
    }
    if (output.has_type()) {
      llvm::Expected<TensorType> type =
          convertONNXType(output.type(), context, "graph output");
      if (type)
        value.declaredType = *type;
      else
        llvm::consumeError(type.takeError());
    }
    outputs.push_back(std::move(value));
  }
  return outputs;
}

/// Whether input 1 of a default-domain node `opType` at `opset` is a shape
/// or axes operand (SONNXProfileOps.def; the importers read them so).
static bool takesShapeInput(StringRef opType, int64_t opset) {
  std::optional<ProfileOp> op = lookupONNXOp(opType);
  return op && takesShapeOperand(*op, opset);
}

llvm::SmallVector<std::string> ONNXModel::getShapeInputs() const {
  const onnx::ModelProto &model = impl->model;
  SmallVector<int64_t> versions = getDefaultOpsets(model);
  if (versions.size() != 1 || versions.front() < 1 ||
      versions.front() > kMaxSupportedOpset)
    return {};
  int64_t opset = versions.front();
  const onnx::GraphProto &graph = model.graph();
  // The values read as shapes or axes; then, from the last node back (the
  // nodes are in topological order), the inputs of the Identity nodes that
  // define one of them, which the importer replaces by their input.
  llvm::StringSet<> shapeValues;
  for (const onnx::NodeProto &node : graph.node())
    if ((node.domain().empty() || node.domain() == "ai.onnx") &&
        node.input_size() > 1 && takesShapeInput(node.op_type(), opset))
      shapeValues.insert(node.input(1));
  for (const onnx::NodeProto &node : llvm::reverse(graph.node()))
    if ((node.domain().empty() || node.domain() == "ai.onnx") &&
        node.op_type() == "Identity" && node.input_size() == 1 &&
        node.output_size() == 1 && shapeValues.contains(node.output(0)))
      shapeValues.insert(node.input(0));
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : graph.initializer())
    initializers.insert(init.name());
  llvm::SmallVector<std::string> names;
  for (const onnx::ValueInfoProto &input : graph.input())
    if (!initializers.contains(input.name()) &&
        shapeValues.contains(input.name()))
      names.push_back(input.name());
  return names;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp>
mlir::sonnx::importONNXModel(llvm::StringRef bytes, MLIRContext *context,
                             const ImportOptions &options) {
  Location loc = FileLineColLoc::get(context, options.sourceName, 0, 0);
  std::unique_ptr<ONNXModel> model = ONNXModel::parse(bytes, loc);
  if (!model)
    return nullptr;
  return model->import(context, options);
}

std::string mlir::sonnx::formatShapeOption(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, size] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(size);
  return text;
}

llvm::Error mlir::sonnx::addInputShapeOption(ImportOptions &options,
                                             StringRef option) {
  auto fail = [&] {
    return llvm::createStringError(
        "--input-shape expects NAME=D0xD1x... (sizes >= 0), got '" + option +
        "'");
  };
  auto [name, text] = option.rsplit('=');
  if (name.empty() || !option.contains('='))
    return fail();
  SmallVector<int64_t> shape;
  if (!text.empty()) {
    SmallVector<StringRef> parts;
    text.split(parts, 'x');
    for (StringRef part : parts) {
      int64_t size;
      if (part.empty() || part.getAsInteger(10, size) || size < 0)
        return fail();
      shape.push_back(size);
    }
  }
  if (!options.inputShapes.try_emplace(name, std::move(shape)).second)
    return llvm::createStringError("--input-shape gives graph input '" + name +
                                   "' more than once");
  return llvm::Error::success();
}

llvm::Error mlir::sonnx::addConstantInputOption(ImportOptions &options,
                                                llvm::StringRef option,
                                                MLIRContext *context) {
  auto [name, file] = option.split('=');
  if (name.empty() || file.empty())
    return llvm::createStringError(
        "--constant-input expects NAME=FILE.pb, got '" + option + "'");
  llvm::Expected<DenseElementsAttr> value = readTensorFile(file, context);
  if (!value)
    return llvm::createStringError("--constant-input " + name + ": " +
                                   llvm::toString(value.takeError()));
  options.constantInputs[name] = *value;
  return llvm::Error::success();
}

OwningOpRef<ModuleOp>
mlir::sonnx::importONNXModelFile(llvm::StringRef path, MLIRContext *context,
                                 const ImportOptions &options) {
  ImportOptions fileOptions = options;
  if (fileOptions.sourceName == ImportOptions().sourceName)
    fileOptions.sourceName = path == "-" ? "<stdin>" : path.str();
  Location loc = FileLineColLoc::get(context, fileOptions.sourceName, 0, 0);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false);
  if (!buffer) {
    mlir::emitError(loc) << "cannot read the model: "
                         << buffer.getError().message();
    return nullptr;
  }
  return importONNXModel((*buffer)->getBuffer(), context, fileOptions);
}
