//===- ONNXCheckBodies.cpp - subgraphs, functions, elementwise nodes -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The Importer's check mode (ONNXCheckImport.cpp) inside the graphs a node
// holds: the bodies of If, Loop and Scan (and any GRAPH or GRAPHS
// attribute) and the model-local functions a node calls, imported into the
// regions of its onnx_graph.node with their scopes; and the verdict on
// broadcast.E1 of every elementwise node (docs/sonnx-check.md).
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::onnx_import;

std::string Importer::getScopePrefix() const {
  return check ? formatScopePrefix(check->scopes) : std::string();
}

/// Defines ONNX value `name` in check mode; a subgraph may shadow a value of
/// the graphs around it. False when `name` is already defined in the same
/// graph.
bool Importer::defineCheckValue(StringRef name, Value value) {
  if (values.isLocal(name))
    return false;
  if (values.contains(name))
    check->folded.erase(name); // A value of the graphs around, shadowed.
  values.set(name, value);
  return true;
}

void Importer::addNodeCheck(ShapeNodeCheck entry, bool elementwise) {
  entry.scopes.assign(check->scopes.begin(), check->scopes.end());
  entry.varying = check->nodeReadsVarying;
  if (!check->notTaken.empty()) {
    entry.verdict = ShapeNodeVerdict::NotTaken;
    entry.findings.clear();
    entry.runTimeRules.clear();
    entry.runTimeReason.clear();
    entry.uncheckedReason = check->notTaken;
  }
  (elementwise ? check->result.elementwiseNodes : check->result.shapeNodes)
      .push_back(std::move(entry));
}

/// Node `node` of a model-local function that node `info` calls, with the
/// attributes that refer to the function's taking the call's value (left
/// out when the call does not give it): `node` itself when it has none.
const onnx::NodeProto &
Importer::bindCallAttributes(const NodeInfo &info,
                             const onnx::NodeProto &node) {
  if (llvm::none_of(node.attribute(), [](const onnx::AttributeProto &a) {
        return !a.ref_attr_name().empty();
      }))
    return node;
  onnx::NodeProto &copy = check->callNodes.emplace_back(node);
  copy.clear_attribute();
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.ref_attr_name().empty()) {
      *copy.add_attribute() = attr;
      continue;
    }
    for (const onnx::AttributeProto &given : info.node.attribute())
      if (given.name() == attr.ref_attr_name()) {
        onnx::AttributeProto &bound = *copy.add_attribute();
        bound = given;
        bound.set_name(attr.name());
      }
  }
  return copy;
}

/// Imports into `region` (one block: the inputs as arguments, the outputs
/// yielded) either graph `graph`, an attribute of node `info`, which sees
/// the values around it, or model-local function `function`, which node
/// `info` calls with inputs of types `callTypes` (and constants
/// `callConstants`), which sees nothing else. What the body defines stays
/// inside.
Importer::ImportedBody Importer::importBody(
    const NodeInfo &info, Region &region, NodeScope scope,
    const onnx::GraphProto *graph, const onnx::FunctionProto *function,
    ArrayRef<Type> callTypes, ArrayRef<DenseElementsAttr> callConstants) {
  ImportedBody body;
  // The scope of the body: what it defines is gone after it. A function
  // sees its inputs and attributes only.
  bool isolated = function != nullptr;
  values.openScope(isolated);
  declaredTypes.openScope(isolated);
  check->folded.openScope(isolated);
  check->varying.openScope(isolated);
  check->varyingReads.push_back(SIZE_MAX);
  int64_t outerOpset = opset;
  check->scopes.push_back(scope);
  size_t depth = check->scopes.size();
  if (function) {
    check->calling.push_back(function);
    for (const onnx::OperatorSetIdProto &import : function->opset_import())
      if ((import.domain().empty() || import.domain() == "ai.onnx") &&
          import.version() >= 1 && import.version() <= kMaxSupportedOpset)
        opset = import.version();
  } else {
    collectDeclaredTypes(*graph);
  }

  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(&region);
  SmallVector<Attribute> inputNames, outputNames;
  auto addInput = [&](StringRef name, Type type) {
    std::string label =
        getScopePrefix() + llvm::formatv("graph input '{0}'", name).str();
    BlockArgument arg = block->addArgument(type, getLabelLoc(label));
    inputNames.push_back(builder.getStringAttr(name));
    if (!name.empty() && !defineCheckValue(name, arg))
      addModelFinding(info, llvm::formatv("input '{0}' of {1} is defined "
                                          "twice",
                                          name, scope.describe())
                                .str());
    // A body's inputs may take other values at each of its runs.
    if (!name.empty())
      check->varying.set(name, depth);
  };
  auto opaque = [&] { return onnx_graph::OpaqueType::get(context, "?"); };
  if (function) {
    for (auto [i, name] : llvm::enumerate(function->input())) {
      Type type =
          i < callTypes.size() && callTypes[i] ? callTypes[i] : Type(opaque());
      addInput(name, type);
      if (i < callConstants.size() && callConstants[i])
        check->folded.tryEmplace(
            name, CheckState::FoldedValue{callConstants[i], info.loc});
    }
  } else {
    for (const onnx::ValueInfoProto &input : graph->input())
      addInput(input.name(), input.has_type() ? convertCheckType(input.type())
                                              : Type(opaque()));
    if (failed(importInitializers(*graph)))
      addModelFinding(info, "the initializers of " + scope.describe() +
                                " cannot be imported");
    for (const onnx::TensorProto &init : graph->initializer())
      check->varying.erase(init.name()); // Constants, at every run.
  }

  bool inFunction = llvm::any_of(check->scopes, [](const NodeScope &outer) {
    return outer.kind == NodeScope::Kind::Function;
  });
  auto importBodyNode = [&](const onnx::NodeProto &node, size_t index) {
    ++(inFunction ? check->result.numFunctionNodes
                  : check->result.numSubgraphNodes);
    (void)importNode(node, static_cast<unsigned>(index));
  };
  if (function) {
    for (auto [index, node] : llvm::enumerate(function->node()))
      importBodyNode(bindCallAttributes(info, node), index);
  } else {
    for (auto [index, node] : llvm::enumerate(graph->node()))
      importBodyNode(node, index);
  }

  SmallVector<std::string> outputs;
  if (function)
    outputs.assign(function->output().begin(), function->output().end());
  else
    for (const onnx::ValueInfoProto &output : graph->output())
      outputs.push_back(output.name());
  for (const std::string &name : outputs) {
    auto it = name.empty() ? values.end() : values.find(name);
    if (it == values.end()) {
      addModelFinding(info, llvm::formatv("output '{0}' of {1} is not "
                                          "produced by its nodes",
                                          name, scope.describe())
                                .str());
      continue;
    }
    outputNames.push_back(builder.getStringAttr(name));
    body.outputs.push_back(it->second);
    body.constants.push_back(getConstantValue(name));
  }
  onnx_graph::YieldOp::create(builder, info.loc, body.outputs);

  SmallVector<NamedAttribute> description{
      builder.getNamedAttr("attribute", builder.getStringAttr(scope.attribute)),
      builder.getNamedAttr("graph", builder.getStringAttr(
                                        graph ? graph->name() : std::string())),
      builder.getNamedAttr("inputs", builder.getArrayAttr(inputNames)),
      builder.getNamedAttr("outputs", builder.getArrayAttr(outputNames))};
  if (scope.graphIndex)
    description.push_back(builder.getNamedAttr(
        "index", builder.getI64IntegerAttr(*scope.graphIndex)));
  if (function)
    description.push_back(builder.getNamedAttr(
        "function",
        builder.getArrayAttr({builder.getStringAttr(function->domain()),
                              builder.getStringAttr(function->name())})));
  body.description = builder.getDictionaryAttr(description);

  if (function)
    check->calling.pop_back();
  recordBodyFolds();
  opset = outerOpset;
  check->scopes.pop_back();
  values.closeScope();
  declaredTypes.closeScope();
  check->folded.closeScope();
  check->varying.closeScope();
  // A body that read a varying value of the graphs around it makes the
  // node that holds it compute varying values (checkNode).
  size_t reads = check->varyingReads.pop_back_val();
  if (reads < depth) {
    check->varyingReads.back() = std::min(check->varyingReads.back(), reads);
    check->bodyReadsVarying = true;
  }
  return body;
}

/// Records in ONNXCheckResult::foldedValues the values that the body being
/// imported computed and that are the same at every run of it (none in a
/// model-local function: its values depend on the call).
void Importer::recordBodyFolds() {
  if (llvm::any_of(check->scopes, [](const NodeScope &scope) {
        return scope.kind == NodeScope::Kind::Function;
      }))
    return;
  llvm::StringMap<DenseElementsAttr> *recorded = nullptr;
  check->folded.forEachLocal(
      [&](StringRef name, const CheckState::FoldedValue &folded) {
        if (check->varying.lookup(name))
          return;
        if (!recorded)
          recorded = &check->result.foldedValues[getGraphKey(check->scopes)];
        (*recorded)[name] = folded.value;
      });
}

/// `broadcast.E1` on the inputs of elementwise node `info` of input types
/// `types` (null for an absent input), decided by the rule code of
/// sonnx.broadcast (broadcastShapes).
void Importer::checkElementwise(const NodeInfo &info, ArrayRef<Type> types) {
  const onnx::NodeProto &node = info.node;
  ShapeNodeCheck entry;
  std::optional<ONNXNodeAttr> nodeAttr = getONNXNode(info.loc);
  entry.index = nodeAttr ? nodeAttr->getIndex() : -1;
  entry.name = node.name();
  entry.opType = node.op_type();
  // Before opset 7, `broadcast = 1` broadcast the second input along `axis`,
  // and PRelu's slope ran along the channels: no multidirectional
  // broadcasting, no rule of the profile.
  auto legacy = [&](StringRef what) {
    entry.verdict = ShapeNodeVerdict::Unchecked;
    entry.uncheckedReason =
        llvm::formatv("the legacy broadcasting of opset {0} ({1}, before "
                      "opset 7) is not the profile's",
                      opset, what)
            .str();
    addNodeCheck(std::move(entry), /*elementwise=*/true);
  };
  if (opset < 7 && node.op_type() == "PRelu")
    return legacy("a slope along the channels");
  for (const onnx::AttributeProto &attr : node.attribute())
    if (opset < 7 && attr.name() == "broadcast" && attr.i() != 0)
      return legacy("attribute 'broadcast' = 1");

  SmallVector<SmallVector<int64_t>> shapes;
  SmallVector<std::string> names, typeTexts;
  std::string unknown;
  for (auto [i, type] : llvm::enumerate(types)) {
    if (!type)
      continue;
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked) {
      if (unknown.empty())
        unknown = llvm::formatv("the {0} of input '{1}' ({2}) is not known at "
                                "compile time",
                                isa<TensorType>(type) ? "rank" : "type",
                                node.input(i), typeToString(type))
                      .str();
      continue;
    }
    shapes.emplace_back(ranked.getShape());
    names.push_back(node.input(i));
    typeTexts.push_back(typeToString(ranked));
  }
  SmallVector<ArrayRef<int64_t>> refs(shapes.begin(), shapes.end());
  Checked<Shape> result =
      broadcastShapes(refs, RuleID::BroadcastE1, [&](unsigned m) {
        return llvm::formatv("input '{0}'", names[m]).str();
      });
  if (!result) {
    entry.verdict = ShapeNodeVerdict::Breaks;
    const Violation &violation = result.violation();
    entry.findings.push_back(
        {violation.rule, violation.message + getRuleCitation(violation.rule)});
    addNodeCheck(std::move(entry), /*elementwise=*/true);
    return;
  }
  // Decided where, in every dimension, at most one input has an unknown
  // size and the others are all 1.
  std::string dynamic;
  size_t rank = result->size();
  for (size_t dim = 0; dim < rank && dynamic.empty(); ++dim) {
    // The inputs of unknown size there, and those of a size other than 1.
    SmallVector<std::string> unknownSizes, otherSizes;
    for (auto [m, shape] : llvm::enumerate(refs)) {
      if (dim < rank - shape.size())
        continue;
      int64_t size = shape[dim - (rank - shape.size())];
      std::string input =
          llvm::formatv("'{0}' ({1})", names[m], typeTexts[m]).str();
      if (size == kUnknown)
        unknownSizes.push_back(input);
      else if (size != 1)
        otherSizes.push_back(input + " of size " + std::to_string(size));
    }
    if (unknownSizes.size() > 1 ||
        (unknownSizes.size() == 1 && !otherSizes.empty())) {
      unknownSizes.append(otherSizes.begin(), otherSizes.end());
      dynamic =
          llvm::formatv("in dimension {0} of the rank-{1} broadcast, "
                        "the size of input {2} is known only at run "
                        "time, against input {3}",
                        dim, rank, unknownSizes[0],
                        llvm::join(llvm::drop_begin(unknownSizes), ", input "))
              .str();
    }
  }
  if (!unknown.empty() || !dynamic.empty()) {
    entry.verdict = ShapeNodeVerdict::RunTime;
    entry.runTimeRules.push_back(RuleID::BroadcastE1);
    entry.runTimeReason = !unknown.empty() ? unknown : dynamic;
  }
  addNodeCheck(std::move(entry), /*elementwise=*/true);
}
