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
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "onnx/onnx_pb.h"
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <cerrno>
#include <climits>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

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

/// A model of more than INT_MAX bytes: protobuf's limit.
static std::nullptr_t refuseTooLarge(Location loc) {
  mlir::emitError(loc)
      << "the file is larger than 2 GiB; models with external data are "
         "not supported";
  return nullptr;
}

/// `result`, whose model was read from `size` bytes (`parsed`: whether
/// protobuf read them), or null with the error that says why it is no
/// model: empty, malformed, or without a graph.
static std::unique_ptr<ONNXModel> finishParse(std::unique_ptr<ONNXModel> result,
                                              const onnx::ModelProto &model,
                                              bool parsed, uint64_t size,
                                              Location loc) {
  if (size == 0) {
    mlir::emitError(loc) << "the file is empty, not an ONNX model";
    return nullptr;
  }
  if (!parsed) {
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

std::unique_ptr<ONNXModel> ONNXModel::parse(llvm::StringRef bytes,
                                            Location loc) {
  if (bytes.size() > static_cast<size_t>(INT_MAX))
    return refuseTooLarge(loc);
  std::unique_ptr<ONNXModel> result(new ONNXModel());
  onnx::ModelProto &model = result->impl->model;
  bool parsed =
      model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  return finishParse(std::move(result), model, parsed, bytes.size(), loc);
}

std::unique_ptr<ONNXModel> ONNXModel::parseFile(llvm::StringRef path,
                                                Location loc) {
  auto cannotRead =
      [&](int error) {
        mlir::emitError(loc)
            << "cannot read the model: "
            << std::error_code(error, std::generic_category()).message();
        return nullptr;
      };
  int fd = 0;
  if (path != "-") {
    fd = ::open(path.str().c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return cannotRead(errno);
  }
  llvm::scope_exit closeFile([&] {
    if (fd != 0)
      ::close(fd);
  });
  struct stat status;
  if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
      static_cast<uint64_t>(status.st_size) > static_cast<uint64_t>(INT_MAX))
    return refuseTooLarge(loc);
  std::unique_ptr<ONNXModel> result(new ONNXModel());
  onnx::ModelProto &model = result->impl->model;
  google::protobuf::io::FileInputStream input(fd);
  bool parsed = model.ParseFromZeroCopyStream(&input);
  if (input.GetErrno() != 0)
    return cannotRead(input.GetErrno());
  return finishParse(std::move(result), model, parsed,
                     static_cast<uint64_t>(input.ByteCount()), loc);
}

namespace {
/// Protobuf's output, in pieces, into an LLVM stream.
class RawOstreamOutput : public google::protobuf::io::CopyingOutputStream {
public:
  explicit RawOstreamOutput(llvm::raw_ostream &os) : os(os) {}
  bool Write(const void *buffer, int size) override {
    // A write error stays in the stream, for its owner to see.
    os.write(static_cast<const char *>(buffer), static_cast<size_t>(size));
    return true;
  }

private:
  llvm::raw_ostream &os;
};
} // namespace

llvm::Error ONNXModel::write(llvm::raw_ostream &os) const {
  const onnx::ModelProto &model = impl->model;
  if (model.ByteSizeLong() > static_cast<size_t>(INT_MAX))
    return llvm::createStringError(
        "the model is larger than 2 GiB, the most a ModelProto holds");
  RawOstreamOutput output(os);
  bool written;
  {
    google::protobuf::io::CopyingOutputStreamAdaptor adaptor(&output);
    written = model.SerializeToZeroCopyStream(&adaptor) && adaptor.Flush();
  }
  if (!written)
    return llvm::createStringError("the model cannot be serialized");
  return llvm::Error::success();
}

OwningOpRef<ModuleOp> ONNXModel::import(MLIRContext *context,
                                        const ImportOptions &options) const {
  return importModelProto(impl->model, context, options);
}

FailureOr<ONNXCheckResult>
ONNXModel::check(MLIRContext *context, const ImportOptions &options) const {
  return checkModelProto(impl->model, context, options);
}

FailureOr<ConvertResult> ONNXModel::convert(MLIRContext *context,
                                            const ConvertOptions &options) {
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

namespace {
/// The external data locations of the tensors of a model.
struct ExternalDataFiles {
  llvm::SmallVector<std::string> files;
  llvm::StringSet<> seen;
  std::optional<std::string> error;

  void visitTensor(const onnx::TensorProto &tensor) {
    if (tensor.data_location() != onnx::TensorProto_DataLocation_EXTERNAL)
      return;
    std::string location;
    for (const onnx::StringStringEntryProto &entry : tensor.external_data())
      if (entry.key() == "location")
        location = entry.value();
    llvm::StringRef path(location);
    bool escapes =
        path.empty() || llvm::sys::path::is_absolute(path) ||
        llvm::any_of(llvm::make_range(llvm::sys::path::begin(path),
                                      llvm::sys::path::end(path)),
                     [](llvm::StringRef part) { return part == ".."; });
    if (escapes && !error)
      error = llvm::formatv("tensor '{0}' keeps its values in external data "
                            "at '{1}', which is not a relative path inside "
                            "the model's directory",
                            tensor.name(), location)
                  .str();
    if (!escapes && seen.insert(location).second)
      files.push_back(location);
  }
  void
  visitNodes(const google::protobuf::RepeatedPtrField<onnx::NodeProto> &nodes) {
    for (const onnx::NodeProto &node : nodes)
      for (const onnx::AttributeProto &attr : node.attribute()) {
        if (attr.has_t())
          visitTensor(attr.t());
        for (const onnx::TensorProto &tensor : attr.tensors())
          visitTensor(tensor);
        if (attr.has_g())
          visitGraph(attr.g());
        for (const onnx::GraphProto &graph : attr.graphs())
          visitGraph(graph);
      }
  }
  void visitGraph(const onnx::GraphProto &graph) {
    for (const onnx::TensorProto &init : graph.initializer())
      visitTensor(init);
    visitNodes(graph.node());
  }
};
} // namespace

llvm::Expected<llvm::SmallVector<std::string>>
ONNXModel::getExternalDataFiles() const {
  ExternalDataFiles external;
  external.visitGraph(impl->model.graph());
  for (const onnx::FunctionProto &function : impl->model.functions())
    external.visitNodes(function.node());
  if (external.error)
    return llvm::createStringError(*external.error);
  return std::move(external.files);
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
