//===- ConvertFolding.cpp - sonnx-convert's folding of the graphs ---------===//
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

/// The change at node `index` of the graph `scopes` lead to.
static ConvertChange makeChange(ConvertRewrite rewrite,
                                ArrayRef<NodeScope> scopes, int64_t index,
                                const onnx::NodeProto &node) {
  ConvertChange change;
  change.rewrite = rewrite;
  change.scopes.assign(scopes.begin(), scopes.end());
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

namespace {
/// The shape nodes that became identities, with their type: by graph
/// (getGraphKey), then by node index.
using IdentityNodes = llvm::StringMap<llvm::DenseMap<int64_t, Type>>;
} // namespace

/// The shape nodes, in the main graph and in the subgraphs, that the check
/// found conforming and whose result has the static type of their data
/// input: identities (a Reshape to the same shape, an Unsqueeze of no axes,
/// an Expand to the input's shape, a Flatten of a matrix at axis 1). Not a
/// node whose inputs vary between the runs of a body around it: its types
/// are declarations, not proved for every run.
static IdentityNodes findIdentityShapeNodes(const ONNXCheckResult &check) {
  llvm::StringMap<llvm::DenseSet<int64_t>> conforming;
  for (const ShapeNodeCheck &node : check.shapeNodes)
    if (node.verdict == ShapeNodeVerdict::Conforms && !node.varying &&
        llvm::none_of(node.scopes, [](const NodeScope &scope) {
          return scope.kind == NodeScope::Kind::Function;
        }))
      conforming[getGraphKey(node.scopes)].insert(node.index);
  IdentityNodes identities;
  if (!check.module)
    return identities;
  ModuleOp module = check.module.get();
  module.walk([&](Operation *op) {
    auto profileOp = dyn_cast<ProfileOpInterface>(op);
    if (!profileOp || profileOp.getInfo().onnxOpType.empty() ||
        op->getNumOperands() == 0 || op->getNumResults() != 1)
      return;
    std::optional<ONNXNodeAttr> node = getONNXNode(op->getLoc());
    auto input = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!node || !input || !input.hasStaticShape() ||
        input != op->getResult(0).getType())
      return;
    std::optional<SmallVector<NodeScope>> scopes = getCheckedOpScopes(op);
    if (!scopes)
      return;
    std::string key = getGraphKey(*scopes);
    auto it = conforming.find(key);
    if (it != conforming.end() && it->second.contains(node->getIndex()))
      identities[key][node->getIndex()] = input;
  });
  return identities;
}

/// Adds to `counts` each value name `graph` and its subgraphs define
/// (inputs, initializers, node outputs), once per definition.
static void countDefinitions(const onnx::GraphProto &graph,
                             llvm::StringMap<int64_t> &counts);

/// The definitions inside the graphs `node` holds.
static void countBodyDefinitions(const onnx::NodeProto &node,
                                 llvm::StringMap<int64_t> &counts) {
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.has_g())
      countDefinitions(attr.g(), counts);
    for (const onnx::GraphProto &graph : attr.graphs())
      countDefinitions(graph, counts);
  }
}

static void countDefinitions(const onnx::GraphProto &graph,
                             llvm::StringMap<int64_t> &counts) {
  for (const onnx::ValueInfoProto &input : graph.input())
    ++counts[input.name()];
  for (const onnx::TensorProto &init : graph.initializer())
    ++counts[init.name()];
  for (const onnx::NodeProto &node : graph.node()) {
    for (const std::string &output : node.output())
      if (!output.empty())
        ++counts[output];
    countBodyDefinitions(node, counts);
  }
}

/// Calls `fn` with each body of `node` that the rewrites enter: the branches
/// of an If, the body of a Loop or a Scan (default domain), with its scope
/// (forEachNodeGraph's).
static void forEachBody(
    onnx::NodeProto &node, int64_t index,
    llvm::function_ref<void(const NodeScope &, onnx::GraphProto &)> fn) {
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  StringRef opType = node.op_type();
  if (!defaultDomain || !llvm::is_contained({"If", "Loop", "Scan"}, opType))
    return;
  forEachNodeGraph(
      node, index, [&](const NodeScope &scope, const onnx::GraphProto &graph) {
        bool known = opType == "If" ? scope.attribute == "then_branch" ||
                                          scope.attribute == "else_branch"
                                    : scope.attribute == "body";
        // `node` is mutable, and so are the graphs it holds.
        if (known && !scope.graphIndex)
          fn(scope, const_cast<onnx::GraphProto &>(graph));
      });
}

namespace {
/// The --input-shape rewrites of one model: the main graph, and the bodies
/// of its If, Loop and Scan nodes at every depth, each with the values the
/// check computed in it.
class GraphFolder {
public:
  GraphFolder(const onnx::GraphProto &main, const ONNXCheckResult &check)
      : check(check), identities(findIdentityShapeNodes(check)) {
    countDefinitions(main, definitions);
  }

  /// Rewrites `graph`, which `scopes` lead to, and the bodies inside it;
  /// appends the changes to `changes`.
  void foldGraph(onnx::GraphProto &graph, SmallVectorImpl<NodeScope> &scopes,
                 SmallVectorImpl<ConvertChange> &changes);

private:
  /// The rewrite of one graph.
  struct Pass {
    onnx::GraphProto &graph;
    SmallVectorImpl<NodeScope> &scopes;
    /// scopes.size() for this graph (the bodies push onto `scopes`).
    size_t depth;
    const llvm::StringMap<DenseElementsAttr> &folded;
    const llvm::DenseMap<int64_t, Type> *identities;
    /// The graph's outputs; the names it defines; its constants (the
    /// initializers and the outputs of Constant nodes of the graph read);
    /// the names its nodes' subgraphs read.
    llvm::StringSet<> outputs, defined, constants, subgraphReads;
    /// The outputs of the identities removed, and the values their readers
    /// read instead.
    llvm::StringMap<std::string> replaced;
    /// The nodes kept, and their indices in the graph read (-1 for those of
    /// an inlined branch).
    google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
    SmallVector<int64_t> indices;
    SmallVector<ConvertChange> changes;
    ArrayRef<NodeScope> getScopes() const {
      return ArrayRef<NodeScope>(scopes).take_front(depth);
    }
  };

  void foldNode(Pass &pass, int index);
  bool removeIdentity(Pass &pass, int index, onnx::NodeProto &node);
  bool foldOutputs(Pass &pass, int index, onnx::NodeProto &node);
  DenseElementsAttr lookupFolded(StringRef name) const;
  bool isModelConstant(StringRef name) const;
  bool inlineIf(Pass &pass, int index, onnx::NodeProto &node, bool taken);
  void removeDeadNodes(Pass &pass);
  void removeUnreadInitializers(Pass &pass);

  const ONNXCheckResult &check;
  IdentityNodes identities;
  /// How many times each name is defined in the model read, in every graph.
  llvm::StringMap<int64_t> definitions;
  /// The graphs being rewritten, from the main graph inwards.
  SmallVector<Pass *> passes;
};
} // namespace

void GraphFolder::foldGraph(onnx::GraphProto &graph,
                            SmallVectorImpl<NodeScope> &scopes,
                            SmallVectorImpl<ConvertChange> &changes) {
  auto it = identities.find(getGraphKey(scopes));
  Pass pass{graph,
            scopes,
            scopes.size(),
            check.getFoldedValues(scopes),
            it == identities.end() ? nullptr : &it->second,
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {}};
  for (const onnx::ValueInfoProto &output : graph.output())
    pass.outputs.insert(output.name());
  for (const onnx::ValueInfoProto &input : graph.input())
    pass.defined.insert(input.name());
  for (const onnx::TensorProto &init : graph.initializer()) {
    pass.defined.insert(init.name());
    pass.constants.insert(init.name());
  }
  for (const onnx::NodeProto &node : graph.node()) {
    for (const std::string &output : node.output())
      pass.defined.insert(output);
    if (node.op_type() == "Constant" && node.output_size() == 1)
      pass.constants.insert(node.output(0));
    // A shape node that became an identity is removed only where the nodes
    // of this graph alone read its output.
    for (const onnx::AttributeProto &attr : node.attribute()) {
      auto graphs = llvm::to_vector(
          llvm::map_range(attr.graphs(), [](const auto &g) { return &g; }));
      if (attr.has_g())
        graphs.push_back(&attr.g());
      for (const onnx::GraphProto *body : graphs) {
        for (const onnx::NodeProto &inner : body->node())
          collectReads(inner, pass.subgraphReads);
        for (const onnx::ValueInfoProto &output : body->output())
          pass.subgraphReads.insert(output.name());
      }
    }
  }

  passes.push_back(&pass);
  for (int index = 0; index < graph.node_size(); ++index)
    foldNode(pass, index);
  passes.pop_back();
  removeDeadNodes(pass);
  removeUnreadInitializers(pass);
  changes.append(std::make_move_iterator(pass.changes.begin()),
                 std::make_move_iterator(pass.changes.end()));
}

void GraphFolder::foldNode(Pass &pass, int index) {
  onnx::NodeProto &node = *pass.graph.mutable_node(index);
  for (int i = 0; i < node.input_size(); ++i)
    if (auto it = pass.replaced.find(node.input(i)); it != pass.replaced.end())
      node.set_input(i, it->second);
  if (removeIdentity(pass, index, node) || foldOutputs(pass, index, node))
    return;

  // The bodies, each with the values the check computed in it; of an If
  // whose condition the check computed, the branch taken first, which
  // replaces it when it can.
  std::optional<bool> taken;
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  if (defaultDomain && node.op_type() == "If" && node.input_size() == 1)
    if (DenseElementsAttr condition = lookupFolded(node.input(0));
        condition && condition.getNumElements() == 1 &&
        condition.getElementType().isInteger(1))
      taken = *condition.getValues<bool>().begin();
  SmallVector<ConvertChange> bodyChanges;
  auto foldBodies = [&](bool takenBranch) {
    forEachBody(node, index,
                [&](const NodeScope &scope, onnx::GraphProto &body) {
                  if (taken && ((scope.attribute == "then_branch") == *taken) !=
                                   takenBranch)
                    return;
                  pass.scopes.push_back(scope);
                  foldGraph(body, pass.scopes, bodyChanges);
                  pass.scopes.pop_back();
                });
  };
  foldBodies(/*takenBranch=*/true);
  if (taken && inlineIf(pass, index, node, *taken)) {
    pass.changes.append(bodyChanges.begin(), bodyChanges.end());
    return;
  }
  if (taken)
    foldBodies(/*takenBranch=*/false);
  pass.nodes.Add(std::move(node));
  pass.indices.push_back(index);
  pass.changes.append(bodyChanges.begin(), bodyChanges.end());
}

/// A shape node that became an identity is removed, its readers reading its
/// input; not when an output of the graph or a subgraph reads its output.
bool GraphFolder::removeIdentity(Pass &pass, int index, onnx::NodeProto &node) {
  if (!pass.identities)
    return false;
  auto it = pass.identities->find(index);
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  if (it == pass.identities->end() || !defaultDomain || node.input_size() < 1 ||
      node.output_size() != 1 || node.input(0).empty() ||
      node.output(0).empty() || pass.outputs.contains(node.output(0)) ||
      pass.subgraphReads.contains(node.output(0)) ||
      pass.folded.count(node.output(0)) || !lookupONNXOp(node.op_type()))
    return false;
  pass.replaced[node.output(0)] = node.input(0);
  ConvertChange change = makeChange(ConvertRewrite::RemovedIdentity,
                                    pass.getScopes(), index, node);
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
  pass.changes.push_back(std::move(change));
  return true;
}

/// A node all of whose outputs the check computed becomes an initializer
/// per output (not an output of the graph). Not the ONNX op of a profile op
/// (SONNXProfileOps.def) or a Squeeze of a constant of the model: it only
/// moves values the model holds (a weight would be written twice), and the
/// Unsqueeze that explicit-broadcast writes before a constant stays, so
/// that the model written converts to itself.
bool GraphFolder::foldOutputs(Pass &pass, int index, onnx::NodeProto &node) {
  auto isFolded = [&](const std::string &name) {
    return !name.empty() && !pass.outputs.contains(name) &&
           pass.folded.count(name);
  };
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  if (!defaultDomain || node.op_type() == "Constant" ||
      node.output_size() == 0 || !llvm::all_of(node.output(), isFolded))
    return false;
  if ((lookupONNXOp(node.op_type()) || node.op_type() == "Squeeze") &&
      node.input_size() >= 1 && isModelConstant(node.input(0)))
    return false;
  SmallVector<onnx::TensorProto> tensors;
  for (const std::string &name : node.output()) {
    llvm::Expected<onnx::TensorProto> tensor =
        convertAttrToTensorProto(pass.folded.lookup(name), name);
    if (!tensor) {
      llvm::consumeError(tensor.takeError());
      return false;
    }
    tensors.push_back(std::move(*tensor));
  }
  SmallVector<std::string> values;
  for (auto [name, tensor] : llvm::zip(node.output(), tensors)) {
    values.push_back("'" + name +
                     "': " + describeValue(pass.folded.lookup(name)));
    *pass.graph.add_initializer() = std::move(tensor);
  }
  ConvertChange change =
      makeChange(ConvertRewrite::FoldedNode, pass.getScopes(), index, node);
  change.change = "replaced by the initializer" +
                  std::string(values.size() == 1 ? " " : "s ") +
                  llvm::join(values, ", ");
  change.reason = "the check computes the value from the input shapes "
                  "and constants with ONNX's semantics, exactly (an "
                  "inexact fold leaves it unknown)";
  pass.changes.push_back(std::move(change));
  return true;
}

/// Whether `name`, as the graph being rewritten sees it, is an initializer
/// or the output of a Constant node.
bool GraphFolder::isModelConstant(StringRef name) const {
  for (const Pass *pass : llvm::reverse(passes))
    if (pass->defined.contains(name))
      return pass->constants.contains(name);
  return false;
}

/// The value the check computed for `name` as the graph being rewritten
/// sees it: in the innermost graph around it that defines the name.
DenseElementsAttr GraphFolder::lookupFolded(StringRef name) const {
  for (const Pass *pass : llvm::reverse(passes))
    if (pass->defined.contains(name))
      return pass->folded.lookup(name);
  return {};
}

/// An If whose condition the check computed becomes the nodes of the branch
/// it takes, and an Identity per output; not when a name the branch defines
/// is defined elsewhere in the model (valid ONNX has none: the branch's
/// names would shadow or be shadowed).
bool GraphFolder::inlineIf(Pass &pass, int index, onnx::NodeProto &node,
                           bool taken) {
  // The first attribute of the name, as the check's import took it
  // (forEachNodeGraph).
  onnx::AttributeProto *attr =
      findAttribute(node, taken ? "then_branch" : "else_branch");
  onnx::GraphProto *branch =
      attr && attr->has_g() ? attr->mutable_g() : nullptr;
  if (!branch || branch->input_size() != 0 ||
      branch->output_size() != node.output_size())
    return false;
  llvm::StringMap<int64_t> inside;
  countBodyDefinitions(node, inside);
  auto elsewhere = [&](const std::string &name) {
    return definitions.lookup(name) > inside.lookup(name);
  };
  for (const onnx::NodeProto &inner : branch->node())
    if (llvm::any_of(inner.output(), elsewhere))
      return false;
  for (const onnx::TensorProto &init : branch->initializer())
    if (elsewhere(init.name()))
      return false;

  // The If is replaced: its branch's initializers and nodes move, uncopied.
  for (onnx::TensorProto &init : *branch->mutable_initializer())
    pass.graph.mutable_initializer()->Add(std::move(init));
  int numNodes = branch->node_size();
  for (onnx::NodeProto &inner : *branch->mutable_node()) {
    pass.nodes.Add(std::move(inner));
    pass.indices.push_back(-1);
  }
  for (auto [k, output] : llvm::enumerate(node.output())) {
    if (output.empty())
      continue;
    onnx::NodeProto *identity = pass.nodes.Add();
    identity->set_name(node.name() + "_output" + std::to_string(k));
    identity->set_op_type("Identity");
    identity->add_input(branch->output(static_cast<int>(k)).name());
    identity->add_output(output);
    pass.indices.push_back(-1);
  }
  ConvertChange change =
      makeChange(ConvertRewrite::InlinedIf, pass.getScopes(), index, node);
  change.change = llvm::formatv("replaced by the {0} nodes of its {1} "
                                "and an Identity per output",
                                numNodes, taken ? "then_branch" : "else_branch")
                      .str();
  change.reason = llvm::formatv("its condition '{0}' is {1} under "
                                "these input shapes: the branch taken "
                                "computes its outputs",
                                node.input(0), taken ? "true" : "false")
                      .str();
  pass.changes.push_back(std::move(change));
  return true;
}

/// The nodes no node and no output of the graph reads, from the last; the
/// changes inside the bodies of those removed go with them.
void GraphFolder::removeDeadNodes(Pass &pass) {
  llvm::StringSet<> read = pass.outputs;
  SmallVector<bool> keep(pass.nodes.size(), true);
  SmallVector<ConvertChange> removed;
  llvm::DenseSet<int64_t> removedIndices;
  for (int i = pass.nodes.size() - 1; i >= 0; --i) {
    const onnx::NodeProto &node = pass.nodes.Get(i);
    keep[i] = node.output_size() == 0 ||
              llvm::any_of(node.output(), [&](const std::string &name) {
                return !name.empty() && read.contains(name);
              });
    if (keep[i]) {
      collectReads(node, read);
      continue;
    }
    if (pass.indices[i] < 0)
      continue;
    removedIndices.insert(pass.indices[i]);
    ConvertChange change = makeChange(ConvertRewrite::RemovedDeadNode,
                                      pass.getScopes(), pass.indices[i], node);
    change.change = "removed";
    change.reason = "no node and no graph output reads its outputs any more: "
                    "they no longer take part in the outputs";
    removed.push_back(std::move(change));
  }
  llvm::erase_if(pass.changes, [&](const ConvertChange &change) {
    return change.scopes.size() > pass.depth &&
           removedIndices.contains(change.scopes[pass.depth].nodeIndex);
  });
  pass.changes.append(std::make_move_iterator(removed.rbegin()),
                      std::make_move_iterator(removed.rend()));
  google::protobuf::RepeatedPtrField<onnx::NodeProto> live;
  for (int i = 0; i < pass.nodes.size(); ++i)
    if (keep[i])
      live.Add(std::move(*pass.nodes.Mutable(i)));
  pass.graph.mutable_node()->Swap(&live);
}

/// The initializers nothing reads any more (a graph input keeps its
/// initializer, its default value). A fold whose values only folded nodes
/// read leaves no initializer: the node is just removed.
void GraphFolder::removeUnreadInitializers(Pass &pass) {
  llvm::StringSet<> read = pass.outputs;
  for (const onnx::NodeProto &node : pass.graph.node())
    collectReads(node, read);
  llvm::StringSet<> inputs;
  for (const onnx::ValueInfoProto &input : pass.graph.input())
    inputs.insert(input.name());
  google::protobuf::RepeatedPtrField<onnx::TensorProto> initializers;
  for (onnx::TensorProto &init : *pass.graph.mutable_initializer()) {
    if (read.contains(init.name()) || inputs.contains(init.name())) {
      initializers.Add(std::move(init));
      continue;
    }
    if (pass.defined.contains(init.name()) && !pass.folded.count(init.name())) {
      ConvertChange change;
      change.rewrite = ConvertRewrite::RemovedInitializer;
      change.scopes.assign(pass.getScopes().begin(), pass.getScopes().end());
      change.name = init.name();
      change.change = "removed";
      change.reason = "no node and no graph output reads it any more";
      pass.changes.push_back(std::move(change));
    }
  }
  pass.graph.mutable_initializer()->Swap(&initializers);
  for (ConvertChange &change : pass.changes) {
    if (change.rewrite != ConvertRewrite::FoldedNode ||
        change.scopes.size() != pass.depth)
      continue;
    bool kept = false;
    for (const onnx::TensorProto &init : pass.graph.initializer())
      kept |= change.change.find("'" + init.name() + "'") != std::string::npos;
    if (kept)
      continue;
    change.rewrite = ConvertRewrite::RemovedDeadNode;
    change.change = "removed";
    change.reason = "the check computes its outputs, and only nodes folded "
                    "or removed too read them";
  }
}

void mlir::sonnx::foldGraphs(onnx::GraphProto &graph,
                             const ONNXCheckResult &check,
                             SmallVectorImpl<ConvertChange> &changes) {
  SmallVector<NodeScope> scopes;
  GraphFolder(graph, check).foldGraph(graph, scopes, changes);
}
