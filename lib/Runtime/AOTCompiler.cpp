//===- AOTCompiler.cpp - compile a sonnx function to an object file -------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// compileAOT: checks that the function has static shapes, constant
// shape/axes operands and element types C can express; gives it one
// destination argument per result (written with
// bufferization.materialize_in_destination) and an i32 status result
// (`--sonnx-make-entry-function`); lowers it with
// `--sonnx-to-llvm{static-memory}`; and emits the object (AOTObject.cpp:
// the translation to LLVM IR, the function that maps a status code to its
// constraint ID, an llvm::TargetMachine). The header (SONNX/Target/C/
// CHeader.h) declares what the object defines (docs/deployment.md) and
// states what it uses: its static storage and stack, read back from the
// emitted object, and the element stores of a call, which
// `--sonnx-count-element-stores` counted during the lowering. With
// --emit=c it lowers with `--sonnx-to-emitc` and the C emitter
// (SONNX/Target/C/CEmitter.h) writes the C source.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTCompiler.h"

#include "AOTObject.h"
#include "ErrorCollector.h"
#include "Lowering.h"
#include "Marshalling.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Conversion/ToEmitC/CAttributes.h"
#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/C/CEmitter.h"
#include "SONNX/Target/C/CHeader.h"
#include "SONNX/Target/C/CSpecification.h"
#include "SONNX/Transforms/CallGraph.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::sonnx;

/// How a message names an op: the label of its ONNX node when it has one
/// ("node 3 'r' (Reshape)"), else its name.
static std::string describeOp(Operation *op) {
  llvm::SmallVector<std::string> labels = getSourceLabels(op->getLoc());
  if (!labels.empty())
    return labels.front();
  return "'" + op->getName().getStringRef().str() + "'";
}

/// The indices of the unknown sizes of `type`, as "0, 2".
static std::string unknownSizes(ShapedType type) {
  llvm::SmallVector<std::string> sizes;
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      sizes.push_back(std::to_string(i));
  return llvm::join(sizes, ", ");
}

/// Checks that `type` of the value that `what` names is a static ranked
/// tensor of a C element type whose bytes int64 can count; returns its
/// element count.
static llvm::Expected<int64_t> checkInterfaceType(Type type,
                                                  const llvm::Twine &what) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return makeError(what + " has type " + typeToString(type) +
                     ": sonnx-compile needs ranked tensors of static shape");
  if (!ranked.hasStaticShape())
    return makeError(what + " has type " + typeToString(type) + ": size " +
                     unknownSizes(ranked) +
                     " unknown; sonnx-compile needs static shapes (memory "
                     "must not depend on the inputs)");
  if (!getCElementType(ranked.getElementType()))
    return makeError(what + " has element type " +
                     typeToString(ranked.getElementType()) +
                     ", which the C interface of sonnx-compile does not "
                     "take (docs/deployment.md)");
  // The runner moves the bytes of every parameter (AOTRunner.cpp): they
  // must fit in int64 as well as the elements.
  std::optional<ElementStorage> storage =
      getElementStorage(ranked.getElementType());
  if (!getByteCount(ranked.getShape(), storage ? storage->bytes : 1))
    return makeError(what + " has type " + typeToString(type) +
                     ", whose byte size does not fit in int64");
  return *getStaticElementCount(ranked.getShape());
}

/// The element stores of the entry function `name` that
/// `--sonnx-count-element-stores` recorded in `module`.
static void readElementStores(ModuleOp module, llvm::StringRef name,
                              ResourceBudget &budget) {
  auto counts = module->getAttrOfType<DictionaryAttr>(kElementStoresAttrName);
  Attribute count = counts ? counts.get(name) : Attribute();
  if (auto value = dyn_cast_or_null<IntegerAttr>(count))
    budget.moves = value.getInt();
  else if (auto reason = dyn_cast_or_null<StringAttr>(count))
    budget.movesUnstated = reason.str();
  else
    budget.movesUnstated = "the lowering did not count them";
}

//===----------------------------------------------------------------------===//
// Checks and the entry function
//===----------------------------------------------------------------------===//

/// The function to compile.
static llvm::Expected<func::FuncOp> findFunction(ModuleOp module,
                                                 llvm::StringRef name) {
  if (!name.empty()) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal())
      return makeError("the module has no function '" + name + "' to compile");
    return func;
  }
  func::FuncOp found;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || func.isPrivate())
      continue;
    if (found)
      return makeError("the module has several public functions ('" +
                       found.getSymName() + "', '" + func.getSymName() +
                       "'): name the one to compile");
    found = func;
  }
  if (!found)
    return makeError("the module has no public function to compile");
  return found;
}

/// Checks that the functions that `func` reaches hold only ops of the
/// dialects sonnx-compile takes (func, arith, tensor, sonnx: no loop whose
/// bound could depend on data) and that no call is recursive, so that the
/// object has no recursion and only loops of constant bounds.
static llvm::Error checkCallGraph(func::FuncOp func) {
  std::string message;
  auto fail = [&](const llvm::Twine &text) {
    message = text.str();
    return WalkResult::interrupt();
  };
  ReachedFunctionsVisitor visitor;
  // Pre-order: an op outside the dialects is named before its body.
  auto visitOp = [&](func::FuncOp f, Operation *op) {
    if (!isa<SONNXDialect, func::FuncDialect, arith::ArithDialect,
             tensor::TensorDialect>(op->getDialect()))
      return fail("op '" + op->getName().getStringRef() + "' in '" +
                  f.getSymName() +
                  "' is outside what sonnx-compile takes (func, arith, "
                  "tensor and sonnx ops)");
    return WalkResult::advance();
  };
  auto onRecursion = [&](func::FuncOp f) {
    return fail("'" + f.getSymName() +
                "' calls itself, directly or not; an ahead-of-time object "
                "has no recursion");
  };
  auto onExternal = [&](func::FuncOp f) {
    return fail("'" + f.getSymName() +
                "' is called but has no body; the object may call nothing "
                "outside itself");
  };
  auto onUnknownCallee = [&](func::FuncOp f, func::CallOp call) {
    return fail("'" + f.getSymName() + "' calls an unknown '" +
                call.getCallee() + "'");
  };
  visitor.visitOp = visitOp;
  visitor.onRecursion = onRecursion;
  visitor.onExternal = onExternal;
  visitor.onUnknownCallee = onUnknownCallee;
  llvm::SmallPtrSet<Operation *, 8> reached;
  if (walkReachedFunctions(func, reached, visitor).wasInterrupted())
    return makeError(message);
  return llvm::Error::success();
}

/// Checks the signature, every value's type and the shape/axes operands,
/// and describes each sonnx op for the header.
static llvm::Error checkFunction(func::FuncOp func,
                                 const AOTCompileOptions &options,
                                 llvm::SmallVectorImpl<AOTParameter> &params,
                                 llvm::SmallVectorImpl<CompiledNode> &nodes) {
  auto nameOf = [](const std::vector<std::string> &names, size_t i,
                   llvm::StringRef kind) {
    if (i < names.size() && !names[i].empty())
      return names[i];
    return (kind + "_" + llvm::Twine(i)).str();
  };
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    std::string name = nameOf(options.inputNames, i, "input");
    llvm::Expected<int64_t> elements =
        checkInterfaceType(type, "input " + llvm::Twine(i) + " '" + name + "'");
    if (!elements)
      return elements.takeError();
    params.push_back(
        {name, "", cast<RankedTensorType>(type), *elements, "", false});
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    std::string name = nameOf(options.outputNames, i, "output");
    llvm::Expected<int64_t> elements = checkInterfaceType(
        type, "output " + llvm::Twine(i) + " '" + name + "'");
    if (!elements)
      return elements.takeError();
    params.push_back(
        {name, "", cast<RankedTensorType>(type), *elements, "", true});
  }
  if (params.empty())
    return makeError("'" + func.getSymName() +
                     "' has no inputs or outputs to compile");

  llvm::Error error = llvm::Error::success();
  func.walk([&](Operation *op) {
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      auto shaped = dyn_cast<ShapedType>(result.getType());
      if (shaped && (!shaped.hasRank() || !shaped.hasStaticShape())) {
        error = makeError(
            "result " + llvm::Twine(i) + " of " + describeOp(op) +
            " has type " + typeToString(shaped) +
            (shaped.hasRank() ? ": size " + unknownSizes(shaped) + " unknown"
                              : std::string(": its rank is unknown")) +
            "; sonnx-compile needs static shapes (memory must not depend on "
            "the inputs)");
        return WalkResult::interrupt();
      }
    }
    if (!isa<SONNXDialect>(op->getDialect()))
      return WalkResult::advance();
    FailureOr<OpVerification> verification = verifySONNXOp(op);
    if (failed(verification)) {
      error = makeError(describeOp(op) + " breaks a rule of the profile");
      return WalkResult::interrupt();
    }
    if (!verification->hasKnownShapeValues()) {
      error = makeError(
          "the shape/axes operand of " + describeOp(op) +
          " is not a constant; sonnx-compile needs it known at compile time "
          "(an initializer, a Constant node or --constant-input)");
      return WalkResult::interrupt();
    }
    CompiledNode &node = nodes.emplace_back();
    node.label = describeOp(op);
    node.node = getONNXNode(op->getLoc());
    node.opName = op->getName().getStringRef().str();
    node.decided = verification->getDecidedRules();
    node.deferred.assign(verification->deferredRules.begin(),
                         verification->deferredRules.end());
    return WalkResult::advance();
  });
  if (error)
    return error;

  // Unique C identifiers, in parameter order.
  llvm::StringSet<> used;
  for (AOTParameter &param : params) {
    std::string base = sanitizeCIdentifier(param.name);
    std::string identifier = base;
    for (int k = 2; !used.insert(identifier).second; ++k)
      identifier = base + "_" + std::to_string(k);
    param.identifier = identifier;
    param.cElementType = *getCElementType(param.type.getElementType());
  }
  return llvm::Error::success();
}

/// The type of a value of 4-bit elements in an object: the same with 8-bit
/// elements of the same signedness (any other type: itself).
static Type widenFourBitType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto element =
      tensor ? dyn_cast<IntegerType>(tensor.getElementType()) : IntegerType();
  if (!element || element.getWidth() != 4)
    return type;
  return tensor.clone(
      IntegerType::get(type.getContext(), 8, element.getSignedness()));
}

/// Makes every 4-bit integer of `func` an 8-bit one, int4 sign-extended and
/// uint4 zero-extended, for the object: the header declares int4 as an
/// int8_t of -8..7 (docs/deployment.md, "Element types"), and LLVM stores
/// an i4 as its 4 bits zero-extended (so -3 became 13, which the
/// validation found). The profile's ops only move 4-bit elements, so this
/// keeps every value and gives each byte its C value.
static void widenFourBitIntegers(func::FuncOp func) {
  func.walk([](Operation *op) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto attr = dyn_cast<DenseIntElementsAttr>(constant.getValue());
      Type wide = attr ? widenFourBitType(attr.getType()) : Type();
      if (attr && wide != attr.getType()) {
        bool isUnsigned = attr.getElementType().isUnsignedInteger();
        constant.setValueAttr(
            attr.mapValues(cast<ShapedType>(wide).getElementType(),
                           [&](const llvm::APInt &value) {
                             return isUnsigned ? value.zext(8) : value.sext(8);
                           }));
      }
    }
    for (Value result : op->getResults())
      result.setType(widenFourBitType(result.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          argument.setType(widenFourBitType(argument.getType()));
  });
  for (BlockArgument argument : func.getArguments())
    argument.setType(widenFourBitType(argument.getType()));
  FunctionType type = func.getFunctionType();
  auto widen = [](TypeRange types) {
    return llvm::map_to_vector(types, widenFourBitType);
  };
  func.setType(FunctionType::get(func.getContext(), widen(type.getInputs()),
                                 widen(type.getResults())));
}

/// Inlines every call of `func` (checkCallGraph has checked that none is
/// recursive and every callee has a body). Two calls of one function must
/// not share its buffers, which are static storage in the object, and the
/// bare-pointer convention would return a callee's static buffer by its
/// allocated pointer, which static storage does not have: the entry
/// function calls nothing.
static llvm::Error inlineCalls(func::FuncOp func) {
  DialectRegistry registry;
  func::registerInlinerExtension(registry);
  func.getContext()->appendDialectRegistry(registry);
  PassManager pm(func.getContext());
  pm.addPass(createInlinerPass());
  if (failed(pm.run(func->getParentOfType<ModuleOp>())))
    return makeError("cannot inline the calls of '" + func.getSymName() + "'");
  llvm::StringRef remaining;
  func.walk([&](func::CallOp call) {
    remaining = call.getCallee();
    return WalkResult::interrupt();
  });
  if (!remaining.empty())
    return makeError("the call of '" + remaining + "' in '" +
                     func.getSymName() + "' cannot be inlined");
  return llvm::Error::success();
}

/// Makes the lowered entry function `name` an external symbol again, and
/// the only one.
static llvm::Error publishEntryFunction(ModuleOp module, llvm::StringRef name) {
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!func)
    return makeError(module.lookupSymbol(name)
                         ? "the lowering left the entry function '" + name +
                               "' outside the LLVM dialect"
                         : "the lowering lost the entry function '" + name +
                               "'");
  func.setPublic();
  func.setLinkage(LLVM::Linkage::External);
  // The functions it calls are no symbols of the object: two models linked
  // into one program must not clash.
  for (auto other : module.getOps<LLVM::LLVMFuncOp>())
    if (other != func && !other.isExternal())
      other.setLinkage(LLVM::Linkage::Internal);
  // Nor are its globals (buffers, string constants and their table).
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getLinkage() != LLVM::Linkage::Private)
      global.setLinkage(LLVM::Linkage::Internal);
  auto type = func.getFunctionType();
  if (type.getReturnType() != IntegerType::get(module.getContext(), 32))
    return makeError("the entry function '" + name +
                     "' still returns buffers after the lowering");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

/// What the C emitter (SONNX/Target/C/CEmitter.h) takes of `options`.
static CEmitterOptions getCEmitterOptions(const AOTCompileOptions &options) {
  CEmitterOptions result;
  result.prefix = options.prefix;
  result.headerName = options.headerName;
  result.sourceName = options.sourceName;
  return result;
}

std::string
mlir::sonnx::writeAnalysisHarness(const AOTCompileOptions &options,
                                  llvm::ArrayRef<AOTParameter> params) {
  return writeCAnalysisHarness(getCEmitterOptions(options), params);
}

void mlir::sonnx::registerAOTCompilerDialects(DialectRegistry &registry) {
  registerLoweringDialects(registry);
}

llvm::Expected<AOTArtifacts>
mlir::sonnx::compileAOT(ModuleOp module, const AOTCompileOptions &options) {
  if (options.prefix.empty() ||
      sanitizeCIdentifier(options.prefix) != options.prefix)
    return makeError("the name prefix '" + options.prefix +
                     "' is not a C identifier");
  // A bad target is reported before the work.
  auto machine = createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  std::string triple = (*machine)->getTargetTriple().str();
  std::string cpu = (*machine)->getTargetCPU().str();

  auto func = findFunction(module, options.functionName);
  if (!func)
    return func.takeError();
  llvm::SmallVector<AOTParameter> params;
  llvm::SmallVector<CompiledNode> nodes;
  if (llvm::Error error = checkCallGraph(*func))
    return std::move(error);
  // The expected index map (the C output's contract, the validation of an
  // object) is derived from the ops as given: the inliner also
  // canonicalizes (folds compose reshapes and expands), and a fault of a
  // fold must not hide in both the code and its check. A function that
  // calls others is traced once they are inlined, and so is one whose
  // shapes only the canonicalization makes static.
  bool emitC = options.output == AOTOutput::C;
  bool calls = false;
  func->walk([&](func::CallOp) {
    calls = true;
    return WalkResult::interrupt();
  });
  OwningOpRef<func::FuncOp> asGiven;
  if (!calls)
    asGiven = func->clone();
  if (llvm::Error error = inlineCalls(*func))
    return std::move(error);
  if (llvm::Error error = checkFunction(*func, options, params, nodes))
    return std::move(error);
  // The node whose value each output is, for the C output's comments.
  llvm::SmallVector<std::string> producers;
  for (Value result : func->getBody().front().getTerminator()->getOperands()) {
    Operation *producer = result.getDefiningOp();
    llvm::SmallVector<std::string> labels;
    if (producer)
      labels = getSourceLabels(producer->getLoc());
    producers.push_back(labels.empty() ? std::string() : labels.front());
  }
  // A string element is a 64-bit handle in the generated code, and a
  // `const char *` in the interface.
  unsigned pointerBits = (*machine)->createDataLayout().getPointerSizeInBits();
  for (const AOTParameter &param : params)
    if (isa<sonnx::StringType>(param.type.getElementType()) &&
        pointerBits != 64)
      return makeError(llvm::formatv(
          "{0} '{1}' has string elements, which the C interface passes as "
          "pointers of 64 bits (the handles of the generated code); the "
          "target '{2}' has pointers of {3} bits",
          param.isOutput ? "output" : "input", param.name, triple,
          pointerBits));
  // Where each output element comes from, by the sonnx ops before any
  // lowering: as given, or once inlined when that knows more (a shape that
  // only the inliner's canonicalization makes static). The C output's
  // contract states it, the validation of an object checks it.
  std::vector<OutputSource> sources;
  if (asGiven)
    sources = traceOutputSources(*asGiven);
  if (!asGiven || countUnknownSources(sources) != 0) {
    std::vector<OutputSource> inlined = traceOutputSources(*func);
    if (!asGiven || countUnknownSources(inlined) < countUnknownSources(sources))
      sources = std::move(inlined);
  }
  CFunctionalSpec spec;
  if (emitC)
    spec = specifyCFunction(sources, options.prefix, params);
  if (!emitC)
    widenFourBitIntegers(*func);
  if (llvm::Error error = makeEntryFunction(module, func->getSymName(),
                                            options.prefix + "_run"))
    return std::move(error);

  if (emitC) {
    if (llvm::Error error = lowerToEmitC(module))
      return std::move(error);
    if (llvm::Error error = prefixCGlobals(module, options.prefix))
      return std::move(error);
    if (llvm::Error error = addStatusRule(
            module, options.prefix + "_status_rule", /*emitC=*/true))
      return std::move(error);
  } else {
    SONNXToLLVMPipelineOptions pipelineOptions;
    pipelineOptions.staticMemory = true;
    if (llvm::Error error = lowerToLLVMDialect(module, pipelineOptions))
      return std::move(error);
    if (llvm::Error error =
            publishEntryFunction(module, options.prefix + "_run"))
      return std::move(error);
    if (options.checkDataOblivious)
      if (llvm::Error error = checkDataOblivious(module))
        return std::move(error);
    if (llvm::Error error = addStatusRule(
            module, options.prefix + "_status_rule", /*emitC=*/false))
      return std::move(error);
  }

  // The rules the checks may return the status code of.
  FailureOr<SmallVector<RuleID>> rules;
  {
    ErrorCollector errors(module.getContext());
    rules = readStatusRules(module);
    if (failed(rules))
      return errors.makeError("the module's sonnx.status_rules is invalid");
  }

  AOTArtifacts artifacts;
  ResourceBudget budget;
  readElementStores(module, options.prefix + "_run", budget);
  if (emitC) {
    if (Operation *entry = module.lookupSymbol(options.prefix + "_run"))
      entry->setAttr(kCParametersAttrName,
                     getCParametersAttr(module.getContext(), params));
    if (llvm::Error error =
            prepareCEntry(module, options.prefix, options.restrictParameters))
      return std::move(error);
  }
  auto object = emitC ? emitCSource(module, getCEmitterOptions(options), params,
                                    nodes, *rules, producers, spec)
                      : emitObject(module, options, budget);
  if (!object)
    return object.takeError();
  if (emitC) {
    readCStorage(module, budget);
    budget.stackUnstated =
        "the stack is what the C compiler makes of " + options.prefix + ".c";
  }
  artifacts.object = std::move(*object);
  CHeaderOptions headerOptions;
  headerOptions.prefix = options.prefix;
  headerOptions.sourceName = options.sourceName;
  headerOptions.opset = options.opset;
  headerOptions.cSource = emitC;
  headerOptions.triple = triple;
  headerOptions.cpu = cpu;
  artifacts.header = writeCHeader(headerOptions, params, nodes, *rules, budget);
  artifacts.parameters.assign(params.begin(), params.end());
  artifacts.sources = std::move(sources);
  return artifacts;
}
