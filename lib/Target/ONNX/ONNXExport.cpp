//===- ONNXExport.cpp - sonnx MLIR module to ONNX model -------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The reverse of the importer's check mode (ONNXCheckImport.cpp): a module
// of sonnx ops, arith.constant and onnx_graph.node is written back as a
// ModelProto (ONNXExport.h).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXExport.h"

#include "Importer.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "SONNX/Version.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

#include <climits>
#include <set>

using namespace mlir;
using namespace mlir::sonnx;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// How messages name op `op`: its ONNX node when it has one.
static std::string describeOp(Operation *op) {
  if (std::optional<ONNXNodeAttr> node = getONNXNode(op->getLoc()))
    return node->getLabel() + " ('" + op->getName().getStringRef().str() + "')";
  return "op '" + op->getName().getStringRef().str() + "'";
}

/// The name in label `label` after `kind` ("initializer 'w'" -> "w"), the
/// last such in a path of scopes.
static std::optional<std::string> getLabelName(StringRef label,
                                               StringRef kind) {
  std::string prefix = (kind + " '").str();
  size_t start = label.rfind(prefix);
  if (start == StringRef::npos || !label.ends_with("'"))
    return std::nullopt;
  start += prefix.size();
  if (start > label.size() - 1)
    return std::nullopt;
  return label.slice(start, label.size() - 1).str();
}

/// The name of the initializer or constant graph input that a constant was
/// imported from (its NameLoc label), if any.
static std::optional<std::string> getInitializerName(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  if (!name)
    return std::nullopt;
  StringRef label = name.getName().getValue();
  if (std::optional<std::string> init = getLabelName(label, "initializer"))
    return init;
  return getLabelName(label, "graph input");
}

llvm::Error mlir::sonnx::convertAttrToONNXAttribute(StringRef name,
                                                    Attribute attr,
                                                    onnx::AttributeProto &out) {
  out.set_name(name.str());
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_INT);
    out.set_i(integer.getValue().getSExtValue());
  } else if (auto real = dyn_cast<FloatAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_FLOAT);
    out.set_f(static_cast<float>(real.getValueAsDouble()));
  } else if (auto string = dyn_cast<StringAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_STRING);
    out.set_s(string.getValue().str());
  } else if (auto ints = dyn_cast<DenseI64ArrayAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_INTS);
    for (int64_t value : ints.asArrayRef())
      out.add_ints(value);
  } else if (auto floats = dyn_cast<DenseF32ArrayAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_FLOATS);
    for (float value : floats.asArrayRef())
      out.add_floats(value);
  } else if (auto array = dyn_cast<ArrayAttr>(attr)) {
    out.set_type(onnx::AttributeProto_AttributeType_STRINGS);
    for (Attribute element : array) {
      auto string = dyn_cast<StringAttr>(element);
      if (!string)
        return makeError("attribute '" + name +
                         "' is an array of other values than strings");
      out.add_strings(string.getValue().str());
    }
  } else if (auto tensor = dyn_cast<DenseElementsAttr>(attr)) {
    llvm::Expected<onnx::TensorProto> proto =
        convertAttrToTensorProto(tensor, "");
    if (!proto)
      return makeError("attribute '" + name +
                       "': " + llvm::toString(proto.takeError()));
    out.set_type(onnx::AttributeProto_AttributeType_TENSOR);
    *out.mutable_t() = std::move(*proto);
  } else {
    return makeError("attribute '" + name + "' has no ONNX attribute type");
  }
  return llvm::Error::success();
}

/// Writes `type` into `out`: a tensor's element type and, when ranked, its
/// sizes (a dynamic size is a dimension without value). False for a type
/// that is no tensor of an ONNX element type.
static bool convertType(Type type, onnx::TypeProto &out) {
  auto tensor = dyn_cast<TensorType>(type);
  if (!tensor)
    return false;
  std::optional<int32_t> dataType = getONNXDataTypeFor(tensor.getElementType());
  if (!dataType)
    return false;
  onnx::TypeProto_Tensor *tensorType = out.mutable_tensor_type();
  tensorType->set_elem_type(*dataType);
  if (auto ranked = dyn_cast<RankedTensorType>(tensor)) {
    onnx::TensorShapeProto *shape = tensorType->mutable_shape();
    for (int64_t size : ranked.getShape()) {
      onnx::TensorShapeProto_Dimension *dim = shape->add_dim();
      if (!ShapedType::isDynamic(size))
        dim->set_dim_value(size);
    }
  }
  return true;
}

namespace {
/// Writes the graphs of one module.
class Exporter {
public:
  Exporter(int64_t opset) : opset(opset) {}

  /// Reserves every name the module gives: graph inputs and outputs,
  /// initializers, the inputs and outputs of bodies.
  void reserveNames(ModuleOp module);

  llvm::Error exportFunction(func::FuncOp func, onnx::GraphProto &graph);

  /// The domains (other than the default) of the nodes written.
  std::set<std::string> domains;

private:
  /// Writes the ops of `block` into `graph`; `outputNames` name the values
  /// of its terminator (the graph's outputs).
  llvm::Error exportBlock(Block &block, onnx::GraphProto &graph,
                          ArrayRef<std::string> outputNames);
  llvm::Error exportOp(Operation *op, onnx::GraphProto &graph);
  llvm::Error exportNode(onnx_graph::NodeOp op, onnx::NodeProto &node);
  /// The inputs and attributes of the node of profile op `op`, whose op
  /// type is set (its ONNX op type of SONNXProfileOps.def).
  llvm::Error exportShapeOp(ProfileOpInterface op, onnx::NodeProto &node);
  /// The ONNX name of `value`, written into the graph of its block first
  /// when it is a constant not yet written.
  llvm::Expected<std::string> getName(Value value);
  llvm::Error exportConstant(arith::ConstantOp op);
  /// An initializer the module holds no values of: one kept in external
  /// data is written with the same external data entries; any other is an
  /// error.
  llvm::Error exportValuelessConstant(onnx_graph::NodeOp op,
                                      onnx::GraphProto &graph);
  /// A new name no value of the model has.
  std::string makeName();
  /// Sets the node's name from the op's location.
  static void setNodeName(Operation *op, onnx::NodeProto &node);

  int64_t opset;
  int64_t counter = 0;
  llvm::StringSet<> used;
  llvm::DenseMap<Value, std::string> names;
  llvm::DenseMap<Block *, onnx::GraphProto *> graphs;
};
} // namespace

void Exporter::reserveNames(ModuleOp module) {
  module.walk([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        if (auto name = func.getArgAttrOfType<StringAttr>(i, kONNXNameAttrName))
          used.insert(name.getValue());
      for (unsigned i = 0; i < func.getNumResults(); ++i)
        if (auto name =
                func.getResultAttrOfType<StringAttr>(i, kONNXNameAttrName))
          used.insert(name.getValue());
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (std::optional<std::string> name =
              getInitializerName(constant.getLoc()))
        used.insert(*name);
    } else if (auto node = dyn_cast<onnx_graph::NodeOp>(op)) {
      if (node->hasAttr(kONNXExternalDataAttrName))
        if (std::optional<std::string> name = getInitializerName(op->getLoc()))
          used.insert(*name);
      if (ArrayAttr bodies = node.getBodiesAttr())
        for (auto body : bodies.getAsRange<DictionaryAttr>())
          for (StringRef key : {"inputs", "outputs"})
            if (auto list = body.getAs<ArrayAttr>(key))
              for (auto name : list.getAsRange<StringAttr>())
                used.insert(name.getValue());
    }
  });
}

std::string Exporter::makeName() {
  while (true) {
    std::string name = llvm::formatv("sonnx_{0}", counter++).str();
    if (used.insert(name).second)
      return name;
  }
}

void Exporter::setNodeName(Operation *op, onnx::NodeProto &node) {
  if (std::optional<ONNXNodeAttr> attr = getONNXNode(op->getLoc()))
    node.set_name(attr->getName().str());
}

llvm::Expected<std::string> Exporter::getName(Value value) {
  auto it = names.find(value);
  if (it != names.end())
    return it->second;
  if (auto constant = value.getDefiningOp<arith::ConstantOp>()) {
    if (llvm::Error error = exportConstant(constant))
      return std::move(error);
    return names[value];
  }
  if (Operation *op = value.getDefiningOp())
    return makeError("a value of " + describeOp(op) +
                     " is used before the op is written");
  return makeError("a block argument has no ONNX name");
}

llvm::Error Exporter::exportConstant(arith::ConstantOp op) {
  auto value = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!value)
    return makeError(describeOp(op) + ": the constant is no dense tensor");
  onnx::GraphProto *graph = graphs.lookup(op->getBlock());
  if (!graph)
    return makeError(describeOp(op) + ": the constant is outside any graph");
  std::string &name = names[op.getResult()];
  if (name.empty()) {
    std::optional<std::string> known = getInitializerName(op.getLoc());
    name = known ? *known : makeName();
  }
  llvm::Expected<onnx::TensorProto> tensor =
      convertAttrToTensorProto(value, name);
  if (!tensor)
    return makeError(describeOp(op) + ": " +
                     llvm::toString(tensor.takeError()));
  std::optional<ONNXNodeAttr> node = getONNXNode(op.getLoc());
  if (node && node->getOpType() == "Constant") {
    onnx::NodeProto *proto = graph->add_node();
    proto->set_op_type("Constant");
    proto->set_name(node->getName().str());
    proto->add_output(name);
    onnx::AttributeProto *attr = proto->add_attribute();
    attr->set_name("value");
    attr->set_type(onnx::AttributeProto_AttributeType_TENSOR);
    tensor->clear_name();
    *attr->mutable_t() = std::move(*tensor);
    return llvm::Error::success();
  }
  *graph->add_initializer() = std::move(*tensor);
  return llvm::Error::success();
}

llvm::Error Exporter::exportFunction(func::FuncOp func,
                                     onnx::GraphProto &graph) {
  Block &entry = func.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto name = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                  kONNXNameAttrName);
    std::string text = name ? name.getValue().str() : makeName();
    names[arg] = text;
    onnx::ValueInfoProto *input = graph.add_input();
    input->set_name(text);
    if (!convertType(arg.getType(), *input->mutable_type()))
      return makeError(llvm::formatv("graph input '{0}' has type {1}, which "
                                     "is no tensor of an ONNX element type",
                                     text, typeToString(arg.getType()))
                           .str());
  }
  SmallVector<std::string> outputNames;
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    auto name = func.getResultAttrOfType<StringAttr>(i, kONNXNameAttrName);
    outputNames.push_back(name ? name.getValue().str() : makeName());
  }
  return exportBlock(entry, graph, outputNames);
}

llvm::Error Exporter::exportBlock(Block &block, onnx::GraphProto &graph,
                                  ArrayRef<std::string> outputNames) {
  graphs[&block] = &graph;
  Operation *terminator = block.getTerminator();
  // An output an op of this graph computes takes the output's name; any
  // other (an input, a constant, an outer value, a value output twice) goes
  // through an Identity node.
  SmallVector<bool> viaIdentity;
  llvm::DenseSet<Value> named;
  for (auto [value, name] : llvm::zip(terminator->getOperands(), outputNames)) {
    Operation *def = value.getDefiningOp();
    bool direct = def && def->getBlock() == &block &&
                  !isa<arith::ConstantOp>(def) && !names.count(value) &&
                  named.insert(value).second;
    if (direct)
      names[value] = name;
    viaIdentity.push_back(!direct);
  }
  for (Operation &op : block.without_terminator())
    if (llvm::Error error = exportOp(&op, graph))
      return error;
  for (auto [value, name, identity] :
       llvm::zip(terminator->getOperands(), outputNames, viaIdentity)) {
    if (identity) {
      llvm::Expected<std::string> input = getName(value);
      if (!input)
        return input.takeError();
      onnx::NodeProto *node = graph.add_node();
      node->set_op_type("Identity");
      node->add_input(*input);
      node->add_output(name);
    }
    onnx::ValueInfoProto *output = graph.add_output();
    output->set_name(name);
    onnx::TypeProto type;
    if (convertType(value.getType(), type))
      *output->mutable_type() = std::move(type);
  }
  return llvm::Error::success();
}

llvm::Error Exporter::exportOp(Operation *op, onnx::GraphProto &graph) {
  // Constants are written where a node uses them.
  if (isa<arith::ConstantOp>(op))
    return llvm::Error::success();
  auto opaqueNode = dyn_cast<onnx_graph::NodeOp>(op);
  if (opaqueNode && opaqueNode.getOpType() == "Constant" &&
      opaqueNode.getDomain().empty() && opaqueNode.getInputs().empty() &&
      (!opaqueNode.getNodeAttributesAttr() ||
       opaqueNode.getNodeAttributesAttr().empty()))
    return exportValuelessConstant(opaqueNode, graph);
  onnx::NodeProto node;
  setNodeName(op, node);
  if (auto opaque = opaqueNode) {
    if (llvm::Error error = exportNode(opaque, node))
      return error;
  } else if (auto profileOp = dyn_cast<ProfileOpInterface>(op);
             profileOp && !profileOp.getInfo().onnxOpType.empty()) {
    node.set_op_type(profileOp.getInfo().onnxOpType.str());
    if (llvm::Error error = exportShapeOp(profileOp, node))
      return error;
  } else {
    return makeError(describeOp(op) + " has no ONNX node to write");
  }
  for (Value result : op->getResults()) {
    std::string &name = names[result];
    if (name.empty())
      name = makeName();
    node.add_output(name);
  }
  *graph.add_node() = std::move(node);
  return llvm::Error::success();
}

llvm::Error Exporter::exportValuelessConstant(onnx_graph::NodeOp op,
                                              onnx::GraphProto &graph) {
  auto external = op->getAttrOfType<DictionaryAttr>(kONNXExternalDataAttrName);
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<int32_t> dataType =
      type ? getONNXDataTypeFor(type.getElementType()) : std::nullopt;
  if (!external || !type || !type.hasStaticShape() || !dataType ||
      op->getNumResults() != 1)
    return makeError(describeOp(op) +
                     ": a constant whose values the module does not hold (an "
                     "initializer of a type outside the profile) cannot be "
                     "written");
  std::string &name = names[op->getResult(0)];
  if (name.empty()) {
    std::optional<std::string> known = getInitializerName(op->getLoc());
    name = known ? *known : makeName();
  }
  // The values stay where the model read kept them: the same external
  // data entries (the file is the model's, next to it).
  onnx::TensorProto *tensor = graph.add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(*dataType);
  for (int64_t size : type.getShape())
    tensor->add_dims(size);
  tensor->set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
  for (NamedAttribute entry : external) {
    auto value = dyn_cast<StringAttr>(entry.getValue());
    if (!value)
      return makeError(describeOp(op) + ": external data entry '" +
                       entry.getName().getValue() + "' is no string");
    onnx::StringStringEntryProto *proto = tensor->add_external_data();
    proto->set_key(entry.getName().getValue().str());
    proto->set_value(value.getValue().str());
  }
  return llvm::Error::success();
}

llvm::Error Exporter::exportNode(onnx_graph::NodeOp op, onnx::NodeProto &node) {
  node.set_op_type(op.getOpType().str());
  if (!op.getDomain().empty()) {
    node.set_domain(op.getDomain().str());
    if (op.getDomain() != "ai.onnx")
      domains.insert(op.getDomain().str());
  }
  ArrayRef<int64_t> absent;
  if (DenseI64ArrayAttr attr = op.getAbsentInputsAttr())
    absent = attr.asArrayRef();
  auto inputs = op.getInputs();
  size_t next = 0;
  for (int64_t position = 0;
       next < inputs.size() || llvm::is_contained(absent, position);
       ++position) {
    if (llvm::is_contained(absent, position)) {
      node.add_input("");
      continue;
    }
    llvm::Expected<std::string> name = getName(inputs[next++]);
    if (!name)
      return name.takeError();
    node.add_input(*name);
  }
  if (DictionaryAttr attrs = op.getNodeAttributesAttr())
    for (NamedAttribute attr : attrs)
      if (llvm::Error error = convertAttrToONNXAttribute(
              attr.getName().getValue(), attr.getValue(),
              *node.add_attribute()))
        return makeError(describeOp(op) + ": " +
                         llvm::toString(std::move(error)));
  ArrayAttr bodies = op.getBodiesAttr();
  if (op.getNumRegions() != 0 &&
      (!bodies || bodies.size() != op.getNumRegions()))
    return makeError(describeOp(op) +
                     ": its regions are not described by 'bodies'");
  for (auto [region, body] :
       llvm::zip(op.getGraphs(),
                 bodies ? bodies.getValue() : ArrayRef<Attribute>())) {
    auto description = cast<DictionaryAttr>(body);
    // A call of a model-local function holds the function's body as checked
    // at this call (ONNXGraphOps.td): no attribute of the node, and not the
    // function itself (its attribute references are bound to the call's).
    if (auto function = description.getAs<ArrayAttr>("function")) {
      std::string name;
      for (auto part : function.getAsRange<StringAttr>())
        name += (name.empty() ? "" : ".") + part.getValue().str();
      return makeError(describeOp(op) + ": it calls model-local function '" +
                       name +
                       "', which the module holds only as checked at each "
                       "call: the export cannot write the function "
                       "(sonnx-convert keeps the model's functions)");
    }
    auto attrName = description.getAs<StringAttr>("attribute");
    auto graphName = description.getAs<StringAttr>("graph");
    auto inputNames = description.getAs<ArrayAttr>("inputs");
    auto outputNames = description.getAs<ArrayAttr>("outputs");
    Block &block = region.front();
    if (!attrName || !inputNames || !outputNames ||
        inputNames.size() != block.getNumArguments() ||
        outputNames.size() != block.getTerminator()->getNumOperands())
      return makeError(describeOp(op) + ": a region's 'bodies' entry does not "
                                        "describe it");
    onnx::AttributeProto *attr = nullptr;
    if (description.contains("index")) {
      for (onnx::AttributeProto &existing : *node.mutable_attribute())
        if (existing.name() == attrName.getValue())
          attr = &existing;
      if (!attr) {
        attr = node.add_attribute();
        attr->set_name(attrName.getValue().str());
        attr->set_type(onnx::AttributeProto_AttributeType_GRAPHS);
      }
    } else {
      attr = node.add_attribute();
      attr->set_name(attrName.getValue().str());
      attr->set_type(onnx::AttributeProto_AttributeType_GRAPH);
    }
    onnx::GraphProto *graph =
        description.contains("index") ? attr->add_graphs() : attr->mutable_g();
    if (graphName)
      graph->set_name(graphName.getValue().str());
    for (auto [arg, name] :
         llvm::zip(block.getArguments(), inputNames.getAsRange<StringAttr>())) {
      names[arg] = name.getValue().str();
      onnx::ValueInfoProto *input = graph->add_input();
      input->set_name(name.getValue().str());
      onnx::TypeProto type;
      if (convertType(arg.getType(), type))
        *input->mutable_type() = std::move(type);
    }
    SmallVector<std::string> outputs;
    for (auto name : outputNames.getAsRange<StringAttr>())
      outputs.push_back(name.getValue().str());
    if (llvm::Error error = exportBlock(block, *graph, outputs))
      return error;
  }
  return llvm::Error::success();
}

/// The values of constant `value`, for a shape op's operand written as an
/// attribute (the attribute forms of Reshape-1 and Unsqueeze-1/11).
static std::optional<SmallVector<int64_t>> getConstantInts(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> ints;
  for (const APInt &v : attr.getValues<APInt>())
    ints.push_back(v.getSExtValue());
  return ints;
}

llvm::Error Exporter::exportShapeOp(ProfileOpInterface op,
                                    onnx::NodeProto &node) {
  auto addInput = [&](Value value) -> llvm::Error {
    llvm::Expected<std::string> name = getName(value);
    if (!name)
      return name.takeError();
    node.add_input(*name);
    return llvm::Error::success();
  };
  auto addInts = [&](StringRef name, Value value) -> llvm::Error {
    std::optional<SmallVector<int64_t>> ints = getConstantInts(value);
    if (!ints)
      return makeError(llvm::formatv("{0}: at opset {1} its {2} is an "
                                     "attribute, and the operand is no "
                                     "constant",
                                     describeOp(op), opset, name)
                           .str());
    onnx::AttributeProto *attr = node.add_attribute();
    attr->set_name(name.str());
    attr->set_type(onnx::AttributeProto_AttributeType_INTS);
    for (int64_t v : *ints)
      attr->add_ints(v);
    return llvm::Error::success();
  };
  auto addInt = [&](StringRef name, int64_t value) {
    onnx::AttributeProto *attr = node.add_attribute();
    attr->set_name(name.str());
    attr->set_type(onnx::AttributeProto_AttributeType_INT);
    attr->set_i(value);
  };
  switch (op.getProfileOp()) {
  case ProfileOp::Reshape: {
    auto reshape = cast<ReshapeOp>(op);
    if (llvm::Error error = addInput(reshape.getData()))
      return error;
    if (llvm::Error error = opset < kReshapeShapeInputOpset
                                ? addInts("shape", reshape.getShape())
                                : addInput(reshape.getShape()))
      return error;
    if (std::optional<uint64_t> allowZero = reshape.getAllowzero())
      addInt("allowzero", static_cast<int64_t>(*allowZero));
    return llvm::Error::success();
  }
  case ProfileOp::Unsqueeze: {
    auto unsqueeze = cast<UnsqueezeOp>(op);
    if (llvm::Error error = addInput(unsqueeze.getData()))
      return error;
    return opset < kUnsqueezeAxesInputOpset
               ? addInts("axes", unsqueeze.getAxes())
               : addInput(unsqueeze.getAxes());
  }
  case ProfileOp::Flatten: {
    auto flatten = cast<FlattenOp>(op);
    addInt("axis", flatten.getAxis());
    return addInput(flatten.getData());
  }
  case ProfileOp::Expand: {
    auto expand = cast<ExpandOp>(op);
    if (expand.getAxesMapping())
      return makeError(describeOp(op) +
                       ": ONNX's Expand has no axes_mapping (the RFC's "
                       "StaticExpand has)");
    if (llvm::Error error = addInput(expand.getData()))
      return error;
    return addInput(expand.getShape());
  }
  case ProfileOp::Broadcast:
    break;
  }
  return makeError(describeOp(op) + " has no ONNX node to write");
}

llvm::Expected<std::string>
mlir::sonnx::exportONNXModel(ModuleOp module, const ExportOptions &options) {
  std::optional<int64_t> opset = getImportedOpset(module);
  if (!opset)
    return makeError(llvm::Twine("the module has no '") + kONNXOpsetAttrName +
                     "' attribute: the default-domain opset to write");
  func::FuncOp main;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!options.functionName.empty() &&
        func.getSymName() != options.functionName)
      continue;
    if (main)
      return makeError("the module has more than one function; name the "
                       "main graph's");
    main = func;
  }
  if (!main || main.isExternal())
    return makeError(options.functionName.empty()
                         ? std::string("the module has no function with a body")
                         : "the module has no function '" +
                               options.functionName + "' with a body");

  Exporter exporter(*opset);
  exporter.reserveNames(module);
  onnx::ModelProto model;
  model.set_ir_version(options.irVersion);
  model.set_producer_name(kONNXProducerName.str());
  model.set_producer_version(SONNX_VERSION);
  onnx::GraphProto *graph = model.mutable_graph();
  if (auto name = module->getAttrOfType<StringAttr>("sonnx.onnx_graph"))
    graph->set_name(name.getValue().str());
  else
    graph->set_name(main.getSymName().str());
  if (llvm::Error error = exporter.exportFunction(main, *graph))
    return std::move(error);

  onnx::OperatorSetIdProto *defaultOpset = model.add_opset_import();
  defaultOpset->set_domain("");
  defaultOpset->set_version(*opset);
  // The versions of other domains are not kept by the import: version 1.
  for (const std::string &domain : exporter.domains) {
    onnx::OperatorSetIdProto *id = model.add_opset_import();
    id->set_domain(domain);
    id->set_version(1);
  }
  for (const auto &[key, value] : options.metadata) {
    onnx::StringStringEntryProto *entry = model.add_metadata_props();
    entry->set_key(key);
    entry->set_value(value);
  }
  if (model.ByteSizeLong() > static_cast<size_t>(INT_MAX))
    return makeError("the model is larger than 2 GiB, the most a ModelProto "
                     "holds");
  std::string bytes;
  if (!model.SerializeToString(&bytes))
    return makeError("the model cannot be serialized");
  return bytes;
}
