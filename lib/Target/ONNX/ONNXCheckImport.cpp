//===- ONNXCheckImport.cpp - the importer's check mode --------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The Importer's check mode (sonnx-check, ONNXCheck.h): every node of any
// model is imported, the shape ops as sonnx ops with a verdict each, every
// other node as an onnx_graph.node that keeps its op type, attributes,
// operands and results. ONNXImport.cpp holds the importer proper.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXImport.h"

#include "Importer.h"
#include "ImporterImpl.h"
#include "ProtoConversion.h"
#include "ShapeFolding.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::onnx_import;

//===----------------------------------------------------------------------===//
// Check mode
//===----------------------------------------------------------------------===//

/// The ONNX type `type` as text ("tensor(FLOAT8E4M3FN)", "seq(tensor(FLOAT))").
static std::string describeONNXType(const onnx::TypeProto &type) {
  switch (type.value_case()) {
  case onnx::TypeProto::kTensorType:
    return "tensor(" + getONNXDataTypeName(type.tensor_type().elem_type()) +
           ")";
  case onnx::TypeProto::kSparseTensorType:
    return "sparse_tensor(" +
           getONNXDataTypeName(type.sparse_tensor_type().elem_type()) + ")";
  case onnx::TypeProto::kSequenceType:
    return "seq(" + describeONNXType(type.sequence_type().elem_type()) + ")";
  case onnx::TypeProto::kOptionalType:
    return "optional(" + describeONNXType(type.optional_type().elem_type()) +
           ")";
  case onnx::TypeProto::kMapType:
    return "map(" + getONNXDataTypeName(type.map_type().key_type()) + ", " +
           describeONNXType(type.map_type().value_type()) + ")";
  default:
    return "?";
  }
}

/// The type of value `name` in a checked module: its declared (or inferred)
/// type when sonnx has one for it, otherwise an opaque type.
Type Importer::getCheckType(StringRef name) {
  auto it = declaredTypes.find(name);
  if (it == declaredTypes.end())
    return onnx_graph::OpaqueType::get(context, "?");
  return convertCheckType(*it->second);
}

/// The type of an ONNX value of type `type` in a checked module.
Type Importer::convertCheckType(const onnx::TypeProto &type) {
  llvm::Expected<TensorType> converted = convertONNXType(type, context, "");
  if (converted)
    return *converted;
  llvm::consumeError(converted.takeError());
  return onnx_graph::OpaqueType::get(context, describeONNXType(type));
}

/// The constant value of `name`, if the check knows one.
DenseElementsAttr Importer::getConstantValue(StringRef name) {
  if (auto it = check->folded.find(name); it != check->folded.end())
    return it->second.value;
  auto it = values.find(name);
  DenseElementsAttr value;
  if (it != values.end() && matchPattern(it->second, m_Constant(&value)))
    return value;
  return {};
}

void Importer::addModelFinding(const NodeInfo &info, std::string message) {
  ModelFinding finding;
  finding.finding.message = std::move(message);
  finding.nodeIndex = -1;
  finding.scopes.assign(check->scopes.begin(), check->scopes.end());
  if (std::optional<ONNXNodeAttr> node = getONNXNode(info.loc)) {
    finding.nodeIndex = node->getIndex();
    finding.nodeName = node->getName().str();
    finding.nodeOpType = node->getOpType().str();
  }
  check->result.modelFindings.push_back(std::move(finding));
}

Attribute Importer::convertNodeAttribute(const onnx::AttributeProto &attr) {
  switch (attr.type()) {
  case onnx::AttributeProto_AttributeType_INT:
    return builder.getI64IntegerAttr(attr.i());
  case onnx::AttributeProto_AttributeType_FLOAT:
    return builder.getF32FloatAttr(attr.f());
  case onnx::AttributeProto_AttributeType_STRING:
    return builder.getStringAttr(attr.s());
  case onnx::AttributeProto_AttributeType_INTS:
    return builder.getDenseI64ArrayAttr(
        SmallVector<int64_t>(attr.ints().begin(), attr.ints().end()));
  case onnx::AttributeProto_AttributeType_FLOATS:
    return builder.getDenseF32ArrayAttr(
        SmallVector<float>(attr.floats().begin(), attr.floats().end()));
  case onnx::AttributeProto_AttributeType_STRINGS: {
    SmallVector<Attribute> strings;
    for (const std::string &string : attr.strings())
      strings.push_back(builder.getStringAttr(string));
    return builder.getArrayAttr(strings);
  }
  case onnx::AttributeProto_AttributeType_TENSOR: {
    llvm::Expected<DenseElementsAttr> value =
        convertTensorProtoToAttr(attr.t(), context);
    if (value)
      return *value;
    llvm::consumeError(value.takeError());
    return builder.getStringAttr(
        llvm::formatv("tensor of ONNX type {0}",
                      getONNXDataTypeName(attr.t().data_type()))
            .str());
  }
  default:
    // (GRAPH and GRAPHS are the node's regions: isGraphAttribute.)
    return builder.getStringAttr(
        llvm::formatv("attribute of type {0}",
                      getAttributeTypeName(attr.type()))
            .str());
  }
}

/// An ONNX node as onnx_graph.node; the outputs the shape folds compute are
/// recorded (and make the result types static). The graphs it holds are
/// imported as its regions and checked; an If whose condition is a
/// constant has its other branch reported as not taken, and its outputs
/// typed (and folded) from the branch taken.
/// Imports the bodies of `op`, the onnx_graph.node of `info`: its graphs
/// (`graphs`, in the order of its attributes), then the body of the
/// model-local `function` it calls, if any, with the call's input `types`
/// and `constants`; sets the node's `bodies`. Returns the body whose outputs
/// are the node's: the branch an If takes when its `condition` is known, or
/// the function's.
std::optional<Importer::ImportedBody> Importer::importNodeBodies(
    const NodeInfo &info, onnx_graph::NodeOp op,
    ArrayRef<std::pair<NodeScope, const onnx::GraphProto *>> graphs,
    const onnx::FunctionProto *function, std::optional<ONNXNodeAttr> nodeAttr,
    ArrayRef<Type> types, ArrayRef<DenseElementsAttr> constants,
    std::optional<bool> condition) {
  const onnx::NodeProto &node = info.node;
  SmallVector<Attribute> descriptions;
  std::optional<ImportedBody> taken;
  for (auto [index, pair] : llvm::enumerate(graphs)) {
    const auto &[scope, graph] = pair;
    std::string outerNotTaken = check->notTaken;
    bool isTaken = false;
    if (condition) {
      isTaken = (scope.attribute == "then_branch") == *condition;
      if (!isTaken && check->notTaken.empty())
        check->notTaken =
            llvm::formatv("not taken under these input shapes: the condition "
                          "'{0}' of {1} is {2}",
                          node.input(0), info.label,
                          *condition ? "true" : "false")
                .str();
    }
    ImportedBody body =
        importBody(info, op->getRegion(index), scope, graph, nullptr, {}, {});
    check->notTaken = std::move(outerNotTaken);
    descriptions.push_back(body.description);
    if (isTaken)
      taken = std::move(body);
  }
  if (function) {
    // The call's inputs by position (an absent one has no type).
    SmallVector<Type> callTypes;
    SmallVector<DenseElementsAttr> callConstants;
    for (auto [type, constant] : llvm::zip(types, constants)) {
      callTypes.push_back(type);
      callConstants.push_back(constant);
    }
    NodeScope scope;
    scope.kind = NodeScope::Kind::Function;
    scope.nodeIndex = nodeAttr ? nodeAttr->getIndex() : -1;
    scope.nodeName = node.name();
    scope.nodeOpType = node.op_type();
    scope.functionDomain = function->domain();
    scope.functionName = function->name();
    ImportedBody body =
        importBody(info, op->getRegion(static_cast<unsigned>(graphs.size())),
                   scope, nullptr, function, callTypes, callConstants);
    descriptions.push_back(body.description);
    // The call's outputs are the function's.
    if (body.outputs.size() == op->getNumResults())
      taken = std::move(body);
  }
  if (!descriptions.empty())
    op.setBodiesAttr(builder.getArrayAttr(descriptions));
  return taken;
}

/// The outputs of an If that takes one branch (or of a call) are those of
/// `taken`: their computed types refine the declared ones, and their
/// constants are the node's folded values.
void Importer::takeBodyResults(const NodeInfo &info, onnx_graph::NodeOp op,
                               const ImportedBody &taken) {
  const onnx::NodeProto &node = info.node;
  if (taken.outputs.size() != op->getNumResults())
    return;
  bool anyFolded = false;
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    Type branchType = taken.outputs[i].getType();
    auto declared = dyn_cast<TensorType>(result.getType());
    auto computed = dyn_cast<TensorType>(branchType);
    if (computed &&
        (!declared || (declared.getElementType() == computed.getElementType() &&
                       succeeded(verifyCompatibleShape(declared, computed)))))
      result.setType(computed);
    if (DenseElementsAttr value = taken.constants[i];
        value && value.getType() == result.getType() &&
        !node.output(i).empty()) {
      check->folded.tryEmplace(node.output(i),
                               CheckState::FoldedValue{value, info.loc});
      anyFolded = true;
    }
  }
  if (anyFolded)
    ++check->result.numFoldedNodes;
}

void Importer::importOpaque(const NodeInfo &info) {
  const onnx::NodeProto &node = info.node;
  SmallVector<Value> operands;
  SmallVector<int64_t> absent;
  SmallVector<DenseElementsAttr> constants;
  SmallVector<Type> types;
  for (auto [i, name] : llvm::enumerate(node.input())) {
    auto it = name.empty() ? values.end() : values.find(name);
    if (it == values.end()) {
      if (!name.empty())
        addModelFinding(
            info,
            llvm::formatv("input '{0}' is not defined before the node", name)
                .str());
      absent.push_back(static_cast<int64_t>(i));
      constants.push_back({});
      types.push_back({});
      continue;
    }
    operands.push_back(it->second);
    types.push_back(it->second.getType());
    constants.push_back(getConstantValue(name));
  }

  SmallVector<Type> resultTypes;
  for (const std::string &name : node.output())
    resultTypes.push_back(name.empty()
                              ? onnx_graph::OpaqueType::get(context, "?")
                              : getCheckType(name));

  std::optional<SmallVector<DenseElementsAttr, 1>> folded;
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  if (defaultDomain && !operands.empty())
    folded = foldONNXNode(node, opset, constants, types);
  if (folded) {
    // The computed type refines the inferred one, which it must agree with.
    auto computed = cast<TensorType>((*folded)[0].getType());
    auto declared = dyn_cast<TensorType>(resultTypes[0]);
    if (!declared || (declared.getElementType() == computed.getElementType() &&
                      succeeded(verifyCompatibleShape(declared, computed))))
      resultTypes[0] = computed;
    else
      folded.reset();
  }
  if (defaultDomain && opset > 0 && isElementwiseBroadcastOp(node.op_type()))
    checkElementwise(info, types);

  // The attributes of the node; the graphs it holds, in the order of its
  // attributes, become its regions.
  SmallVector<NamedAttribute> attrs;
  llvm::StringSet<> seen;
  for (const onnx::AttributeProto &attr : node.attribute())
    if (!attr.name().empty() && seen.insert(attr.name()).second &&
        !isGraphAttribute(attr))
      attrs.push_back(
          builder.getNamedAttr(attr.name(), convertNodeAttribute(attr)));
  std::optional<ONNXNodeAttr> nodeAttr = getONNXNode(info.loc);
  SmallVector<std::pair<NodeScope, const onnx::GraphProto *>> graphs;
  forEachNodeGraph(node, nodeAttr ? nodeAttr->getIndex() : -1,
                   [&](const NodeScope &scope, const onnx::GraphProto &graph) {
                     graphs.emplace_back(scope, &graph);
                   });

  // A call of a model-local function: its body is checked at the call, with
  // the call's input types (once per call site).
  const onnx::FunctionProto *function = nullptr;
  if (auto it = check->functions.find({node.domain(), node.op_type()});
      it != check->functions.end() &&
      !llvm::is_contained(check->calling, it->second)) {
    function = it->second;
    check->result.calledFunctions.insert(
        {function->domain(), function->name()});
  }

  // An If whose condition the check knows takes one branch only.
  std::optional<bool> condition;
  if (defaultDomain && node.op_type() == "If" && !constants.empty() &&
      constants[0] && constants[0].getNumElements() == 1 &&
      constants[0].getElementType().isInteger(1))
    condition = *constants[0].getValues<bool>().begin();

  auto op = onnx_graph::NodeOp::create(
      builder, info.loc, resultTypes, builder.getStringAttr(node.op_type()),
      builder.getStringAttr(node.domain()),
      attrs.empty() ? DictionaryAttr() : builder.getDictionaryAttr(attrs),
      absent.empty() ? DenseI64ArrayAttr()
                     : builder.getDenseI64ArrayAttr(absent),
      ArrayAttr(), operands,
      static_cast<unsigned>(graphs.size() + (function ? 1 : 0)));
  std::optional<ImportedBody> taken = importNodeBodies(
      info, op, graphs, function, nodeAttr, types, constants, condition);

  if (taken && !folded)
    takeBodyResults(info, op, *taken);

  for (auto [name, result] : llvm::zip(node.output(), op->getResults()))
    if (!name.empty() && !defineCheckValue(name, result))
      addModelFinding(info, llvm::formatv("value '{0}' is already defined "
                                          "(each ONNX value has one producer)",
                                          name)
                                .str());
  if (folded) {
    ++check->result.numFoldedNodes;
    check->folded.tryEmplace(node.output(0),
                             CheckState::FoldedValue{(*folded)[0], info.loc});
  }
}

LogicalResult Importer::checkNode(const NodeInfo &info, ONNXNodeAttr nodeAttr) {
  const onnx::NodeProto &node = info.node;
  // Whether the node reads a value that varies between the runs of a body
  // around it (CheckState::varying), directly or in the bodies it holds:
  // then so do its outputs. The main graph has no such value.
  size_t depth = check->scopes.size();
  bool readsVarying = false;
  if (depth > 0)
    for (const std::string &name : node.input())
      if (size_t definedAt = name.empty() ? 0 : check->varying.lookup(name)) {
        readsVarying = true;
        check->varyingReads.back() =
            std::min(check->varyingReads.back(), definedAt);
      }
  bool outerBodyReads = std::exchange(check->bodyReadsVarying, false);
  bool outerNodeReads = std::exchange(check->nodeReadsVarying, readsVarying);
  importCheckedNode(info, nodeAttr);
  bool varies = readsVarying || check->bodyReadsVarying;
  check->bodyReadsVarying = outerBodyReads;
  check->nodeReadsVarying = outerNodeReads;
  if (depth > 0)
    for (const std::string &name : node.output()) {
      if (name.empty())
        continue;
      if (varies)
        check->varying.set(name, depth);
      else
        check->varying.erase(name); // A varying value around, shadowed.
    }
  return success();
}

/// Imports node `info` in check mode: a shape node with its verdict, an
/// Identity or a Constant as the importer does, any other node as an
/// onnx_graph.node.
void Importer::importCheckedNode(const NodeInfo &info, ONNXNodeAttr nodeAttr) {
  const onnx::NodeProto &node = info.node;
  StringRef opType = node.op_type();
  bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
  if (defaultDomain && opset == 0) {
    addModelFinding(info, "the node is of the default ONNX domain, which "
                          "the model does not import");
    defaultDomain = false;
  }
  if (defaultDomain)
    if (std::optional<ProfileOp> op = lookupONNXOp(opType)) {
      checkShapeNode(info, *op, nodeAttr);
      return;
    }
  ++check->result.numOtherNodes;
  if (defaultDomain && (opType == "Identity" || opType == "Constant")) {
    // As the importer does, when it can: no op, or an arith.constant.
    Block *block = builder.getInsertionBlock();
    Operation *last = block->empty() ? nullptr : &block->back();
    LogicalResult imported = failure();
    {
      ScopedDiagnosticHandler handler(context,
                                      [](Diagnostic &) { return success(); });
      imported =
          opType == "Identity" ? importIdentity(info) : importConstant(info);
    }
    if (succeeded(imported)) {
      if (opType == "Identity")
        if (auto it = check->folded.find(node.input(0));
            it != check->folded.end())
          check->folded.tryEmplace(node.output(0), it->second);
      return;
    }
    while (!block->empty() && &block->back() != last)
      block->back().erase();
  }
  importOpaque(info);
}

/// Why the rules `verification` defers are left to run time.
static std::string describeRunTimeReasons(Operation *op,
                                          const OpVerification &verification) {
  SmallVector<std::string> reasons;
  if (!verification.hasKnownShapeValues())
    reasons.push_back(
        llvm::formatv("the values of its {0} operand are known "
                      "only at run time",
                      cast<ProfileOpInterface>(op).getInfo().shapeOperandName)
            .str());
  auto input = cast<ShapedType>(op->getOperand(0).getType());
  if (!input.hasStaticShape())
    reasons.push_back(
        llvm::formatv("its input has unknown sizes ({0})", typeToString(input))
            .str());
  bool resultShape = llvm::any_of(verification.deferredRules, [](RuleID rule) {
    return getRuleInfo(rule).role == RuleRole::ResultShape;
  });
  if (resultShape)
    reasons.push_back(llvm::formatv("its result is declared as {0}, more "
                                    "than the rules infer",
                                    typeToString(op->getResult(0).getType()))
                          .str());
  if (reasons.empty())
    reasons.push_back("a product of sizes may overflow at run time");
  return llvm::join(reasons, "; ");
}

/// Lists in `entry` the rules left to run time when an input has no known
/// rank: every rule of the op but those the types still decide (the element
/// types, the type of the shape or axes operand). An element type outside
/// the op's set breaks its rule now.
void Importer::listRulesWithoutRank(const onnx::NodeProto &node, ProfileOp op,
                                    ShapeNodeCheck &entry) {
  Type dataType;
  if (auto it = values.find(node.input(0));
      !node.input(0).empty() && it != values.end())
    dataType = it->second.getType();
  Type elementType;
  if (auto tensor = dyn_cast_or_null<TensorType>(dataType))
    elementType = tensor.getElementType();
  bool operandTypeKnown = node.input_size() < 2;
  if (node.input_size() >= 2)
    if (auto it = values.find(node.input(1)); it != values.end())
      if (auto shape = dyn_cast<RankedTensorType>(it->second.getType()))
        operandTypeKnown =
            shape.getRank() == 1 && shape.getElementType().isInteger(64);
  auto resultElementTypeAgrees = [&](Type type) {
    auto declared =
        declaredTypes.find(node.output_size() ? node.output(0) : std::string());
    if (declared == declaredTypes.end())
      return true;
    auto tensor = dyn_cast<TensorType>(convertCheckType(*declared->second));
    return !tensor || tensor.getElementType() == type;
  };
  const OpElementTypes &allowed = getOpElementTypes(op, opset);
  for (const RuleInfo &rule : getOpRuleInfos(op)) {
    if (rule.role == RuleRole::ElementTypes && elementType) {
      if (!allowed.allows(elementType)) {
        entry.verdict = ShapeNodeVerdict::Breaks;
        entry.findings.push_back(
            {rule.rule, formatElementTypeNotAllowed(node.input(0), elementType,
                                                    allowed, opset) +
                            getRuleCitation(rule.rule)});
      }
      continue;
    }
    if (rule.role == RuleRole::OperandType && operandTypeKnown)
      continue;
    // ONNX's Expand has no axes_mapping (the RFC's StaticExpand has).
    if (rule.rule == RuleID::ExpandAxesMapping)
      continue;
    // The result takes the input's element type unless a declaration
    // says otherwise.
    if (rule.role == RuleRole::ResultElementType && elementType &&
        resultElementTypeAgrees(elementType))
      continue;
    entry.runTimeRules.push_back(rule.rule);
  }
  if (entry.verdict == ShapeNodeVerdict::Breaks)
    entry.runTimeRules.clear();
}

/// Gives `entry` its verdict when an input of `node` has no known rank or an
/// opaque type, which keeps the op from being built: the rules are left to
/// run time, or the element type breaks the op's set. Returns whether the
/// op can be built.
bool Importer::checkInputTypes(const onnx::NodeProto &node, ProfileOp op,
                               ShapeNodeCheck &entry) {
  for (int i = 0; i < std::min(node.input_size(), 2); ++i) {
    auto it = values.find(node.input(i));
    if (node.input(i).empty() || it == values.end())
      continue;
    Type type = it->second.getType();
    // A shape or axes operand of another element type breaks its type rule
    // whatever its rank: the verifier says so.
    auto unranked = dyn_cast<UnrankedTensorType>(type);
    if (isa<RankedTensorType>(type) ||
        (i == 1 && unranked && !unranked.getElementType().isInteger(64)))
      continue;
    if (auto opaque = dyn_cast<onnx_graph::OpaqueType>(type);
        opaque && opaque.getOnnxType().starts_with("tensor(")) {
      entry.verdict = ShapeNodeVerdict::Breaks;
      std::string message =
          llvm::formatv("input '{0}' has ONNX type {1}, whose element type "
                        "is not one of the profile",
                        node.input(i), opaque.getOnnxType())
              .str();
      RuleID rule = *getOpRule(op, RuleRole::ElementTypes);
      entry.findings.push_back({rule, message + getRuleCitation(rule)});
    } else if (entry.verdict != ShapeNodeVerdict::Breaks) {
      entry.verdict = ShapeNodeVerdict::RunTime;
      entry.runTimeReason =
          llvm::formatv("the {0} of input '{1}' ({2}) is not known at "
                        "compile time",
                        isa<TensorType>(type) ? "rank" : "type", node.input(i),
                        typeToString(type))
              .str();
    }
  }
  if (entry.verdict == ShapeNodeVerdict::RunTime)
    listRulesWithoutRank(node, op, entry);
  return entry.verdict == ShapeNodeVerdict::Conforms;
}

/// Gives `entry` the verdict of a shape node whose op the importer refused
/// (`messages`: its errors, each with the rule it cites, if any): it breaks
/// a rule, or it is not valid ONNX (profile.valid-onnx).
void Importer::recordRefusedShapeNode(
    const NodeInfo &info,
    ArrayRef<std::pair<std::string, std::optional<RuleID>>> messages,
    Block *block, Operation *last, ShapeNodeCheck &entry) {
  std::string prefix = info.label + ": ";
  auto strip = [&](StringRef message) {
    message.consume_front(prefix);
    return message.str();
  };
  // Nothing of the node stays: it becomes an onnx_graph.node.
  while (!block->empty() && &block->back() != last)
    block->back().erase();
  bool citesRule = llvm::any_of(
      messages, [](const auto &message) { return message.second.has_value(); });
  entry.verdict = citesRule || !check->defaults.empty()
                      ? ShapeNodeVerdict::Breaks
                      : ShapeNodeVerdict::Invalid;
  // An invalid node breaks profile.valid-onnx: each of its findings
  // cites it.
  bool invalid = entry.verdict == ShapeNodeVerdict::Invalid;
  std::string validONNX = getProfileRuleText(ProfileRule::ValidONNX).str();
  for (const auto &[message, rule] : messages) {
    CheckFinding finding;
    if (rule)
      finding.rule = *rule;
    finding.message = strip(message);
    if (invalid) {
      finding.rule = ProfileRule::ValidONNX;
      finding.message += " [" + validONNX + "]";
    }
    entry.findings.push_back(std::move(finding));
  }
  if (entry.findings.empty() && check->defaults.empty())
    entry.findings.push_back(
        {ProfileRule::ValidONNX,
         "the node cannot be imported [" + validONNX + "]"});
  entry.findings.append(check->defaults.begin(), check->defaults.end());
}

/// Gives `entry` the verdict of the sonnx op imported for `node`, and
/// records the value of its result when it moves the values of a constant.
void Importer::recordImportedShapeNode(const NodeInfo &info, ProfileOp op,
                                       ShapeNodeCheck &entry) {
  const onnx::NodeProto &node = info.node;
  Value result = values.lookup(node.output(0));
  Operation *sonnxOp = result ? result.getDefiningOp() : nullptr;
  FailureOr<OpVerification> verification =
      sonnxOp ? verifySONNXOp(sonnxOp) : FailureOr<OpVerification>(failure());
  if (!check->defaults.empty()) {
    entry.verdict = ShapeNodeVerdict::Breaks;
    entry.findings.append(check->defaults.begin(), check->defaults.end());
  } else if (failed(verification)) {
    // An imported op verifies: this would be a fault of sonnx.
    entry.verdict = ShapeNodeVerdict::Invalid;
    entry.findings.push_back(
        {std::nullopt, "internal error: the imported op does not verify"});
  } else if (!verification->isDecided()) {
    entry.verdict = ShapeNodeVerdict::RunTime;
    entry.runTimeRules.assign(verification->deferredRules.begin(),
                              verification->deferredRules.end());
    entry.runTimeReason = describeRunTimeReasons(sonnxOp, *verification);
  }
  // The op moves the values of a constant input: its result is known too.
  if (entry.verdict == ShapeNodeVerdict::Conforms && op != ProfileOp::Expand)
    if (auto resultType = dyn_cast<RankedTensorType>(result.getType());
        resultType && resultType.hasStaticShape())
      if (DenseElementsAttr data = getConstantValue(node.input(0)))
        if (data.getNumElements() == resultType.getNumElements() &&
            data.getNumElements() <= kMaxFoldedElements)
          check->folded.tryEmplace(
              node.output(0),
              CheckState::FoldedValue{data.reshape(resultType), info.loc});
}

void Importer::checkShapeNode(const NodeInfo &info, ProfileOp op,
                              ONNXNodeAttr nodeAttr) {
  const onnx::NodeProto &node = info.node;
  ShapeNodeCheck entry;
  entry.index = nodeAttr.getIndex();
  entry.name = node.name();
  entry.opType = node.op_type();
  if (!checkInputTypes(node, op, entry)) {
    importOpaque(info);
    addNodeCheck(std::move(entry));
    return;
  }

  Block *block = builder.getInsertionBlock();
  Operation *last = block->empty() ? nullptr : &block->back();
  SmallVector<std::pair<std::string, std::optional<RuleID>>> messages;
  check->defaults.clear();
  LogicalResult imported = failure();
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        messages.emplace_back(diag.str(), getAttachedRule(diag));
      return success();
    });
    imported = importProfileOp(info, op);
  }

  if (failed(imported)) {
    recordRefusedShapeNode(info, messages, block, last, entry);
    importOpaque(info);
  } else {
    recordImportedShapeNode(info, op, entry);
  }
  addNodeCheck(std::move(entry));
}
