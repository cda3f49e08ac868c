//===- ONNXImport.cpp - ONNX model to sonnx MLIR importer -----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Walks the ONNX graph in its (topological) node order and builds one
// `func.func`: graph inputs become arguments, initializers and Constant
// nodes become constants, each supported node becomes one sonnx op (plus a
// constant for shapes and axes that old opsets give as attributes), and the
// graph outputs are returned. Every op is verified as soon as it is built,
// so that a broken constraint is reported with the node it comes from.
//
// The op builders infer the result types (SONNXShapes.cpp holds the rules);
// a type that ONNX declares for a value (value_info, graph outputs) is then
// merged in: it may make unknown sizes static, and a contradiction is left
// for the verifier to report with its constraint ID.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXImport.h"

#include "Importer.h"
#include "ImporterImpl.h"
#include "ProtoConversion.h"
#include "ShapeFolding.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
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
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;

/// The ops the importer supports, for messages: those of
/// SONNXProfileOps.def, Constant and Identity, in alphabetical order.
static std::string getSupportedOps() {
  SmallVector<StringRef> names = {"Constant", "Identity"};
  for (const ProfileOpInfo &info : kProfileOps)
    if (!info.onnxOpType.empty())
      names.push_back(info.onnxOpType);
  llvm::sort(names);
  return llvm::join(names, ", ");
}

void mlir::sonnx::registerONNXImportDialects(DialectRegistry &registry) {
  registry.insert<SONNXDialect, arith::ArithDialect, func::FuncDialect>();
}

/// The type of an op result given its inferred type and the type ONNX
/// declares for it: the most static combination when their shapes agree
/// (with the declared element type), otherwise the declared type, which the
/// op's verifier then rejects with the ID of the rule (`*.type`,
/// `*.Y.shape`, ...).
static Type mergeDeclaredType(TensorType inferred, TensorType declared) {
  if (failed(verifyCompatibleShape(inferred, declared)))
    return declared;
  InferredShape shape;
  if (inferred.hasRank())
    shape = Shape(inferred.getShape());
  return refineTensorType(declared, shape);
}

static FailureOr<TensorType>
applyInputShape(StringRef what, TensorType declared, ArrayRef<int64_t> shape);

using namespace mlir::sonnx::onnx_import;

//===----------------------------------------------------------------------===//
// Model and graph
//===----------------------------------------------------------------------===//

LogicalResult Importer::readOpset(const onnx::ModelProto &model) {
  SmallVector<int64_t> versions = getDefaultOpsets(model);
  if (versions.size() > 1)
    return emitModelError()
           << "the model imports the default ONNX domain twice";
  // A model of other domains only (ai.onnx.preview.training) has no shape
  // op to check, but its nodes are imported all the same.
  if (versions.empty() && check)
    return success();
  if (versions.empty())
    return emitModelError() << "the model imports no opset of the default "
                               "ONNX domain (opset_import)";
  opset = versions.front();
  if (opset < 1 || opset > kMaxSupportedOpset)
    return emitModelError() << "opset " << opset
                            << " of the default ONNX domain is not supported "
                               "(supported: 1 to "
                            << kMaxSupportedOpset << ")";
  return success();
}

void Importer::collectDeclaredTypes(const onnx::GraphProto &graph) {
  // Graph outputs last: they are the declarations users see.
  for (const onnx::ValueInfoProto &info : graph.value_info())
    if (info.has_type())
      declaredTypes.set(info.name(), &info.type());
  for (const onnx::ValueInfoProto &info : graph.output())
    if (info.has_type())
      declaredTypes.set(info.name(), &info.type());
}

/// The declared type of `name` as far as the options let it count: null
/// when there is none.
FailureOr<TensorType> Importer::getDeclaredType(StringRef name) {
  auto it = declaredTypes.find(name);
  if (it == declaredTypes.end())
    return TensorType();
  llvm::Expected<TensorType> type = convertONNXType(
      *it->second, context, llvm::formatv("value '{0}'", name).str());
  if (!type && check) {
    // The check reports the type (profile.types); the value is opaque.
    llvm::consumeError(type.takeError());
    return TensorType();
  }
  if (!type) {
    emitModelError() << llvm::toString(type.takeError());
    return failure();
  }
  if (options.dynamicInputShapes && type->hasRank())
    return TensorType(RankedTensorType::get(
        SmallVector<int64_t>(type->getRank(), ShapedType::kDynamic),
        type->getElementType()));
  return *type;
}

FailureOr<func::FuncOp> Importer::createFunction(const onnx::GraphProto &graph,
                                                 ModuleOp module) {
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : graph.initializer())
    initializers.insert(init.name());

  SmallVector<Type> argTypes;
  SmallVector<std::string> argNames;
  SmallVector<std::pair<std::string, DenseElementsAttr>> constantInputs;
  llvm::StringSet<> seen;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    const std::string &name = input.name();
    if (name.empty())
      return emitModelError() << "a graph input has no name";
    if (!seen.insert(name).second)
      return emitModelError() << "graph input '" << name << "' is listed twice";
    // An input that is also an initializer (IR version < 4) has the
    // initializer as its value: it is a constant.
    if (initializers.contains(name))
      continue;
    std::string what = llvm::formatv("graph input '{0}'", name).str();
    if (check && !options.inputTypes.count(name) &&
        !options.inputShapes.count(name) &&
        !options.constantInputs.count(name)) {
      // Any type: the check reports those outside the profile.
      argTypes.push_back(input.has_type()
                             ? convertCheckType(input.type())
                             : Type(onnx_graph::OpaqueType::get(context, "?")));
      argNames.push_back(name);
      continue;
    }
    if (!input.has_type())
      return emitModelError() << what << " has no type";
    llvm::Expected<TensorType> declared =
        convertONNXType(input.type(), context, what);
    if (!declared) {
      emitModelError() << llvm::toString(declared.takeError());
      return failure();
    }

    if (auto it = options.constantInputs.find(name);
        it != options.constantInputs.end()) {
      auto valueType = cast<TensorType>(it->second.getType());
      if (!isCompatibleTensorType(*declared, valueType))
        return emitModelError()
               << what << " is declared as " << typeToString(*declared)
               << " but its constant value has type "
               << typeToString(valueType);
      constantInputs.emplace_back(name, it->second);
      continue;
    }

    TensorType type = *declared;
    auto shape = options.inputShapes.find(name);
    bool hasShape = shape != options.inputShapes.end();
    if (hasShape) {
      FailureOr<TensorType> shaped =
          applyInputShape(what, *declared, shape->second);
      if (failed(shaped))
        return failure();
      type = *shaped;
    }
    if (auto it = options.inputTypes.find(name);
        it != options.inputTypes.end()) {
      if (!isCompatibleTensorType(*declared, it->second))
        return emitModelError()
               << what << " is declared as " << typeToString(*declared)
               << " but is given the type " << typeToString(it->second);
      // Data (sonnx-run's) must have the shape --input-shape fixes.
      if (hasShape && it->second.getShape() != ArrayRef<int64_t>(shape->second))
        return emitModelError()
               << "--input-shape " << name << "="
               << formatShapeOption(shape->second) << ": the data of " << what
               << " has type " << typeToString(it->second);
      type = it->second;
    } else if (!hasShape && options.dynamicInputShapes && type.hasRank()) {
      type = RankedTensorType::get(
          SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
          type.getElementType());
    }
    if (!type.hasRank())
      return emitModelError() << what
                              << " has no declared shape; sonnx needs "
                                 "the rank of every graph input";
    argTypes.push_back(type);
    argNames.push_back(name);
  }

  // A name that is no graph input: the error lists the real ones (those
  // that are no initializer).
  auto listInputs = [&] {
    SmallVector<std::string> names;
    for (const onnx::ValueInfoProto &input : graph.input())
      if (!initializers.contains(input.name()))
        names.push_back("'" + input.name() + "'");
    if (names.empty())
      return std::string(" (the model has no graph input)");
    return " (its graph input" + std::string(names.size() == 1 ? "" : "s") +
           ": " + llvm::join(names, ", ") + ")";
  };
  for (const auto &[name, value] : options.constantInputs)
    if (!seen.contains(name))
      return emitModelError()
             << "a constant is given for '" << name.str()
             << "', which is not a graph input" << listInputs();
  for (const auto &[name, type] : options.inputTypes)
    if (!seen.contains(name))
      return emitModelError()
             << "a type is given for '" << name.str()
             << "', which is not a graph input" << listInputs();
  for (const auto &[name, shape] : options.inputShapes)
    if (!seen.contains(name) || initializers.contains(name))
      return emitModelError()
             << "--input-shape " << name.str() << "="
             << formatShapeOption(shape) << ": the model has no graph input '"
             << name.str() << "'" << listInputs();

  builder.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(builder, fileLoc, options.functionName,
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  for (auto [i, name] : llvm::enumerate(argNames)) {
    func.setArgAttr(i, kONNXNameAttrName, builder.getStringAttr(name));
    BlockArgument arg = entry->getArgument(i);
    arg.setLoc(getLabelLoc(llvm::formatv("graph input '{0}'", name).str()));
    values.set(name, arg);
  }
  for (const auto &[name, value] : constantInputs) {
    std::string label = llvm::formatv("graph input '{0}'", name).str();
    FailureOr<Value> constant =
        createConstant(getLabelLoc(label), label, value);
    if (failed(constant))
      return failure();
    values.set(name, *constant);
  }
  return func;
}

LogicalResult Importer::importInitializers(const onnx::GraphProto &graph) {
  if (graph.sparse_initializer_size() != 0)
    return emitModelError() << "sparse initializer '"
                            << graph.sparse_initializer(0).values().name()
                            << "' is not supported";
  for (const onnx::TensorProto &init : graph.initializer()) {
    std::string label = getScopePrefix() +
                        llvm::formatv("initializer '{0}'", init.name()).str();
    if (init.name().empty())
      return emitModelError() << "an initializer has no name";
    llvm::Expected<DenseElementsAttr> value =
        convertTensorProtoToAttr(init, context);
    if (!value && check) {
      // An opaque constant; the check reports its type (profile.types).
      // Values in external data are not read: their type is known, their
      // values are not (a constant the folds cannot read).
      llvm::consumeError(value.takeError());
      Type resultType = onnx_graph::OpaqueType::get(
          context,
          llvm::formatv("tensor({0})", getONNXDataTypeName(init.data_type()))
              .str());
      Type elementType = getElementTypeForONNX(context, init.data_type());
      if (init.data_location() == onnx::TensorProto_DataLocation_EXTERNAL &&
          elementType &&
          llvm::all_of(init.dims(), [](int64_t size) { return size >= 0; }))
        resultType = RankedTensorType::get(
            SmallVector<int64_t>(init.dims().begin(), init.dims().end()),
            elementType);
      auto constant = onnx_graph::NodeOp::create(
          builder, getLabelLoc(label), TypeRange{resultType},
          builder.getStringAttr("Constant"), builder.getStringAttr(""),
          DictionaryAttr(), DenseI64ArrayAttr(), ArrayAttr(), ValueRange(),
          /*graphsCount=*/0);
      if (isa<RankedTensorType>(resultType)) {
        SmallVector<NamedAttribute> entries;
        for (const onnx::StringStringEntryProto &entry : init.external_data())
          entries.push_back(builder.getNamedAttr(
              entry.key(), builder.getStringAttr(entry.value())));
        constant->setAttr(kONNXExternalDataAttrName,
                          builder.getDictionaryAttr(entries));
      }
      if (!defineCheckValue(init.name(), constant->getResult(0)))
        return mlir::emitError(getLabelLoc(label))
               << label << ": value '" << init.name()
               << "' is already defined (each ONNX value has one producer)";
      continue;
    }
    if (!value)
      return emitModelError()
             << "initializer " << llvm::toString(value.takeError());
    Location loc = getLabelLoc(label);
    FailureOr<Value> constant = createConstant(loc, label, *value);
    if (failed(constant) ||
        failed(defineValue(loc, label, init.name(), *constant)) ||
        failed(checkDeclared(loc, label, init.name(), *constant)))
      return failure();
  }
  return success();
}

LogicalResult Importer::importOutputs(const onnx::GraphProto &graph,
                                      func::FuncOp func) {
  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    const std::string &name = output.name();
    std::string label = llvm::formatv("graph output '{0}'", name).str();
    auto it = values.find(name);
    if (name.empty() || it == values.end())
      return emitModelError() << label
                              << " is not produced by the graph (no input, "
                                 "initializer or node defines it)";
    if (output.has_type() && !check &&
        failed(checkDeclared(fileLoc, label, name, it->second)))
      return failure();
    results.push_back(it->second);
  }
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(builder.getFunctionType(func.getArgumentTypes(),
                                               ValueRange(results).getTypes()));
  for (auto [i, output] : llvm::enumerate(graph.output()))
    func.setResultAttr(i, kONNXNameAttrName,
                       builder.getStringAttr(output.name()));
  return success();
}

OwningOpRef<ModuleOp> Importer::importModel(const onnx::ModelProto &model) {
  context->loadDialect<SONNXDialect, arith::ArithDialect, func::FuncDialect,
                       onnx_graph::ONNXGraphDialect>();
  if (!model.has_graph()) {
    emitModelError() << "the model has no graph";
    return nullptr;
  }
  const onnx::GraphProto &graph = model.graph();
  if (failed(readOpset(model)))
    return nullptr;
  collectDeclaredTypes(graph);
  if (check)
    for (const onnx::FunctionProto &function : model.functions())
      check->functions.try_emplace({function.domain(), function.name()},
                                   &function);

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  (*module)->setAttr(kONNXOpsetAttrName, builder.getI64IntegerAttr(opset));
  if (!graph.name().empty())
    (*module)->setAttr("sonnx.onnx_graph", builder.getStringAttr(graph.name()));

  FailureOr<func::FuncOp> func = createFunction(graph, *module);
  if (failed(func) || failed(importInitializers(graph)))
    return nullptr;
  for (auto [index, node] : llvm::enumerate(graph.node()))
    if (failed(importNode(node, index)))
      return nullptr;
  if (foundDefault || failed(importOutputs(graph, *func)))
    return nullptr;

  if (failed(mlir::verify(*module)))
    return nullptr;
  // The values of the main graph the check computed, for sonnx-convert
  // (those of the bodies: recordBodyFolds).
  if (check) {
    llvm::StringMap<DenseElementsAttr> &main =
        check->result.foldedValues[getGraphKey({})];
    for (const auto &[name, folded] : check->folded)
      main[name] = folded.value;
  }
  return module;
}

OwningOpRef<ModuleOp>
mlir::sonnx::importModelProto(const onnx::ModelProto &model,
                              MLIRContext *context,
                              const ImportOptions &options) {
  return Importer(context, options).importModel(model);
}

OwningOpRef<ModuleOp> mlir::sonnx::importModelProtoForCheck(
    const onnx::ModelProto &model, MLIRContext *context,
    const ImportOptions &options, ONNXCheckResult &result) {
  return Importer(context, options, &result).importModel(model);
}

//===----------------------------------------------------------------------===//
// Node helpers
//===----------------------------------------------------------------------===//

LogicalResult Importer::checkArity(const NodeInfo &info, int numInputs) {
  const onnx::NodeProto &node = info.node;
  if (node.input_size() != numInputs)
    return mlir::emitError(info.loc)
           << info.label << ": expects " << numInputs << " input(s) at opset "
           << opset << ", got " << node.input_size();
  if (node.output_size() != 1)
    return mlir::emitError(info.loc)
           << info.label << ": expects 1 output, got " << node.output_size();
  if (node.output(0).empty())
    return mlir::emitError(info.loc)
           << info.label << ": its output has no name";
  return success();
}

FailureOr<Value> Importer::getInput(const NodeInfo &info, int index) {
  const std::string &name = info.node.input(index);
  if (name.empty())
    return mlir::emitError(info.loc)
           << info.label << ": input #" << index << " is missing";
  auto it = values.find(name);
  if (it == values.end())
    return mlir::emitError(info.loc)
           << info.label << ": input '" << name
           << "' is not defined before the node (no graph input, initializer "
              "or earlier node defines it)";
  // A value the check computed is given to the shape op as a constant
  // located at the node that computed it, so that its verifier decides the
  // rules on the values.
  if (check && !matchPattern(it->second, m_Constant()))
    if (auto folded = check->folded.find(name); folded != check->folded.end())
      return arith::ConstantOp::create(builder, folded->second.loc,
                                       folded->second.value)
          .getResult();
  return it->second;
}

FailureOr<Value> Importer::getRankedInput(const NodeInfo &info, int index) {
  FailureOr<Value> value = getInput(info, index);
  if (failed(value))
    return failure();
  if (!isa<RankedTensorType>(value->getType()))
    return mlir::emitError(info.loc)
           << info.label << ": the rank of input '" << info.node.input(index)
           << "' (" << typeToString(value->getType())
           << ") is not known at compile time; sonnx ops need ranked inputs";
  return value;
}

LogicalResult Importer::defineValue(Location loc, StringRef label,
                                    StringRef name, Value value) {
  if (check ? !defineCheckValue(name, value) : !values.tryEmplace(name, value))
    return mlir::emitError(loc)
           << label << ": value '" << name
           << "' is already defined (each ONNX value has one producer)";
  return success();
}

/// Checks that the type declared for `name`, if any, can describe `value`.
LogicalResult Importer::checkDeclared(Location loc, StringRef label,
                                      StringRef name, Value value) {
  FailureOr<TensorType> declared = getDeclaredType(name);
  if (failed(declared))
    return failure();
  auto actual = cast<TensorType>(value.getType());
  if (*declared && !isCompatibleTensorType(*declared, actual))
    return mlir::emitError(loc)
           << label << ": value '" << name << "' is declared as "
           << typeToString(*declared) << " but has type "
           << typeToString(actual);
  return success();
}

/// Verifies `op` alone and re-emits its diagnostics prefixed with the node.
LogicalResult Importer::verifyOp(const NodeInfo &info, Operation *op) {
  // Each message with the rule it cites, which the re-emitted diagnostic
  // carries on.
  SmallVector<std::pair<std::string, std::optional<RuleID>>> messages;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        messages.emplace_back(diag.str(), getAttachedRule(diag));
      return success();
    });
    result = mlir::verify(op, /*verifyRecursively=*/false);
  }
  if (succeeded(result))
    return success();
  if (messages.empty())
    messages.emplace_back(
        llvm::formatv("'{0}' failed to verify", op->getName()).str(),
        std::nullopt);
  for (const auto &[message, rule] : messages) {
    InFlightDiagnostic diag = mlir::emitError(info.loc)
                              << info.label << ": " << message;
    if (rule)
      if (Diagnostic *underlying = diag.getUnderlyingDiagnostic())
        attachRule(*underlying, *rule);
  }
  return failure();
}

/// Gives the result of `op` the type declared for the node's output, verifies
/// the op and defines the output.
LogicalResult Importer::finishOp(const NodeInfo &info, Operation *op) {
  Value result = op->getResult(0);
  const std::string &name = info.node.output(0);
  FailureOr<TensorType> declared = getDeclaredType(name);
  if (failed(declared))
    return failure();
  if (*declared)
    result.setType(
        mergeDeclaredType(cast<TensorType>(result.getType()), *declared));
  if (failed(verifyOp(info, op)))
    return failure();
  return defineValue(info.loc, info.label, name, result);
}

void Importer::reportDefault(const NodeInfo &info, StringRef attr,
                             StringRef defaultValue) {
  if (check) {
    check->defaults.push_back(
        {ProfileRule::GR4,
         llvm::formatv("attribute '{0}' is left to its ONNX default ({1}); "
                       "the profile requires it to be given [{2}]",
                       attr, defaultValue, getProfileRuleText(ProfileRule::GR4))
             .str()});
    return;
  }
  foundDefault = true;
  mlir::emitError(info.loc)
      << info.label << ": attribute '" << attr
      << "' is left to its ONNX default (" << defaultValue
      << "); the profile requires it to be given [profile.GR4]";
}

FailureOr<Value> Importer::createConstant(Location loc, StringRef label,
                                          DenseElementsAttr value) {
  // String tensors too: the lowering turns a constant string tensor into
  // string records and their handles (docs/pipeline.md).
  return arith::ConstantOp::create(builder, loc, value).getResult();
}

Value Importer::createI64Constant(Location loc, ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    builder.getI64Type());
  return arith::ConstantOp::create(builder, loc,
                                   DenseElementsAttr::get(type, values))
      .getResult();
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

LogicalResult Importer::importNode(const onnx::NodeProto &node,
                                   unsigned index) {
  const std::string &opType = node.op_type();
  auto nodeAttr = ONNXNodeAttr::get(context, index, node.name(), opType, opset);
  // In a subgraph, the label is the node's path (check mode).
  std::string label = getScopePrefix() + nodeAttr.getLabel();
  NodeInfo info{node, label, getONNXNodeLoc(nodeAttr, fileLoc)};
  if (check)
    return checkNode(info, nodeAttr);

  if (!node.domain().empty() && node.domain() != "ai.onnx")
    return mlir::emitError(info.loc)
           << label << ": op '" << opType << "' of domain '" << node.domain()
           << "' is not supported; supported: the ONNX ops "
           << getSupportedOps();
  if (std::optional<ProfileOp> op = lookupONNXOp(opType))
    return importProfileOp(info, *op);
  if (opType == "Identity")
    return importIdentity(info);
  if (opType == "Constant")
    return importConstant(info);
  return mlir::emitError(info.loc)
         << label << ": op '" << opType
         << "' is not supported; supported ops: " << getSupportedOps();
}

/// Identity names its input again; no op is needed.
LogicalResult Importer::importIdentity(const NodeInfo &info) {
  NodeAttributes attrs(info);
  if (failed(attrs.collect({})) || failed(checkArity(info, 1)))
    return failure();
  FailureOr<Value> input = getInput(info, 0);
  if (failed(input))
    return failure();
  const std::string &name = info.node.output(0);
  if (failed(checkDeclared(info.loc, info.label, name, *input)))
    return failure();
  return defineValue(info.loc, info.label, name, *input);
}

/// Constant: `value` (a tensor) at every opset, or from opset 12 one of
/// value_float(s), value_int(s), value_string(s).
LogicalResult Importer::importConstant(const NodeInfo &info) {
  NodeAttributes attrs(info);
  SmallVector<StringRef> allowed = {"value"};
  if (opset >= 11)
    allowed.push_back("sparse_value");
  if (opset >= 12)
    allowed.append({"value_float", "value_floats", "value_int", "value_ints",
                    "value_string", "value_strings"});
  if (failed(attrs.collect(allowed)) || failed(checkArity(info, 0)))
    return failure();
  if (info.node.attribute_size() != 1)
    return attrs.emitError() << "expects exactly one of the attributes "
                             << llvm::join(allowed, ", ") << ", got "
                             << info.node.attribute_size();
  const onnx::AttributeProto &attr = info.node.attribute(0);
  StringRef which = attr.name();
  if (which == "sparse_value")
    return attrs.emitError() << "sparse constants are not supported";

  auto check = [&](onnx::AttributeProto_AttributeType type) {
    return attrs.get(which, type);
  };
  DenseElementsAttr value;
  Type i64 = builder.getI64Type(), f32 = builder.getF32Type();
  Type str = StringType::get(context);
  if (which == "value") {
    if (failed(check(onnx::AttributeProto_AttributeType_TENSOR)))
      return failure();
    llvm::Expected<DenseElementsAttr> converted =
        convertTensorProtoToAttr(attr.t(), context);
    if (!converted)
      return attrs.emitError() << llvm::toString(converted.takeError());
    value = *converted;
  } else if (which == "value_int") {
    if (failed(check(onnx::AttributeProto_AttributeType_INT)))
      return failure();
    value = DenseElementsAttr::get(RankedTensorType::get({}, i64), attr.i());
  } else if (which == "value_ints") {
    if (failed(check(onnx::AttributeProto_AttributeType_INTS)))
      return failure();
    SmallVector<int64_t> ints(attr.ints().begin(), attr.ints().end());
    value = DenseElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(ints.size())}, i64),
        ArrayRef<int64_t>(ints));
  } else if (which == "value_float") {
    if (failed(check(onnx::AttributeProto_AttributeType_FLOAT)))
      return failure();
    value = DenseElementsAttr::get(RankedTensorType::get({}, f32), attr.f());
  } else if (which == "value_floats") {
    if (failed(check(onnx::AttributeProto_AttributeType_FLOATS)))
      return failure();
    SmallVector<float> floats(attr.floats().begin(), attr.floats().end());
    value = DenseElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(floats.size())}, f32),
        ArrayRef<float>(floats));
  } else if (which == "value_string") {
    if (failed(check(onnx::AttributeProto_AttributeType_STRING)))
      return failure();
    StringRef s = attr.s();
    value = DenseElementsAttr::get(RankedTensorType::get({}, str),
                                   ArrayRef<StringRef>(s));
  } else {
    if (failed(check(onnx::AttributeProto_AttributeType_STRINGS)))
      return failure();
    SmallVector<StringRef> strings(attr.strings().begin(),
                                   attr.strings().end());
    value = DenseElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(strings.size())}, str),
        ArrayRef<StringRef>(strings));
  }

  FailureOr<Value> constant = createConstant(info.loc, info.label, value);
  if (failed(constant))
    return failure();
  const std::string &name = info.node.output(0);
  if (failed(verifyOp(info, constant->getDefiningOp())) ||
      failed(checkDeclared(info.loc, info.label, name, *constant)))
    return failure();
  return defineValue(info.loc, info.label, name, *constant);
}

//===----------------------------------------------------------------------===//
// --input-shape
//===----------------------------------------------------------------------===//

/// The type of a graph input declared as `declared` and given `shape` by
/// --input-shape.
static FailureOr<TensorType>
applyInputShape(StringRef what, TensorType declared, ArrayRef<int64_t> shape) {
  Location loc = UnknownLoc::get(declared.getContext());
  std::string option =
      "--input-shape " +
      what.drop_front(strlen("graph input '")).drop_back().str() + "=" +
      formatShapeOption(shape);
  if (declared.hasRank()) {
    if (declared.getRank() != static_cast<int64_t>(shape.size()))
      return emitError(loc) << option << ": " << what << " is declared as "
                            << typeToString(declared) << ", of rank "
                            << declared.getRank() << ", not " << shape.size();
    for (auto [i, size] : llvm::enumerate(declared.getShape()))
      if (!ShapedType::isDynamic(size) && size != shape[i])
        return emitError(loc) << option << ": " << what << " is declared as "
                              << typeToString(declared) << ": its size " << i
                              << " is " << size << ", not " << shape[i];
  }
  return TensorType(RankedTensorType::get(shape, declared.getElementType()));
}
