//===- ONNXConvert.cpp - write an ONNX model in the profile's form --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// sonnx-convert's library (ONNXConvert.h): the check of sonnx-check, then
// the rewrites that keep the outputs bit-identical, in place on the
// ModelProto read (its weights are never copied).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXConvert.h"

#include "ConvertFolding.h"
#include "Importer.h"
#include "ONNXLibrary.h"
#include "ProtoConversion.h"

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Target/ONNX/ONNXExport.h"
#include "SONNX/Version.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

#include <climits>

using namespace mlir;
using namespace mlir::sonnx;

/// The metadata_props key that keeps the producer of a converted model.
static constexpr llvm::StringLiteral kOriginalProducerKey =
    "sonnx.original_producer";

StringRef mlir::sonnx::getConvertRewriteName(ConvertRewrite rewrite) {
  switch (rewrite) {
  case ConvertRewrite::ExplicitDefault:
    return "explicit-default";
  case ConvertRewrite::ExplicitBroadcast:
    return "explicit-broadcast";
  case ConvertRewrite::FixedInputShape:
    return "fixed-input-shape";
  case ConvertRewrite::FoldedNode:
    return "folded-node";
  case ConvertRewrite::InlinedIf:
    return "inlined-if";
  case ConvertRewrite::RemovedDeadNode:
    return "removed-dead-node";
  case ConvertRewrite::RemovedIdentity:
    return "removed-identity";
  case ConvertRewrite::RemovedInitializer:
    return "removed-initializer";
  case ConvertRewrite::OpsetForm:
    return "opset-form";
  }
  return "explicit-default";
}

std::string ConvertChange::getLabel() const {
  if (index < 0 && rewrite == ConvertRewrite::OpsetForm)
    return "model";
  if (index < 0)
    return formatScopePrefix(scopes) +
           llvm::formatv("{0} '{1}'",
                         rewrite == ConvertRewrite::RemovedInitializer
                             ? "initializer"
                             : "graph input",
                         name)
               .str();
  return formatScopePrefix(scopes) + formatONNXNodeLabel(index, name, opType);
}

namespace {
/// A node in an attribute form (Unsqueeze/Squeeze `axes` before opset 13,
/// Reshape `shape` before 5), where it is and which attribute.
struct OldForm {
  onnx::GraphProto *graph;
  onnx::NodeProto *node;
  ConvertChange where;
  std::string attribute;
};

/// The rewrites of one model, graph by graph.
class Converter {
public:
  Converter(int64_t opset, SmallVectorImpl<ConvertChange> &changes)
      : opset(opset), changes(changes) {}

  /// Every value and node name of `graph` and its subgraphs, so that new
  /// names are unique.
  void collectNames(const onnx::GraphProto &graph);

  /// Rewrites `graph`; `inferred` is the same graph with ONNX's inferred
  /// types, `ranks` the ranks of the values of the graphs around it.
  void rewriteGraph(onnx::GraphProto &graph, const onnx::GraphProto &inferred,
                    llvm::StringMap<int64_t> ranks, ArrayRef<NodeScope> scopes);

  /// Moves the attribute forms of Unsqueeze, Squeeze (opsets 1-12) and
  /// Reshape (1-4) to their input forms and the model's opset with them,
  /// when no other op changes version; otherwise reports each in `kept`.
  void moveToInputForms(onnx::ModelProto &model,
                        SmallVectorImpl<ConvertChange> &kept);
  /// Moves the attribute of `form` to an int64 initializer input.
  void moveToInputForm(OldForm &form);

private:
  void addDefaults(onnx::NodeProto &node, const ConvertChange &where);
  /// The Unsqueeze nodes that give the inputs of elementwise `node` the
  /// common rank, added to `nodes` (and their axes to `graph`).
  void makeBroadcastExplicit(
      onnx::GraphProto &graph, onnx::NodeProto &node,
      const llvm::StringMap<int64_t> &ranks, const ConvertChange &where,
      google::protobuf::RepeatedPtrField<onnx::NodeProto> &nodes);
  std::string makeUnique(llvm::StringSet<> &set, const std::string &base);

  int64_t opset;
  SmallVectorImpl<ConvertChange> &changes;
  llvm::StringSet<> valueNames, nodeNames;
};
} // namespace

void Converter::collectNames(const onnx::GraphProto &graph) {
  for (const onnx::ValueInfoProto &value : graph.input())
    valueNames.insert(value.name());
  for (const onnx::ValueInfoProto &value : graph.output())
    valueNames.insert(value.name());
  for (const onnx::ValueInfoProto &value : graph.value_info())
    valueNames.insert(value.name());
  for (const onnx::TensorProto &init : graph.initializer())
    valueNames.insert(init.name());
  for (const onnx::NodeProto &node : graph.node()) {
    nodeNames.insert(node.name());
    for (const std::string &name : node.input())
      valueNames.insert(name);
    for (const std::string &name : node.output())
      valueNames.insert(name);
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.has_g())
        collectNames(attr.g());
      for (const onnx::GraphProto &graph : attr.graphs())
        collectNames(graph);
    }
  }
}

std::string Converter::makeUnique(llvm::StringSet<> &set,
                                  const std::string &base) {
  if (set.insert(base).second)
    return base;
  for (int64_t i = 1;; ++i) {
    std::string name = base + "_" + std::to_string(i);
    if (set.insert(name).second)
      return name;
  }
}

/// The rank of a value of ONNX type `type`, if known.
static std::optional<int64_t> getRank(const onnx::TypeProto &type) {
  if (!type.has_tensor_type() || !type.tensor_type().has_shape())
    return std::nullopt;
  return type.tensor_type().shape().dim_size();
}

void Converter::rewriteGraph(onnx::GraphProto &graph,
                             const onnx::GraphProto &inferred,
                             llvm::StringMap<int64_t> ranks,
                             ArrayRef<NodeScope> scopes) {
  // A name of this graph shadows one of the graphs around it.
  auto define = [&](const onnx::ValueInfoProto &value) {
    if (std::optional<int64_t> rank = getRank(value.type()))
      ranks[value.name()] = *rank;
    else
      ranks.erase(value.name());
  };
  for (const onnx::ValueInfoProto &value : inferred.input())
    define(value);
  for (const onnx::TensorProto &init : inferred.initializer())
    ranks[init.name()] = init.dims_size();
  for (const onnx::ValueInfoProto &value : inferred.value_info())
    define(value);
  for (const onnx::ValueInfoProto &value : inferred.output())
    define(value);
  for (const onnx::NodeProto &node : inferred.node())
    if (node.op_type() == "Constant" && node.output_size() == 1)
      for (const onnx::AttributeProto &attr : node.attribute())
        if (attr.name() == "value" && attr.has_t())
          ranks[node.output(0)] = attr.t().dims_size();

  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  for (int index = 0; index < graph.node_size(); ++index) {
    onnx::NodeProto &node = *graph.mutable_node(index);
    const onnx::NodeProto *inferredNode =
        index < inferred.node_size() ? &inferred.node(index) : nullptr;
    ConvertChange where;
    where.scopes.assign(scopes.begin(), scopes.end());
    where.index = index;
    where.name = node.name();
    where.opType = node.op_type();

    // The graphs the node holds, with this graph's values in scope.
    for (int a = 0; a < node.attribute_size(); ++a) {
      onnx::AttributeProto &attr = *node.mutable_attribute(a);
      const onnx::AttributeProto *inferredAttr =
          inferredNode && a < inferredNode->attribute_size()
              ? &inferredNode->attribute(a)
              : nullptr;
      NodeScope scope;
      scope.nodeIndex = index;
      scope.nodeName = node.name();
      scope.nodeOpType = node.op_type();
      scope.attribute = attr.name();
      SmallVector<NodeScope, 0> inner(scopes.begin(), scopes.end());
      if (attr.has_g()) {
        scope.graphName = attr.g().name();
        inner.push_back(scope);
        rewriteGraph(*attr.mutable_g(),
                     inferredAttr && inferredAttr->has_g() ? inferredAttr->g()
                                                           : attr.g(),
                     ranks, inner);
      }
      for (int k = 0; k < attr.graphs_size(); ++k) {
        scope.graphIndex = k;
        scope.graphName = attr.graphs(k).name();
        inner.assign(scopes.begin(), scopes.end());
        inner.push_back(scope);
        rewriteGraph(*attr.mutable_graphs(k),
                     inferredAttr && k < inferredAttr->graphs_size()
                         ? inferredAttr->graphs(k)
                         : attr.graphs(k),
                     ranks, inner);
      }
    }
    bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
    if (defaultDomain) {
      addDefaults(node, where);
      if (opset >= 7 && isElementwiseBroadcastOp(node.op_type()))
        makeBroadcastExplicit(graph, node, ranks, where, nodes);
    }
    nodes.Add(std::move(node));
  }
  graph.mutable_node()->Swap(&nodes);
}

void Converter::addDefaults(onnx::NodeProto &node, const ConvertChange &where) {
  for (onnx::AttributeProto &attr : getDefaultAttributeValues(node, opset)) {
    ConvertChange change = where;
    change.rewrite = ConvertRewrite::ExplicitDefault;
    std::string value = formatONNXAttribute(attr);
    change.change =
        llvm::formatv("attribute '{0}' = {1} written", attr.name(), value)
            .str();
    change.reason =
        llvm::formatv("{0}-{1} defaults '{2}' to {3}: the node computes the "
                      "same, and no attribute is left to its default "
                      "(profile.GR4)",
                      node.op_type(), opset, attr.name(), value)
            .str();
    changes.push_back(std::move(change));
    *node.add_attribute() = std::move(attr);
  }
}

void Converter::makeBroadcastExplicit(
    onnx::GraphProto &graph, onnx::NodeProto &node,
    const llvm::StringMap<int64_t> &ranks, const ConvertChange &where,
    google::protobuf::RepeatedPtrField<onnx::NodeProto> &nodes) {
  SmallVector<int64_t> inputRanks;
  int64_t rank = 0;
  for (const std::string &input : node.input()) {
    if (input.empty()) {
      inputRanks.push_back(-1);
      continue;
    }
    auto it = ranks.find(input);
    // An input of unknown rank: the common rank is not known.
    if (it == ranks.end())
      return;
    inputRanks.push_back(it->second);
    rank = std::max(rank, it->second);
  }
  std::string base = node.name().empty() ? node.op_type() : node.name();
  for (int i = 0; i < node.input_size(); ++i) {
    int64_t inputRank = inputRanks[i];
    if (inputRank < 0 || inputRank == rank)
      continue;
    std::string input = node.input(i);
    std::string output =
        makeUnique(valueNames, llvm::formatv("{0}_rank{1}", input, rank).str());
    onnx::NodeProto unsqueeze;
    unsqueeze.set_name(makeUnique(
        nodeNames, llvm::formatv("{0}_unsqueeze{1}", base, i).str()));
    unsqueeze.set_op_type("Unsqueeze");
    unsqueeze.add_input(input);
    SmallVector<int64_t> axes;
    for (int64_t axis = 0; axis < rank - inputRank; ++axis)
      axes.push_back(axis);
    std::string axesText =
        "[" +
        llvm::join(
            llvm::map_range(axes, [](int64_t a) { return std::to_string(a); }),
            ", ") +
        "]";
    if (opset >= kUnsqueezeAxesInputOpset) {
      onnx::TensorProto *tensor = graph.add_initializer();
      tensor->set_name(makeUnique(valueNames, output + "_axes"));
      tensor->set_data_type(onnx::TensorProto_DataType_INT64);
      tensor->add_dims(static_cast<int64_t>(axes.size()));
      std::string raw;
      for (int64_t axis : axes)
        for (int b = 0; b < 8; ++b)
          raw.push_back(static_cast<char>(
              (static_cast<uint64_t>(axis) >> (8 * b)) & 0xFF));
      tensor->set_raw_data(raw);
      unsqueeze.add_input(tensor->name());
    } else {
      onnx::AttributeProto *attr = unsqueeze.add_attribute();
      attr->set_name("axes");
      attr->set_type(onnx::AttributeProto_AttributeType_INTS);
      for (int64_t axis : axes)
        attr->add_ints(axis);
    }
    unsqueeze.add_output(output);
    node.set_input(i, output);

    ConvertChange change = where;
    change.rewrite = ConvertRewrite::ExplicitBroadcast;
    change.change =
        llvm::formatv("input {0} '{1}' of rank {2} unsqueezed to rank {3} by "
                      "the new node '{4}' (Unsqueeze, axes {5})",
                      i, input, inputRank, rank, unsqueeze.name(), axesText)
            .str();
    change.reason =
        "ONNX's broadcasting prepends sizes 1 to an input of lower rank; the "
        "Unsqueeze writes them, the values and their order unchanged, so "
        "that the node broadcasts inputs of one rank (broadcast.E1, "
        "'reshape upon broadcast')";
    changes.push_back(std::move(change));
    nodes.Add(std::move(unsqueeze));
  }
}

/// Calls `fn` on every node of `graph` and of its subgraphs, at every
/// depth, with its graph and its label (`scopes` the path to `graph`).
static void
forEachNode(onnx::GraphProto &graph, SmallVectorImpl<NodeScope> &scopes,
            llvm::function_ref<void(onnx::GraphProto &, onnx::NodeProto &,
                                    const ConvertChange &)>
                fn) {
  for (int index = 0; index < graph.node_size(); ++index) {
    onnx::NodeProto &node = *graph.mutable_node(index);
    ConvertChange where;
    where.scopes.assign(scopes.begin(), scopes.end());
    where.index = index;
    where.name = node.name();
    where.opType = node.op_type();
    fn(graph, node, where);
    for (onnx::AttributeProto &attr : *node.mutable_attribute()) {
      NodeScope scope;
      scope.nodeIndex = index;
      scope.nodeName = node.name();
      scope.nodeOpType = node.op_type();
      scope.attribute = attr.name();
      if (attr.has_g()) {
        scope.graphName = attr.g().name();
        scopes.push_back(scope);
        forEachNode(*attr.mutable_g(), scopes, fn);
        scopes.pop_back();
      }
      for (int k = 0; k < attr.graphs_size(); ++k) {
        scope.graphIndex = k;
        scope.graphName = attr.graphs(k).name();
        scopes.push_back(scope);
        forEachNode(*attr.mutable_graphs(k), scopes, fn);
        scopes.pop_back();
      }
    }
  }
}

/// "[0, 1]".
static std::string formatInts(ArrayRef<int64_t> values) {
  return "[" +
         llvm::join(llvm::map_range(
                        values, [](int64_t v) { return std::to_string(v); }),
                    ", ") +
         "]";
}

/// The lowest IR version that may import opset `opset` of the default
/// domain (onnx/helper.py's VERSION_TABLE): 3 up to opset 8, 4 for 9, 5
/// for 10, 6 for 11, 7 for 12 to 14.
static int64_t getMinIRVersion(int64_t opset) {
  if (opset <= 8)
    return 3;
  if (opset <= 11)
    return opset - 5;
  return 7;
}

static bool isDefaultDomainNode(const onnx::NodeProto &node) {
  return node.domain().empty() || node.domain() == "ai.onnx";
}

/// The nodes of `model` (at any depth) in an attribute form, into `old`;
/// returns the opset their input forms need (0 when there are none).
static int64_t findOldForms(onnx::ModelProto &model, int64_t opset,
                            SmallVectorImpl<OldForm> &old) {
  int64_t target = 0;
  SmallVector<NodeScope> scopes;
  forEachNode(
      *model.mutable_graph(), scopes,
      [&](onnx::GraphProto &graph, onnx::NodeProto &node,
          const ConvertChange &where) {
        if (!isDefaultDomainNode(node))
          return;
        if ((node.op_type() == "Unsqueeze" || node.op_type() == "Squeeze") &&
            findAttribute(node, "axes")) {
          old.push_back({&graph, &node, where, "axes"});
          target = kUnsqueezeAxesInputOpset;
        } else if (node.op_type() == "Reshape" &&
                   opset < kReshapeShapeInputOpset &&
                   findAttribute(node, "shape")) {
          old.push_back({&graph, &node, where, "shape"});
          target = std::max(target, kReshapeShapeInputOpset);
        }
      });
  return target;
}

/// Why the default-domain opset of `model` cannot move from `opset` to
/// `target` for the input forms of `old`; empty when it can.
static std::string whyOpsetCannotMove(onnx::ModelProto &model, int64_t opset,
                                      int64_t target,
                                      MutableArrayRef<OldForm> old) {
  SmallVector<NodeScope> scopes;
  // The opset can move when every other op of the model has the same
  // version at both: the same schema, the same meaning.
  std::string refusal;
  if (model.functions_size() != 0)
    refusal = "the model's local functions import the opset too";
  // An attribute of another type is invalid ONNX: no input form says the
  // same.
  for (OldForm &form : old) {
    onnx::AttributeProto *attr = findAttribute(*form.node, form.attribute);
    if (refusal.empty() &&
        attr->type() != onnx::AttributeProto_AttributeType_INTS)
      refusal = llvm::formatv("{0}'s attribute '{1}' is not a list of "
                              "integers (INTS), as ONNX requires",
                              form.where.getLabel(), form.attribute)
                    .str();
  }
  forEachNode(
      *model.mutable_graph(), scopes,
      [&](onnx::GraphProto &, onnx::NodeProto &node,
          const ConvertChange &where) {
        if (!refusal.empty() || !isDefaultDomainNode(node) ||
            llvm::is_contained({"Unsqueeze", "Squeeze", "Reshape"},
                               node.op_type()))
          return;
        int before = getDefaultDomainOpVersion(node.op_type(), opset);
        int after = getDefaultDomainOpVersion(node.op_type(), target);
        if (before != 0 && before == after)
          return;
        refusal =
            after == 0
                ? llvm::formatv("{0} {1} has no schema at opset {2}",
                                where.getLabel(), node.op_type(), target)
                      .str()
                : llvm::formatv("{0} would change from {1}-{2} to {1}-{3}, "
                                "whose meaning may differ",
                                where.getLabel(), node.op_type(), before, after)
                      .str();
      });
  int64_t minIR = getMinIRVersion(target);
  bool initializerInputs = false;
  for (const onnx::ValueInfoProto &input : model.graph().input())
    for (const onnx::TensorProto &init : model.graph().initializer())
      initializerInputs |= init.name() == input.name();
  if (refusal.empty() && model.ir_version() < 4 && minIR >= 4 &&
      initializerInputs)
    refusal = llvm::formatv("the IR version would move from {0} to {1}, "
                            "and from IR 4 an initializer that is also a "
                            "graph input is an input with a default value, "
                            "no longer a constant",
                            model.ir_version(), minIR)
                  .str();
  return refusal;
}

/// Moves the attribute of `form` to an int64 initializer input and reports
/// the change.
void Converter::moveToInputForm(OldForm &form) {
  onnx::NodeProto &node = *form.node;
  SmallVector<int64_t> values;
  for (int64_t v : findAttribute(node, form.attribute)->ints())
    values.push_back(v);
  onnx::TensorProto *tensor = form.graph->add_initializer();
  std::string base =
      (node.output_size() > 0 && !node.output(0).empty() ? node.output(0)
                                                         : node.op_type()) +
      "_" + form.attribute;
  tensor->set_name(makeUnique(valueNames, base));
  tensor->set_data_type(onnx::TensorProto_DataType_INT64);
  tensor->add_dims(static_cast<int64_t>(values.size()));
  std::string raw;
  for (int64_t v : values)
    for (int b = 0; b < 8; ++b)
      raw.push_back(
          static_cast<char>((static_cast<uint64_t>(v) >> (8 * b)) & 0xFF));
  tensor->set_raw_data(raw);
  // Reshape-1's consumed_inputs is a hint of the legacy optimizer, with
  // no meaning; Reshape-5 does not take it.
  google::protobuf::RepeatedPtrField<onnx::AttributeProto> attributes;
  for (onnx::AttributeProto &attr : *node.mutable_attribute())
    if (attr.name() != form.attribute && attr.name() != "consumed_inputs")
      attributes.Add(std::move(attr));
  node.mutable_attribute()->Swap(&attributes);
  while (node.input_size() < 1)
    node.add_input("");
  node.add_input(tensor->name());
  int64_t version = form.attribute == "axes" ? kUnsqueezeAxesInputOpset
                                             : kReshapeShapeInputOpset;
  ConvertChange change = form.where;
  change.rewrite = ConvertRewrite::OpsetForm;
  change.change =
      llvm::formatv("attribute '{0}' {1} moved to the input "
                    "'{2}' (an int64 initializer)",
                    form.attribute, formatInts(values), tensor->name())
          .str();
  change.reason = llvm::formatv(
      "{0}-{1} takes its {2} as an input and computes the same from the "
      "same values as {0}-{3} (the version at opset {4})",
      node.op_type(), version, form.attribute,
      getDefaultDomainOpVersion(node.op_type(), opset), opset);
  changes.push_back(std::move(change));
}

void Converter::moveToInputForms(onnx::ModelProto &model,
                                 SmallVectorImpl<ConvertChange> &kept) {
  if (opset >= kUnsqueezeAxesInputOpset)
    return;
  SmallVector<OldForm> old;
  int64_t target = findOldForms(model, opset, old);
  if (old.empty())
    return;
  std::string refusal = whyOpsetCannotMove(model, opset, target, old);
  if (!refusal.empty()) {
    for (OldForm &form : old) {
      ConvertChange change = form.where;
      change.rewrite = ConvertRewrite::OpsetForm;
      change.change = llvm::formatv("kept in its opset-{0} form (attribute "
                                    "'{1}')",
                                    opset, form.attribute)
                          .str();
      change.reason = llvm::formatv("its input form needs opset {0} for "
                                    "the whole model, and {1}",
                                    target, refusal)
                          .str();
      kept.push_back(std::move(change));
    }
    return;
  }

  for (OldForm &form : old)
    moveToInputForm(form);
  int64_t minIR = getMinIRVersion(target);
  for (onnx::OperatorSetIdProto &id : *model.mutable_opset_import())
    if (id.domain().empty() || id.domain() == "ai.onnx")
      id.set_version(target);
  ConvertChange change;
  change.rewrite = ConvertRewrite::OpsetForm;
  change.name = "opset";
  change.change = llvm::formatv("the default-domain opset moved from {0} "
                                "to {1}",
                                opset, target)
                      .str();
  if (model.ir_version() < minIR) {
    change.change += llvm::formatv(", the IR version from {0} to {1}",
                                   model.ir_version(), minIR)
                         .str();
    model.set_ir_version(minIR);
  }
  change.reason = llvm::formatv("every other op of the model has the same "
                                "version (the same schema) at opset {0} as "
                                "at {1}",
                                target, opset)
                      .str();
  changes.push_back(std::move(change));
}

/// Fixes the sizes of graph input `input` to `shape` where they are
/// symbolic; whether a size changed.
static bool fixInputShape(onnx::ValueInfoProto &input,
                          ArrayRef<int64_t> shape) {
  if (!input.type().has_tensor_type())
    return false;
  onnx::TensorShapeProto *proto =
      input.mutable_type()->mutable_tensor_type()->mutable_shape();
  if (proto->dim_size() != static_cast<int>(shape.size()))
    return false;
  bool changed = false;
  for (auto [dim, size] : llvm::zip(*proto->mutable_dim(), shape)) {
    if (dim.has_dim_value())
      continue;
    dim.clear_dim_param();
    dim.set_dim_value(size);
    changed = true;
  }
  return changed;
}

FailureOr<ConvertResult>
mlir::sonnx::convertModelProto(onnx::ModelProto &model, MLIRContext *context,
                               const ConvertOptions &options) {
  FailureOr<ONNXCheckResult> check =
      checkModelProto(model, context, options.import);
  if (failed(check))
    return failure();
  ConvertResult result;
  result.check = std::move(*check);
  if (result.check.breaksRule())
    return result;

  // The model is rewritten in place: its weights are never copied.
  if (options.rewrite) {
    Converter converter(result.check.opset, result.changes);
    onnx::GraphProto &graph = *model.mutable_graph();
    for (onnx::ValueInfoProto &input : *graph.mutable_input()) {
      auto it = options.import.inputShapes.find(input.name());
      if (it == options.import.inputShapes.end() ||
          !fixInputShape(input, it->second))
        continue;
      ConvertChange change;
      change.rewrite = ConvertRewrite::FixedInputShape;
      change.name = input.name();
      change.change = "shape fixed to " + formatShapeOption(it->second);
      change.reason = "--input-shape gives the sizes the model is run with";
      result.changes.push_back(std::move(change));
    }
    if (!options.import.inputShapes.empty())
      foldGraphs(graph, result.check, result.changes);
    converter.collectNames(graph);
    // The ranks of the values: ONNX's shape inference, on a copy without
    // the weights.
    std::vector<std::pair<int, std::string>> weights = takeLargeRawData(model);
    onnx::ModelProto inferred = model;
    restoreLargeRawData(model, std::move(weights));
    (void)inferWithoutLargeData(inferred);
    converter.rewriteGraph(graph, inferred.graph(), {}, {});
    converter.moveToInputForms(model, result.kept);
  }

  // The model is sonnx's now; the producer it had is kept.
  if (model.producer_name() != kONNXProducerName) {
    bool kept = llvm::any_of(model.metadata_props(), [](const auto &entry) {
      return entry.key() == kOriginalProducerKey;
    });
    if (!kept && !model.producer_name().empty()) {
      onnx::StringStringEntryProto *entry = model.add_metadata_props();
      entry->set_key(kOriginalProducerKey.str());
      entry->set_value(model.producer_version().empty()
                           ? model.producer_name()
                           : model.producer_name() + " " +
                                 model.producer_version());
    }
    model.set_producer_name(kONNXProducerName.str());
    model.set_producer_version(SONNX_VERSION);
  }
  if (model.ByteSizeLong() > static_cast<size_t>(INT_MAX)) {
    mlir::emitError(
        FileLineColLoc::get(context, options.import.sourceName, 0, 0))
        << "the converted model is larger than 2 GiB, the most a ModelProto "
           "holds";
    return failure();
  }
  result.converted = true;
  return result;
}

FailureOr<ConvertResult>
mlir::sonnx::convertONNXModel(ONNXModel &model, MLIRContext *context,
                              const ConvertOptions &options) {
  return model.convert(context, options);
}
