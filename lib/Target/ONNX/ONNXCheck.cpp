//===- ONNXCheck.cpp - check any ONNX model against the profile -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// sonnx-check's model check: ONNX's shape inference on a copy of the model,
// the import of every node (ONNXImport.cpp, check mode: the verdicts of the
// shape nodes), then the general rules over the whole model: every value
// type (`profile.types`) and, in strict mode, every attribute left to its
// default (`profile.GR4`, from ONNX's operator schemas).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXCheck.h"

#include "Importer.h"
#include "ONNXLibrary.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;

llvm::StringRef mlir::sonnx::getCheckedRuleText(CheckedRule rule) {
  if (const RuleID *opRule = std::get_if<RuleID>(&rule))
    return getRuleText(*opRule);
  return getProfileRuleText(std::get<ProfileRule>(rule));
}

llvm::StringRef mlir::sonnx::getVerdictName(ShapeNodeVerdict verdict) {
  switch (verdict) {
  case ShapeNodeVerdict::Conforms:
    return "conforms";
  case ShapeNodeVerdict::Breaks:
    return "breaks";
  case ShapeNodeVerdict::RunTime:
    return "run-time";
  case ShapeNodeVerdict::Invalid:
    return "invalid";
  case ShapeNodeVerdict::Unchecked:
    return "unchecked";
  case ShapeNodeVerdict::NotTaken:
    return "not-taken";
  }
  return "";
}

std::string NodeScope::getLabel() const {
  if (kind == Kind::Function) {
    std::string label = llvm::formatv("function '{0}' (domain '{1}')",
                                      functionName, functionDomain)
                            .str();
    if (isCall())
      label =
          formatONNXNodeLabel(nodeIndex, nodeName, nodeOpType) + " > " + label;
    return label;
  }
  std::string label =
      formatONNXNodeLabel(nodeIndex, nodeName, nodeOpType) + " > " + attribute;
  if (graphIndex)
    label += "[" + std::to_string(*graphIndex) + "]";
  return label;
}

std::string NodeScope::describe() const {
  if (kind == Kind::Function) {
    std::string where = llvm::formatv("model-local function '{0}' of domain "
                                      "'{1}'",
                                      functionName, functionDomain)
                            .str();
    if (isCall()) {
      where += " called by node " + std::to_string(nodeIndex);
      if (!nodeName.empty())
        where += " '" + nodeName + "'";
    }
    return where;
  }
  std::string where = "the " + attribute;
  if (graphIndex)
    where += "[" + std::to_string(*graphIndex) + "]";
  where += " of " + nodeOpType + " node " + std::to_string(nodeIndex);
  if (!nodeName.empty())
    where += " '" + nodeName + "'";
  return where;
}

std::string mlir::sonnx::formatScopePrefix(ArrayRef<NodeScope> scopes) {
  std::string prefix;
  for (const NodeScope &scope : scopes)
    prefix += scope.getLabel() + " > ";
  return prefix;
}

std::string mlir::sonnx::getGraphKey(ArrayRef<NodeScope> scopes) {
  // Each text is preceded by its length: no name can fake a separator.
  std::string key;
  auto add = [&](StringRef text) {
    key += std::to_string(text.size()) + ":" + text.str();
  };
  for (const NodeScope &scope : scopes) {
    key += scope.kind == NodeScope::Kind::Function ? "f" : "g";
    key += std::to_string(scope.nodeIndex) + ",";
    add(scope.attribute);
    key += "," + (scope.graphIndex ? std::to_string(*scope.graphIndex) : "-");
    add(scope.functionDomain);
    add(scope.functionName);
    key += "/";
  }
  return key;
}

const llvm::StringMap<DenseElementsAttr> &
ONNXCheckResult::getFoldedValues(ArrayRef<NodeScope> scopes) const {
  static const llvm::StringMap<DenseElementsAttr> none;
  auto it = foldedValues.find(getGraphKey(scopes));
  return it == foldedValues.end() ? none : it->second;
}

std::string ShapeNodeCheck::getLabel() const {
  return formatScopePrefix(scopes) + formatONNXNodeLabel(index, name, opType);
}

bool mlir::sonnx::isElementwiseBroadcastOp(StringRef opType) {
  return llvm::is_contained({"Add",        "Sub",         "Mul",
                             "Div",        "Pow",         "Mod",
                             "BitShift",   "And",         "Or",
                             "Xor",        "BitwiseAnd",  "BitwiseOr",
                             "BitwiseXor", "Equal",       "Less",
                             "Greater",    "LessOrEqual", "GreaterOrEqual",
                             "Where",      "Max",         "Min",
                             "Sum",        "Mean",        "PRelu"},
                            opType);
}

bool ONNXCheckResult::breaksRule() const {
  auto breaks = [](const ShapeNodeCheck &node) {
    return node.verdict == ShapeNodeVerdict::Breaks ||
           node.verdict == ShapeNodeVerdict::Invalid;
  };
  if (llvm::any_of(getCheckedNodes(), breaks))
    return true;
  return llvm::any_of(modelFindings, [](const ModelFinding &finding) {
    return finding.finding.rule.has_value();
  });
}

bool ONNXCheckResult::isFullyChecked() const {
  auto unchecked = [](const ShapeNodeCheck &node) {
    return node.verdict == ShapeNodeVerdict::Unchecked;
  };
  return llvm::none_of(getCheckedNodes(), unchecked);
}

bool ONNXCheckResult::conforms() const {
  return !breaksRule() && isFullyChecked();
}

void mlir::sonnx::registerONNXCheckDialects(DialectRegistry &registry) {
  registerONNXImportDialects(registry);
  registry.insert<onnx_graph::ONNXGraphDialect>();
}

namespace {
/// A node that produces values, for the findings on them.
struct Producer {
  int64_t index;
  const onnx::NodeProto *node;
};
} // namespace

/// `profile.types` on the type of value `name`: a tensor of an element type
/// of the profile, or no type at all (nothing to check).
static void checkValueType(ONNXCheckResult &result, MLIRContext *context,
                           StringRef what, const onnx::TypeProto &type,
                           std::optional<Producer> producer) {
  std::string problem;
  switch (type.value_case()) {
  case onnx::TypeProto::kTensorType: {
    int32_t elementType = type.tensor_type().elem_type();
    if (elementType == 0 || getElementTypeForONNX(context, elementType))
      return;
    problem = llvm::formatv("has ONNX type {0}, which is not an element "
                            "type of the profile",
                            getONNXDataTypeName(elementType))
                  .str();
    break;
  }
  case onnx::TypeProto::kSequenceType:
    problem = "is a sequence; the profile takes tensors only";
    break;
  case onnx::TypeProto::kMapType:
    problem = "is a map; the profile takes tensors only";
    break;
  case onnx::TypeProto::kOptionalType:
    problem = "is an optional; the profile takes tensors only";
    break;
  case onnx::TypeProto::kSparseTensorType:
    problem = "is a sparse tensor; the profile takes dense tensors only";
    break;
  default:
    return;
  }
  ModelFinding finding;
  finding.finding.rule = ProfileRule::Types;
  finding.finding.message =
      llvm::formatv("{0} {1} [{2}]", what, problem,
                    getProfileRuleText(ProfileRule::Types))
          .str();
  if (producer) {
    finding.nodeIndex = producer->index;
    finding.nodeName = producer->node->name();
    finding.nodeOpType = producer->node->op_type();
  }
  result.modelFindings.push_back(std::move(finding));
}

/// Writes the static result type of each sonnx op of `module` into the
/// value_info of its graph in `model` (the main graph or the subgraph that
/// holds its node) where it says more than ONNX's (no type, or a size ONNX
/// does not know) and agrees with it; so too the result types of an If
/// typed from the branch it takes. Returns whether it wrote any.
static bool refineValueInfo(onnx::ModelProto &model, ModuleOp module) {
  // The inputs and outputs, and the value_info, of each graph (the main
  // graph and the subgraphs of the nodes, at every depth), by its key.
  struct GraphInfos {
    onnx::GraphProto *graph = nullptr;
    llvm::StringSet<> boundary;
    llvm::StringMap<onnx::ValueInfoProto *> infos;
  };
  llvm::StringMap<GraphInfos> graphs;
  auto getGraphInfos = [&](ArrayRef<NodeScope> scopes) -> GraphInfos * {
    GraphInfos &entry = graphs[getGraphKey(scopes)];
    if (entry.graph)
      return &entry;
    entry.graph = findScopedGraph(*model.mutable_graph(), scopes);
    if (!entry.graph)
      return nullptr;
    for (const onnx::ValueInfoProto &info : entry.graph->input())
      entry.boundary.insert(info.name());
    for (const onnx::ValueInfoProto &info : entry.graph->output())
      entry.boundary.insert(info.name());
    for (onnx::ValueInfoProto &info : *entry.graph->mutable_value_info())
      entry.infos[info.name()] = &info;
    return &entry;
  };
  // Writes `type` for value `name` of `graph`; whether it said more.
  auto write = [](GraphInfos &graph, const std::string &name, Type type) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    std::optional<int32_t> dataType =
        ranked ? getONNXDataTypeFor(ranked.getElementType()) : std::nullopt;
    if (!ranked || !ranked.hasStaticShape() || !dataType || name.empty() ||
        graph.boundary.contains(name))
      return false;
    onnx::ValueInfoProto *&info = graph.infos[name];
    if (!info) {
      info = graph.graph->add_value_info();
      info->set_name(name);
    }
    onnx::TypeProto_Tensor *tensor =
        info->mutable_type()->mutable_tensor_type();
    if (tensor->elem_type() != 0 && tensor->elem_type() != *dataType)
      return false;
    if (tensor->has_shape()) {
      const onnx::TensorShapeProto &shape = tensor->shape();
      if (shape.dim_size() != ranked.getRank())
        return false;
      bool knowsMore = false;
      for (auto [dim, size] : llvm::zip(shape.dim(), ranked.getShape())) {
        if (dim.has_dim_value() && dim.dim_value() != size)
          return false;
        knowsMore |= !dim.has_dim_value();
      }
      if (!knowsMore)
        return false;
    }
    tensor->set_elem_type(*dataType);
    onnx::TensorShapeProto *shape = tensor->mutable_shape();
    shape->clear_dim();
    for (int64_t size : ranked.getShape())
      shape->add_dim()->set_dim_value(size);
    return true;
  };
  // The sonnx ops, and the Ifs typed from the branch they take.
  bool refined = false;
  module.walk([&](Operation *op) {
    auto ifNode = dyn_cast<onnx_graph::NodeOp>(op);
    bool isIf = ifNode && ifNode.getOpType() == "If";
    if (!(isa<SONNXDialect>(op->getDialect()) && op->getNumResults() == 1) &&
        !isIf)
      return;
    std::optional<ONNXNodeAttr> node = getONNXNode(op->getLoc());
    std::optional<SmallVector<NodeScope>> scopes =
        node ? getCheckedOpScopes(op) : std::nullopt;
    GraphInfos *graph = scopes ? getGraphInfos(*scopes) : nullptr;
    if (!graph || node->getIndex() < 0 ||
        node->getIndex() >= graph->graph->node_size())
      return;
    const onnx::NodeProto &proto = graph->graph->node(node->getIndex());
    if (static_cast<int>(op->getNumResults()) != proto.output_size())
      return;
    for (auto [name, result] : llvm::zip(proto.output(), op->getResults()))
      refined |= write(*graph, name, result.getType());
  });
  return refined;
}

std::optional<SmallVector<NodeScope>>
mlir::sonnx::getCheckedOpScopes(Operation *op) {
  SmallVector<NodeScope> scopes;
  for (Operation *parent = op->getParentOp();
       !isa_and_nonnull<func::FuncOp>(parent);
       op = parent, parent = op->getParentOp()) {
    auto node = dyn_cast_or_null<onnx_graph::NodeOp>(parent);
    std::optional<ONNXNodeAttr> attr =
        node ? getONNXNode(node.getLoc()) : std::nullopt;
    ArrayAttr bodies = node ? node.getBodiesAttr() : ArrayAttr();
    unsigned region = op->getParentRegion()->getRegionNumber();
    if (!attr || !bodies || region >= bodies.size())
      return std::nullopt;
    auto description = dyn_cast<DictionaryAttr>(bodies[region]);
    if (!description || description.get("function"))
      return std::nullopt;
    NodeScope scope;
    scope.nodeIndex = attr->getIndex();
    scope.nodeName = attr->getName().str();
    scope.nodeOpType = attr->getOpType().str();
    if (auto name = description.getAs<StringAttr>("attribute"))
      scope.attribute = name.str();
    if (auto index = description.getAs<IntegerAttr>("index"))
      scope.graphIndex = index.getInt();
    scopes.push_back(std::move(scope));
  }
  std::reverse(scopes.begin(), scopes.end());
  return scopes;
}

onnx::GraphProto *mlir::sonnx::findScopedGraph(onnx::GraphProto &graph,
                                               ArrayRef<NodeScope> scopes) {
  onnx::GraphProto *current = &graph;
  for (const NodeScope &scope : scopes) {
    if (scope.kind != NodeScope::Kind::Subgraph || scope.nodeIndex < 0 ||
        scope.nodeIndex >= current->node_size())
      return nullptr;
    onnx::AttributeProto *attr =
        findAttribute(*current->mutable_node(scope.nodeIndex), scope.attribute);
    if (!attr || !isGraphAttribute(*attr))
      return nullptr;
    if (attr->type() != onnx::AttributeProto_AttributeType_GRAPHS) {
      current = attr->mutable_g();
      continue;
    }
    if (!scope.graphIndex || *scope.graphIndex < 0 ||
        *scope.graphIndex >= attr->graphs_size())
      return nullptr;
    current = attr->mutable_graphs(static_cast<int>(*scope.graphIndex));
  }
  return current;
}

onnx::AttributeProto *mlir::sonnx::findAttribute(onnx::NodeProto &node,
                                                 StringRef name) {
  for (onnx::AttributeProto &attr : *node.mutable_attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

bool mlir::sonnx::isGraphAttribute(const onnx::AttributeProto &attr) {
  return attr.type() == onnx::AttributeProto_AttributeType_GRAPH ||
         attr.type() == onnx::AttributeProto_AttributeType_GRAPHS ||
         (attr.type() == onnx::AttributeProto_AttributeType_UNDEFINED &&
          attr.has_g());
}

void mlir::sonnx::forEachNodeGraph(
    const onnx::NodeProto &node, int64_t index,
    llvm::function_ref<void(const NodeScope &, const onnx::GraphProto &)> fn) {
  llvm::StringSet<> seen;
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name().empty() || !seen.insert(attr.name()).second ||
        !isGraphAttribute(attr))
      continue;
    NodeScope scope;
    scope.nodeIndex = index;
    scope.nodeName = node.name();
    scope.nodeOpType = node.op_type();
    scope.attribute = attr.name();
    if (attr.type() != onnx::AttributeProto_AttributeType_GRAPHS) {
      scope.graphName = attr.g().name();
      fn(scope, attr.g());
      continue;
    }
    for (auto [k, graph] : llvm::enumerate(attr.graphs())) {
      scope.graphIndex = static_cast<int64_t>(k);
      scope.graphName = graph.name();
      fn(scope, graph);
    }
  }
}

namespace {
/// Counts the nodes of the model-local functions that no node calls (their
/// subgraphs included) and gives each of their shape nodes the verdict
/// NotTaken, with its path: they never run. (The import checks the
/// subgraphs of the graph and the functions at their call sites.)
struct NestedNodes {
  ONNXCheckResult &result;
  SmallVector<NodeScope> scopes;

  /// The graphs held by the attributes of the nodes of `nodes`.
  void visitSubgraphs(
      const google::protobuf::RepeatedPtrField<onnx::NodeProto> &nodes) {
    for (auto [index, node] : llvm::enumerate(nodes))
      forEachNodeGraph(
          node, static_cast<int64_t>(index),
          [&](const NodeScope &scope, const onnx::GraphProto &graph) {
            visitGraph(scope, graph.node());
          });
  }

  /// The nodes `nodes` of a subgraph or function reached through `scope`.
  void
  visitGraph(NodeScope scope,
             const google::protobuf::RepeatedPtrField<onnx::NodeProto> &nodes) {
    scopes.push_back(std::move(scope));
    for (auto [index, node] : llvm::enumerate(nodes)) {
      ++result.numFunctionNodes;
      bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
      if (!defaultDomain || !lookupONNXOp(node.op_type())) {
        ++result.numOtherNodes;
        continue;
      }
      ShapeNodeCheck entry;
      entry.scopes.assign(scopes.begin(), scopes.end());
      entry.index = static_cast<int64_t>(index);
      entry.name = node.name();
      entry.opType = node.op_type();
      entry.verdict = ShapeNodeVerdict::NotTaken;
      entry.uncheckedReason = "never runs: " + scopes.front().describe() +
                              " is not called by any node of the model";
      result.shapeNodes.push_back(std::move(entry));
    }
    visitSubgraphs(nodes);
    scopes.pop_back();
  }
};
} // namespace

/// The nodes of the model-local functions of `model` that no node calls:
/// counted, their shape nodes NotTaken.
static void addUncalledFunctionNodes(ONNXCheckResult &result,
                                     const onnx::ModelProto &model) {
  NestedNodes nested{result, {}};
  for (const onnx::FunctionProto &function : model.functions()) {
    if (result.calledFunctions.count({function.domain(), function.name()}))
      continue;
    NodeScope scope;
    scope.kind = NodeScope::Kind::Function;
    scope.functionDomain = function.domain();
    scope.functionName = function.name();
    nested.visitGraph(std::move(scope), function.node());
  }
}

/// The general rules over graph `graph`, reached through `scopes` (empty
/// for the main graph), and over its subgraphs at every depth:
/// `profile.types` on its inputs, initializers and node outputs (the types
/// ONNX declares or infers), and in strict mode `profile.GR4` on its nodes
/// that are no shape op (the import reports those of the shape nodes).
static void checkGraphRules(ONNXCheckResult &result, MLIRContext *context,
                            const onnx::GraphProto &graph,
                            ArrayRef<NodeScope> scopes, bool strict) {
  // "graph input 'x'", or "graph input 'x' of the body of Loop node 0".
  auto where = [&](std::string what) {
    if (!scopes.empty())
      what += " of " + scopes.back().describe();
    return what;
  };
  auto addFinding = [&](ModelFinding finding) {
    finding.scopes.assign(scopes.begin(), scopes.end());
    result.modelFindings.push_back(std::move(finding));
  };
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : graph.initializer()) {
    initializers.insert(init.name());
    if (!getElementTypeForONNX(context, init.data_type())) {
      ModelFinding finding;
      finding.finding.rule = ProfileRule::Types;
      finding.finding.message =
          llvm::formatv("{0} has ONNX type {1}, which is not an element "
                        "type of the profile [{2}]",
                        where(llvm::formatv("initializer '{0}'", init.name())),
                        getONNXDataTypeName(init.data_type()),
                        getProfileRuleText(ProfileRule::Types))
              .str();
      addFinding(std::move(finding));
    }
  }
  size_t first = result.modelFindings.size();
  for (const onnx::ValueInfoProto &input : graph.input())
    if (!initializers.contains(input.name()) && input.has_type())
      checkValueType(result, context,
                     where(llvm::formatv("graph input '{0}'", input.name())),
                     input.type(), std::nullopt);
  llvm::StringMap<const onnx::TypeProto *> types;
  for (const onnx::ValueInfoProto &info : graph.value_info())
    if (info.has_type())
      types[info.name()] = &info.type();
  for (const onnx::ValueInfoProto &info : graph.output())
    if (info.has_type())
      types[info.name()] = &info.type();
  for (auto [index, node] : llvm::enumerate(graph.node()))
    for (const std::string &output : node.output())
      if (auto it = types.find(output); !output.empty() && it != types.end())
        checkValueType(result, context,
                       llvm::formatv("value '{0}'", output).str(), *it->second,
                       Producer{static_cast<int64_t>(index), &node});
  for (ModelFinding &finding : llvm::drop_begin(result.modelFindings, first))
    finding.scopes.assign(scopes.begin(), scopes.end());

  for (auto [index, node] : llvm::enumerate(graph.node())) {
    bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
    if (strict && !(defaultDomain && lookupONNXOp(node.op_type()))) {
      for (const auto &[name, value] :
           getDefaultedAttributes(node, result.opset)) {
        ModelFinding finding;
        finding.finding.rule = ProfileRule::GR4;
        finding.finding.message =
            llvm::formatv("attribute '{0}' is left to its ONNX default ({1}); "
                          "the profile requires it to be given [{2}]",
                          name, value, getProfileRuleText(ProfileRule::GR4))
                .str();
        finding.nodeIndex = static_cast<int64_t>(index);
        finding.nodeName = node.name();
        finding.nodeOpType = node.op_type();
        addFinding(std::move(finding));
      }
    }
    // The graphs the node holds.
    forEachNodeGraph(node, static_cast<int64_t>(index),
                     [&](const NodeScope &scope, const onnx::GraphProto &body) {
                       SmallVector<NodeScope> inner(scopes.begin(),
                                                    scopes.end());
                       inner.push_back(scope);
                       checkGraphRules(result, context, body, inner, strict);
                     });
  }
}

FailureOr<ONNXCheckResult>
mlir::sonnx::checkModelProto(onnx::ModelProto &original, MLIRContext *context,
                             const ImportOptions &options) {
  ONNXCheckResult result;
  // The check rewrites a copy of the model (input shapes, inferred types);
  // the weights are lent to the copy rather than copied, and given back
  // whatever the outcome: the import's constants are the one copy of them
  // the check makes (docs/sonnx-convert.md, "Large models").
  std::vector<std::pair<int, std::string>> weights = takeLargeRawData(original);
  onnx::ModelProto model = original;
  restoreLargeRawData(model, std::move(weights));
  llvm::scope_exit giveBack(
      [&] { restoreLargeRawData(original, takeLargeRawData(model)); });
  // --input-shape fixes sizes before ONNX's shape inference, so that they
  // reach the values computed from the inputs; the import checks each
  // shape against the declaration (a contradiction is an error there).
  for (onnx::ValueInfoProto &input : *model.mutable_graph()->mutable_input()) {
    auto it = options.inputShapes.find(input.name());
    if (it == options.inputShapes.end() || !input.type().has_tensor_type())
      continue;
    onnx::TensorShapeProto *shape =
        input.mutable_type()->mutable_tensor_type()->mutable_shape();
    if (shape->dim_size() != static_cast<int>(it->second.size()) ||
        llvm::any_of(llvm::zip(shape->dim(), it->second), [](auto pair) {
          const auto &[dim, size] = pair;
          return dim.has_dim_value() && dim.dim_value() != size;
        }))
      continue;
    for (auto [dim, size] : llvm::zip(*shape->mutable_dim(), it->second))
      if (!dim.has_dim_value()) {
        dim.clear_dim_param();
        dim.set_dim_value(size);
      }
  }
  SmallVector<int64_t> opsets = getDefaultOpsets(model);
  // Shape inference needs a known opset (the import reports the others).
  if (opsets.size() == 1 && opsets[0] >= 1 && opsets[0] <= kMaxSupportedOpset)
    result.shapeInferenceError = inferONNXShapes(model);
  else
    result.shapeInferenceError =
        "not run: the model does not import one default-domain opset from 1 "
        "to " +
        std::to_string(kMaxSupportedOpset);

  result.module = importModelProtoForCheck(model, context, options, result);
  if (!result.module)
    return failure();
  result.inferenceRounds = 1;
  // The types sonnx infers for the shape ops' results (from folded shapes)
  // go back to ONNX's shape inference, so that the nodes after them get
  // types too; then the model is checked again with them, until nothing
  // changes (a fixpoint: each round only makes sizes known) or for
  // kMaxInferenceRounds rounds.
  while (result.shapeInferenceError.empty() &&
         result.inferenceRounds < kMaxInferenceRounds &&
         refineValueInfo(model, *result.module)) {
    if (!inferONNXShapes(model).empty())
      break;
    ONNXCheckResult refined;
    refined.module = importModelProtoForCheck(model, context, options, refined);
    if (!refined.module)
      break;
    refined.inferenceRounds = result.inferenceRounds + 1;
    result = std::move(refined);
  }
  if (auto opset = getImportedOpset(*result.module))
    result.opset = *opset;
  const onnx::GraphProto &graph = model.graph();
  result.graphName = graph.name();
  result.numNodes = graph.node_size();
  addUncalledFunctionNodes(result, model);

  checkGraphRules(result, context, graph, {}, options.strictProfile);

  // The module must verify: a failure is a fault of sonnx, not of the model.
  if (failed(mlir::verify(*result.module))) {
    mlir::emitError(FileLineColLoc::get(context, options.sourceName, 0, 0))
        << "internal error: the checked module does not verify";
    return failure();
  }
  return result;
}

FailureOr<ONNXCheckResult>
mlir::sonnx::checkONNXModel(const ONNXModel &model, MLIRContext *context,
                            const ImportOptions &options) {
  return model.check(context, options);
}
