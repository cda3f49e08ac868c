//===- ConvertFolding.cpp - sonnx-convert's folding of the main graph -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What sonnx-convert does with --input-shape (ConvertFolding.h): the values
// the check computed become initializers, an If whose condition it computed
// becomes the branch it takes, shape ops that became identities and nodes
// nothing reads any more go.
//
//===----------------------------------------------------------------------===//

#include "ConvertFolding.h"

#include "Importer.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;

/// The change at node `index` of the main graph.
static ConvertChange makeChange(ConvertRewrite rewrite, int64_t index,
                                const onnx::NodeProto &node) {
  ConvertChange change;
  change.rewrite = rewrite;
  change.index = index;
  change.name = node.name();
  change.opType = node.op_type();
  return change;
}

/// Adds to `names` every value name `node` reads, those its subgraphs read
/// included.
static void collectReads(const onnx::NodeProto &node,
                         llvm::StringSet<> &names) {
  for (const std::string &name : node.input())
    names.insert(name);
  for (const onnx::AttributeProto &attr : node.attribute()) {
    auto graphs = llvm::to_vector(
        llvm::map_range(attr.graphs(), [](const auto &g) { return &g; }));
    if (attr.has_g())
      graphs.push_back(&attr.g());
    for (const onnx::GraphProto *graph : graphs) {
      for (const onnx::NodeProto &inner : graph->node())
        collectReads(inner, names);
      for (const onnx::ValueInfoProto &output : graph->output())
        names.insert(output.name());
    }
  }
}

/// "tensor<2xi64> = [2, 5]" (the values only when there are at most 8).
static std::string describeValue(DenseElementsAttr value) {
  std::string text = typeToString(value.getType());
  if (value.getNumElements() > 8 ||
      !isa<IntegerType, FloatType>(value.getElementType()))
    return text;
  SmallVector<std::string> elements;
  if (auto ints = dyn_cast<DenseIntElementsAttr>(value)) {
    bool isBool = value.getElementType().isInteger(1);
    for (const APInt &v : ints.getValues<APInt>())
      elements.push_back(isBool ? (v.isZero() ? "false" : "true")
                                : std::to_string(v.getSExtValue()));
  } else {
    for (const APFloat &v : value.getValues<APFloat>()) {
      SmallString<16> buffer;
      v.toString(buffer);
      elements.push_back(buffer.str().str());
    }
  }
  return text + " = [" + llvm::join(elements, ", ") + "]";
}

/// The shape nodes of the main graph (by index) that the check found
/// conforming and whose result has the static type of their data input:
/// identities (a Reshape to the same shape, an Unsqueeze of no axes, an
/// Expand to the input's shape, a Flatten of a matrix at axis 1), with
/// that type.
static llvm::DenseMap<int64_t, Type>
findIdentityShapeNodes(const ONNXCheckResult &check) {
  llvm::DenseSet<int64_t> conforming;
  for (const ShapeNodeCheck &node : check.shapeNodes)
    if (node.scopes.empty() && node.verdict == ShapeNodeVerdict::Conforms)
      conforming.insert(node.index);
  llvm::DenseMap<int64_t, Type> identities;
  if (!check.module)
    return identities;
  ModuleOp module = check.module.get();
  module.walk([&](Operation *op) {
    if (!isa<ReshapeOp, UnsqueezeOp, FlattenOp, ExpandOp>(op) ||
        !isa_and_nonnull<func::FuncOp>(op->getParentOp()) ||
        op->getNumOperands() == 0 || op->getNumResults() != 1)
      return;
    std::optional<ONNXNodeAttr> node = getONNXNode(op->getLoc());
    auto input = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!node || !conforming.contains(node->getIndex()) || !input ||
        !input.hasStaticShape() || input != op->getResult(0).getType())
      return;
    identities[node->getIndex()] = input;
  });
  return identities;
}

/// --input-shape: the nodes of the main graph whose outputs the check
/// computed become initializers, an If whose condition it computed becomes
/// the nodes of the branch it takes, and the nodes nothing reads any more
/// are removed.
void mlir::sonnx::foldMainGraph(onnx::GraphProto &graph,
                                const ONNXCheckResult &check,
                                SmallVectorImpl<ConvertChange> &changes) {
  llvm::StringSet<> graphOutputs, defined;
  for (const onnx::ValueInfoProto &output : graph.output())
    graphOutputs.insert(output.name());
  for (const onnx::ValueInfoProto &input : graph.input())
    defined.insert(input.name());
  for (const onnx::TensorProto &init : graph.initializer())
    defined.insert(init.name());
  for (const onnx::NodeProto &node : graph.node())
    for (const std::string &output : node.output())
      defined.insert(output);

  // The values the subgraphs read: a shape node that became an identity
  // is removed only where main-graph nodes alone read its output.
  llvm::StringSet<> subgraphReads;
  for (const onnx::NodeProto &node : graph.node())
    for (const onnx::AttributeProto &attr : node.attribute()) {
      auto graphs = llvm::to_vector(
          llvm::map_range(attr.graphs(), [](const auto &g) { return &g; }));
      if (attr.has_g())
        graphs.push_back(&attr.g());
      for (const onnx::GraphProto *body : graphs) {
        for (const onnx::NodeProto &inner : body->node())
          collectReads(inner, subgraphReads);
        for (const onnx::ValueInfoProto &output : body->output())
          subgraphReads.insert(output.name());
      }
    }
  llvm::DenseMap<int64_t, Type> identities = findIdentityShapeNodes(check);
  // The outputs of the identities removed, and the values their readers
  // read instead.
  llvm::StringMap<std::string> replaced;

  // Folds, identities removed, and Ifs replaced by their branch; the
  // indices of the nodes kept (-1 for those of an inlined branch), for the
  // labels.
  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  SmallVector<int64_t> indices;
  for (int index = 0; index < graph.node_size(); ++index) {
    onnx::NodeProto &node = *graph.mutable_node(index);
    for (int i = 0; i < node.input_size(); ++i)
      if (auto it = replaced.find(node.input(i)); it != replaced.end())
        node.set_input(i, it->second);
    bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
    if (auto it = identities.find(index);
        it != identities.end() && defaultDomain && node.input_size() >= 1 &&
        node.output_size() == 1 && !node.input(0).empty() &&
        !node.output(0).empty() && !graphOutputs.contains(node.output(0)) &&
        !subgraphReads.contains(node.output(0)) &&
        !check.foldedValues.count(node.output(0)) &&
        llvm::is_contained({"Reshape", "Unsqueeze", "Flatten", "Expand"},
                           node.op_type())) {
      replaced[node.output(0)] = node.input(0);
      ConvertChange change =
          makeChange(ConvertRewrite::RemovedIdentity, index, node);
      change.change = llvm::formatv("removed: its readers read its input "
                                    "'{0}' instead of '{1}'",
                                    node.input(0), node.output(0))
                          .str();
      change.reason = llvm::formatv("under these input shapes its result "
                                    "has its input's type {0}, and it "
                                    "conforms: it passes the elements on "
                                    "unchanged, in the same order",
                                    typeToString(it->second))
                          .str();
      changes.push_back(std::move(change));
      continue;
    }
    auto isFolded = [&](const std::string &name) {
      return !name.empty() && !graphOutputs.contains(name) &&
             check.foldedValues.count(name);
    };
    if (defaultDomain && node.op_type() != "Constant" &&
        node.output_size() > 0 && llvm::all_of(node.output(), isFolded)) {
      SmallVector<onnx::TensorProto> tensors;
      for (const std::string &name : node.output()) {
        llvm::Expected<onnx::TensorProto> tensor =
            convertAttrToTensorProto(check.foldedValues.lookup(name), name);
        if (!tensor) {
          llvm::consumeError(tensor.takeError());
          break;
        }
        tensors.push_back(std::move(*tensor));
      }
      if (static_cast<int>(tensors.size()) == node.output_size()) {
        SmallVector<std::string> values;
        for (auto [name, tensor] : llvm::zip(node.output(), tensors)) {
          values.push_back("'" + name + "': " +
                           describeValue(check.foldedValues.lookup(name)));
          *graph.add_initializer() = std::move(tensor);
        }
        ConvertChange change =
            makeChange(ConvertRewrite::FoldedNode, index, node);
        change.change = "replaced by the initializer" +
                        std::string(values.size() == 1 ? " " : "s ") +
                        llvm::join(values, ", ");
        change.reason = "the check computes the value from the input shapes "
                        "and constants with ONNX's semantics, exactly (an "
                        "inexact fold leaves it unknown)";
        changes.push_back(std::move(change));
        continue;
      }
    }
    if (defaultDomain && node.op_type() == "If" && node.input_size() == 1) {
      DenseElementsAttr condition = check.foldedValues.lookup(node.input(0));
      std::optional<bool> taken;
      if (condition && condition.getNumElements() == 1 &&
          condition.getElementType().isInteger(1))
        taken = *condition.getValues<bool>().begin();
      onnx::GraphProto *branch = nullptr;
      if (taken)
        for (onnx::AttributeProto &attr : *node.mutable_attribute())
          if (attr.name() == (*taken ? "then_branch" : "else_branch") &&
              attr.has_g())
            branch = attr.mutable_g();
      // The branch's names must not be the main graph's (valid ONNX has
      // none in common); its outputs must be the If's.
      bool clash = !branch || branch->input_size() != 0 ||
                   branch->output_size() != node.output_size();
      if (branch)
        for (const onnx::NodeProto &inner : branch->node())
          for (const std::string &output : inner.output())
            clash |= defined.contains(output);
      if (branch)
        for (const onnx::TensorProto &init : branch->initializer())
          clash |= defined.contains(init.name());
      if (!clash) {
        // The If is replaced: its branch's initializers move, uncopied.
        for (onnx::TensorProto &init : *branch->mutable_initializer())
          graph.mutable_initializer()->Add(std::move(init));
        for (const onnx::NodeProto &inner : branch->node()) {
          *nodes.Add() = inner;
          indices.push_back(-1);
        }
        for (auto [k, output] : llvm::enumerate(node.output())) {
          if (output.empty())
            continue;
          onnx::NodeProto *identity = nodes.Add();
          identity->set_name(node.name() + "_output" + std::to_string(k));
          identity->set_op_type("Identity");
          identity->add_input(branch->output(static_cast<int>(k)).name());
          identity->add_output(output);
          indices.push_back(-1);
        }
        ConvertChange change =
            makeChange(ConvertRewrite::InlinedIf, index, node);
        change.change = llvm::formatv("replaced by the {0} nodes of its {1} "
                                      "and an Identity per output",
                                      branch->node_size(),
                                      *taken ? "then_branch" : "else_branch")
                            .str();
        change.reason = llvm::formatv("its condition '{0}' is {1} under "
                                      "these input shapes: the branch taken "
                                      "computes its outputs",
                                      node.input(0), *taken ? "true" : "false")
                            .str();
        changes.push_back(std::move(change));
        continue;
      }
    }
    nodes.Add(std::move(node));
    indices.push_back(index);
  }

  // The nodes no node and no graph output reads, from the last.
  llvm::StringSet<> read = graphOutputs;
  SmallVector<bool> keep(nodes.size(), true);
  SmallVector<ConvertChange> removed;
  for (int i = nodes.size() - 1; i >= 0; --i) {
    const onnx::NodeProto &node = nodes.Get(i);
    keep[i] = node.output_size() == 0 ||
              llvm::any_of(node.output(), [&](const std::string &name) {
                return !name.empty() && read.contains(name);
              });
    if (keep[i]) {
      collectReads(node, read);
      continue;
    }
    if (indices[i] < 0)
      continue;
    ConvertChange change =
        makeChange(ConvertRewrite::RemovedDeadNode, indices[i], node);
    change.change = "removed";
    change.reason = "no node and no graph output reads its outputs any more: "
                    "they no longer take part in the outputs";
    removed.push_back(std::move(change));
  }
  changes.append(std::make_move_iterator(removed.rbegin()),
                 std::make_move_iterator(removed.rend()));
  google::protobuf::RepeatedPtrField<onnx::NodeProto> live;
  for (int i = 0; i < nodes.size(); ++i)
    if (keep[i])
      live.Add(std::move(*nodes.Mutable(i)));
  graph.mutable_node()->Swap(&live);

  // The initializers nothing reads any more (a graph input keeps its
  // initializer, its default value). A fold whose values only folded nodes
  // read leaves no initializer: the node is just removed.
  llvm::StringSet<> inputs;
  for (const onnx::ValueInfoProto &input : graph.input())
    inputs.insert(input.name());
  google::protobuf::RepeatedPtrField<onnx::TensorProto> initializers;
  llvm::StringSet<> dropped;
  for (onnx::TensorProto &init : *graph.mutable_initializer()) {
    if (read.contains(init.name()) || inputs.contains(init.name())) {
      initializers.Add(std::move(init));
      continue;
    }
    dropped.insert(init.name());
    if (defined.contains(init.name()) &&
        !check.foldedValues.count(init.name())) {
      ConvertChange change;
      change.rewrite = ConvertRewrite::RemovedInitializer;
      change.name = init.name();
      change.change = "removed";
      change.reason = "no node and no graph output reads it any more";
      changes.push_back(std::move(change));
    }
  }
  graph.mutable_initializer()->Swap(&initializers);
  for (ConvertChange &change : changes) {
    if (change.rewrite != ConvertRewrite::FoldedNode)
      continue;
    bool kept = false;
    for (const onnx::TensorProto &init : graph.initializer())
      kept |= change.change.find("'" + init.name() + "'") != std::string::npos;
    if (kept)
      continue;
    change.rewrite = ConvertRewrite::RemovedDeadNode;
    change.change = "removed";
    change.reason = "the check computes its outputs, and only nodes folded "
                    "or removed too read them";
  }
}
