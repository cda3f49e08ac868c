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
// `--sonnx-to-llvm{static-memory}`; translates it to LLVM IR, adds the
// function that maps a status code to its constraint ID, and emits an
// object file with an llvm::TargetMachine. The header declares what the
// object defines (docs/deployment.md) and states what it uses: its static
// storage and stack, read back from the emitted object, and the element
// stores of a call, which `--sonnx-count-element-stores` counted during
// the lowering. With --emit=c it lowers with
// `--sonnx-to-emitc` and the C emitter (SONNX/Target/C/CEmitter.h) writes
// the C source.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTCompiler.h"

#include "ErrorCollector.h"
#include "Lowering.h"
#include "Marshalling.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Target/C/CEmitter.h"
#include "SONNX/Target/C/CSpecification.h"
#include "SONNX/Target/TensorUtils.h"
#include "SONNX/Transforms/CallGraph.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/RelocationResolver.h"
#include "llvm/Support/DataExtractor.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

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

//===----------------------------------------------------------------------===//
// What the object uses
//===----------------------------------------------------------------------===//

namespace {
/// One global of the object's static storage.
struct StorageItem {
  std::string name;
  /// What it is ("intermediate buffer, writable, zero-filled").
  std::string what;
  uint64_t bytes = 0;
};

/// The figures of the header's budget (docs/deployment.md, "What the
/// object uses"): each is stated, or says why not.
struct ResourceBudget {
  /// The globals of the object (or the static arrays of the C).
  std::vector<StorageItem> storage;
  /// The object's data sections and their bytes.
  std::vector<std::pair<std::string, uint64_t>> sections;
  /// All the bytes of static storage, when known.
  std::optional<uint64_t> storageBytes;
  std::string storageUnstated;
  /// The stack of PREFIX_run and PREFIX_status_rule, from the object.
  std::optional<uint64_t> runStack, ruleStack;
  std::string stackUnstated;
  /// The functions the object calls but does not define (memcpy, ...).
  std::vector<std::string> undefined;
  /// The elements one successful call stores.
  std::optional<int64_t> moves;
  std::string movesUnstated;
};
} // namespace

/// What a global of the lowered module is, from the names the lowering
/// gives (AllocationsToGlobals, One-Shot Bufferize's constants, the string
/// constants, addStatusRuleFunction) and from what LLVM knows of it.
static std::string describeGlobal(const llvm::GlobalVariable &global,
                                  llvm::StringRef prefix) {
  llvm::StringRef name = global.getName();
  std::string what;
  if (name.starts_with("__sonnx_buffer"))
    what = "intermediate buffer";
  else if (name.starts_with("__constant_"))
    what = "constant tensor";
  else if (name.starts_with("__sonnx_string"))
    what = "string constant (its length, then its bytes)";
  else if (name.starts_with("sonnx_status_rule"))
    what = "constraint ID text of " + prefix.str() + "_status_rule";
  else if (name.starts_with("switch.table."))
    what = "table that LLVM made of a switch";
  else
    what = "data";
  const llvm::Constant *init =
      global.hasInitializer() ? global.getInitializer() : nullptr;
  if (global.isConstant())
    return what + ", read-only";
  if (!init || init->isNullValue() || isa<llvm::UndefValue>(init))
    return what + ", writable, zero-filled";
  return what + ", writable, initialized";
}

/// Fills the stack sizes of `budget` from the `.stack_sizes` sections of
/// the relocatable ELF `object`: pairs of a function address (relocated)
/// and a ULEB128 size, as llvm-readobj --stack-sizes reads them
/// (ELFDumper.cpp, printRelocatableStackSizes).
static void readStackSizes(const llvm::object::ObjectFile &object,
                           llvm::StringRef prefix, ResourceBudget &budget) {
  using namespace llvm::object;
  auto *elf = dyn_cast<ELFObjectFileBase>(&object);
  if (!elf) {
    budget.stackUnstated = "the object format (" +
                           object.getFileFormatName().str() +
                           ") has no .stack_sizes section";
    return;
  }
  auto [supported, resolver] = getRelocationResolver(object);
  llvm::StringMap<uint64_t> sizes;
  bool found = false;
  std::string error;
  for (const SectionRef &section : object.sections()) {
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (*name != ".stack_sizes")
      continue;
    found = true;
    llvm::Expected<llvm::StringRef> contents = section.getContents();
    if (!contents) {
      error = llvm::toString(contents.takeError());
      break;
    }
    llvm::DataExtractor data(*contents, object.isLittleEndian(),
                             elf->getBytesInAddress());
    for (const SectionRef &relocations : object.sections()) {
      llvm::Expected<section_iterator> target =
          relocations.getRelocatedSection();
      if (!target) {
        llvm::consumeError(target.takeError());
        continue;
      }
      if (*target == object.section_end() || **target != section)
        continue;
      for (const RelocationRef &relocation : relocations.relocations()) {
        symbol_iterator symbol = relocation.getSymbol();
        if (symbol == object.symbol_end() || !supported(relocation.getType())) {
          error = "a relocation of .stack_sizes is not understood";
          break;
        }
        llvm::Expected<uint64_t> value = symbol->getValue();
        llvm::Expected<section_iterator> home = symbol->getSection();
        if (!value || !home) {
          error = "a relocation of .stack_sizes names a symbol without an "
                  "address";
          llvm::consumeError(value.takeError());
          llvm::consumeError(home.takeError());
          break;
        }
        llvm::DataExtractor::Cursor cursor(relocation.getOffset());
        uint64_t implicit = data.getAddress(cursor);
        uint64_t bytes = data.getULEB128(cursor);
        if (!cursor) {
          error = ".stack_sizes is truncated: " +
                  llvm::toString(cursor.takeError());
          break;
        }
        uint64_t address =
            resolveRelocation(resolver, relocation, *value, implicit);
        // The Thumb bit is no part of the address.
        uint64_t thumb = elf->getEMachine() == llvm::ELF::EM_ARM ? 1 : 0;
        address &= ~thumb;
        for (const ELFSymbolRef &function : elf->symbols()) {
          if (function.getELFType() != llvm::ELF::STT_FUNC)
            continue;
          llvm::Expected<uint64_t> start = function.getValue();
          llvm::Expected<section_iterator> in = function.getSection();
          llvm::Expected<llvm::StringRef> functionName = function.getName();
          if (start && in && functionName && *in == *home &&
              (*start & ~thumb) == address)
            sizes[*functionName] = bytes;
          if (!start)
            llvm::consumeError(start.takeError());
          if (!in)
            llvm::consumeError(in.takeError());
          if (!functionName)
            llvm::consumeError(functionName.takeError());
        }
      }
    }
  }
  if (!error.empty()) {
    budget.stackUnstated = error;
    return;
  }
  if (!found) {
    budget.stackUnstated = "the object has no .stack_sizes section";
    return;
  }
  auto lookup = [&](llvm::StringRef name) -> std::optional<uint64_t> {
    auto it = sizes.find(name);
    if (it == sizes.end())
      return std::nullopt;
    return it->second;
  };
  budget.runStack = lookup(prefix.str() + "_run");
  budget.ruleStack = lookup(prefix.str() + "_status_rule");
  // LLVM records no size for a frame whose size is not static.
  if (!budget.runStack || !budget.ruleStack)
    budget.stackUnstated = "the .stack_sizes section has no entry for "
                           "every function (a frame of dynamic size)";
}

/// Fills the storage and stack of `budget` from the emitted `bytes`.
static llvm::Error readObjectBudget(llvm::StringRef bytes,
                                    llvm::StringRef prefix,
                                    ResourceBudget &budget) {
  using namespace llvm::object;
  llvm::Expected<std::unique_ptr<ObjectFile>> object =
      ObjectFile::createObjectFile(llvm::MemoryBufferRef(bytes, "object"));
  if (!object)
    return makeError("cannot read the object just emitted: " +
                     llvm::toString(object.takeError()));
  uint64_t total = 0;
  for (const SectionRef &section : (*object)->sections()) {
    if (section.isText() || !(section.isData() || section.isBSS()))
      continue;
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name)
      return makeError("a section of the object just emitted has no name: " +
                       llvm::toString(name.takeError()));
    // Unwind tables describe the code; they are no storage of the model.
    if (name->starts_with(".eh_frame") || section.getSize() == 0)
      continue;
    budget.sections.emplace_back(name->str(), section.getSize());
    total += section.getSize();
  }
  budget.storageBytes = total;
  for (const SymbolRef &symbol : (*object)->symbols()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    if (!flags) {
      llvm::consumeError(flags.takeError());
      continue;
    }
    if (!(*flags & SymbolRef::SF_Undefined))
      continue;
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (!name->empty())
      budget.undefined.push_back(name->str());
  }
  llvm::sort(budget.undefined);
  readStackSizes(**object, prefix, budget);
  return llvm::Error::success();
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

/// The static arrays of the C output (the module after emitCSource, whose
/// globals have their C names): the bytes of those whose element type has
/// a size that C fixes.
static void readCStorage(ModuleOp module, ResourceBudget &budget) {
  uint64_t total = 0;
  std::vector<std::string> unsized;
  for (auto global : module.getOps<emitc::GlobalOp>()) {
    auto array = dyn_cast<emitc::ArrayType>(global.getType());
    Type element = array ? array.getElementType() : global.getType();
    int64_t count = array ? array.getNumElements() : 1;
    std::optional<uint64_t> elementBytes;
    if (auto integer = dyn_cast<IntegerType>(element);
        integer && integer.getWidth() % 8 == 0)
      elementBytes = integer.getWidth() / 8;
    else if (auto opaque = dyn_cast<emitc::OpaqueType>(element)) {
      // Two uint32_t or two uint64_t (no padding between members of one
      // type on the targets C compilers know).
      if (opaque.getValue() == kComplex64CType)
        elementBytes = 8;
      else if (opaque.getValue() == kComplex128CType)
        elementBytes = 16;
    }
    std::string what = global.getConstSpecifier()
                           ? "constant, read-only"
                           : "intermediate buffer, writable, zero-filled";
    if (!elementBytes) {
      unsized.push_back(global.getSymName().str());
      budget.storage.push_back({global.getSymName().str(),
                                what + "; " + std::to_string(count) +
                                    " elements whose size is the C "
                                    "compiler's",
                                0});
      continue;
    }
    uint64_t bytes = *elementBytes * static_cast<uint64_t>(count);
    budget.storage.push_back({global.getSymName().str(), what, bytes});
    total += bytes;
  }
  if (unsized.empty())
    budget.storageBytes = total;
  else
    budget.storageUnstated = "the size of the elements of " +
                             llvm::join(unsized, ", ") +
                             " (pointers to string literals, or bool) is the "
                             "C compiler's";
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

/// Runs --sonnx-make-entry-function on `func`: it becomes the entry
/// function `name` (one destination argument per result, an i32 status),
/// and the functions it does not reach are erased.
static llvm::Error makeEntryFunction(func::FuncOp func, llvm::StringRef name) {
  auto module = func->getParentOfType<ModuleOp>();
  ErrorCollector errors(module.getContext());
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  MakeEntryFunctionPassOptions options;
  options.functionName = func.getSymName().str();
  options.entryName = name.str();
  pm.addPass(createMakeEntryFunctionPass(options));
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  std::string message = errors.str();
  return makeError(message.empty() ? "--sonnx-make-entry-function failed"
                                   : message);
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
// Code generation
//===----------------------------------------------------------------------===//

/// Initializes every target of LLVM (one shared library holds them all)
/// once per process.
static void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

/// The target machine of `options`.
static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const AOTCompileOptions &options) {
  initializeTargets();
  llvm::Triple triple(options.targetTriple.empty()
                          ? llvm::sys::getDefaultTargetTriple()
                          : llvm::Triple::normalize(options.targetTriple));
  std::string message;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, message);
  if (!target)
    return makeError("unknown target triple '" + options.targetTriple +
                     "': " + message);
  std::string cpu = options.cpu.empty() ? "generic" : options.cpu;
  std::string features = options.features;
  if (cpu == "native") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SmallVector<std::string> hostFeatures;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      hostFeatures.push_back((feature.second ? "+" : "-") +
                             feature.first().str());
    if (!features.empty())
      hostFeatures.push_back(features);
    features = llvm::join(hostFeatures, ",");
  }
  // LLVM warns about an unknown CPU or feature and goes on, or stops the
  // process ("64-bit code requested on a subtarget that doesn't support
  // it"): both are checked first.
  if (llvm::Error error = checkSubtarget(*target, triple, cpu, features))
    return std::move(error);
  llvm::TargetOptions targetOptions;
  // The stack use of each function, for docs/deployment.md's figures
  // (llvm-readobj --stack-sizes).
  targetOptions.EmitStackSizeSection = true;
  auto level =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  std::unique_ptr<llvm::TargetMachine> machine(
      target->createTargetMachine(triple, cpu, features, targetOptions,
                                  llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return makeError("cannot create a target machine for '" + triple.str() +
                     "', CPU '" + cpu + "'");
  return machine;
}

/// Defines `const char *PREFIX_status_rule(int32_t code)`: the constraint ID
/// of the status code of each of `rules` (getRuleStatus), NULL for 0 and
/// other codes.
static void addStatusRuleFunction(llvm::Module &module, llvm::StringRef name,
                                  llvm::ArrayRef<RuleID> rules) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> builder(context);
  auto *ptrType = llvm::PointerType::getUnqual(context);
  auto *i32Type = builder.getInt32Ty();
  auto *function =
      llvm::Function::Create(llvm::FunctionType::get(ptrType, {i32Type}, false),
                             llvm::GlobalValue::ExternalLinkage, name, module);
  function->addFnAttr(llvm::Attribute::NoUnwind);
  auto *entry = llvm::BasicBlock::Create(context, "entry", function);
  auto *unknown = llvm::BasicBlock::Create(context, "unknown", function);
  builder.SetInsertPoint(entry);
  auto *dispatch = builder.CreateSwitch(function->getArg(0), unknown,
                                        static_cast<unsigned>(rules.size()));
  for (RuleID rule : rules) {
    auto *block = llvm::BasicBlock::Create(context, "rule", function);
    builder.SetInsertPoint(block);
    builder.CreateRet(
        builder.CreateGlobalString(getRuleText(rule), "sonnx_status_rule"));
    dispatch->addCase(
        builder.getInt32(static_cast<uint32_t>(getRuleStatus(rule))), block);
  }
  builder.SetInsertPoint(unknown);
  builder.CreateRet(llvm::ConstantPointerNull::get(ptrType));
}

/// Translates the lowered `module`, optimizes it and emits the object.
/// `budget` receives the globals of the object.
static llvm::Expected<std::string> emitObject(ModuleOp module,
                                              const AOTCompileOptions &options,
                                              llvm::ArrayRef<RuleID> rules,
                                              ResourceBudget &budget) {
  auto machine = createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, options.prefix);
  if (!llvmModule)
    return makeError("the translation to LLVM IR failed");
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  llvmModule->setDataLayout((*machine)->createDataLayout());
  addStatusRuleFunction(*llvmModule, options.prefix + "_status_rule", rules);
  // No unwind tables: the code throws nothing and calls nothing that does.
  for (llvm::Function &function : *llvmModule)
    if (!function.isDeclaration())
      function.addFnAttr(llvm::Attribute::NoUnwind);

  auto optimize = makeOptimizingTransformer(std::min(options.optLevel, 3u),
                                            /*sizeLevel=*/0, machine->get());
  if (llvm::Error error = optimize(llvmModule.get()))
    return makeError("LLVM optimisation failed: " +
                     llvm::toString(std::move(error)));
  // Nothing but the memory intrinsics (memcpy, memmove, memset): no heap,
  // no I/O, no abort.
  for (llvm::Function &function : *llvmModule)
    if (function.isDeclaration() && !function.isIntrinsic())
      return makeError("the compiled code calls '" + function.getName() +
                       "', which an ahead-of-time object may not");
  // Private globals have no symbol in the object: internal ones have a
  // local symbol with their size, which `llvm-nm -S` and a linker map show
  // next to the header's figures, and which clash with nothing.
  const llvm::DataLayout &layout = llvmModule->getDataLayout();
  for (llvm::GlobalVariable &global : llvmModule->globals()) {
    if (global.isDeclaration())
      continue;
    if (global.hasPrivateLinkage())
      global.setLinkage(llvm::GlobalValue::InternalLinkage);
    budget.storage.push_back(
        {global.getName().str(), describeGlobal(global, options.prefix),
         layout.getTypeAllocSize(global.getValueType()).getFixedValue()});
  }

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, stream, nullptr,
                                      llvm::CodeGenFileType::ObjectFile))
    return makeError("the target '" + (*machine)->getTargetTriple().str() +
                     "' cannot emit object files");
  codegen.run(*llvmModule);
  if (llvm::Error error = readObjectBudget(object, options.prefix, budget))
    return std::move(error);
  return std::string(object.str());
}

//===----------------------------------------------------------------------===//
// Header
//===----------------------------------------------------------------------===//

/// Writes `text` as lines of a comment that start with `lead`, wrapped at
/// spaces before 79 columns; `next` leads the lines after the first.
static void writeWrapped(llvm::raw_ostream &os, llvm::StringRef text,
                         llvm::StringRef lead, llvm::StringRef next) {
  std::string current = lead.str();
  bool empty = true;
  for (llvm::StringRef word : llvm::split(text, ' ')) {
    if (!empty && current.size() + 1 + word.size() > 78) {
      os << current << "\n";
      current = next.str();
      empty = true;
    }
    if (!empty)
      current += ' ';
    current += commentSafe(word);
    empty = false;
  }
  os << current << "\n";
}

/// The header's budget (docs/deployment.md, "What the object uses"): a
/// comment of what each figure is and where it comes from, and a macro per
/// figure that is known.
static void writeBudget(llvm::raw_ostream &os, const AOTCompileOptions &options,
                        const ResourceBudget &budget) {
  std::string macro = llvm::StringRef(options.prefix).upper();
  const std::string &p = options.prefix;
  bool emitC = options.output == AOTOutput::C;
  auto line = [&](const llvm::Twine &text) {
    writeWrapped(os, text.str(), " * ", " *   ");
  };
  auto item = [&](const llvm::Twine &text) {
    writeWrapped(os, text.str(), " *   ", " *     ");
  };
  os << "/* What " << (emitC ? p + ".c" : std::string("the object"))
     << " uses, for a memory and time budget (docs/deployment.md).\n *\n";

  // Static storage.
  if (emitC) {
    line("Static storage: the static arrays of " + p + ".c" +
         (budget.storageBytes
              ? ", " + std::to_string(*budget.storageBytes) +
                    " bytes in all (each its elements times the size of "
                    "their type):"
              : std::string(":")));
  } else {
    std::string sections = llvm::join(
        llvm::map_range(budget.sections,
                        [](const std::pair<std::string, uint64_t> &section) {
                          return section.first + " " +
                                 std::to_string(section.second);
                        }),
        ", ");
    line("Static storage: " + std::to_string(budget.storageBytes.value_or(0)) +
         " bytes, the sizes of the object's data sections" +
         (sections.empty() ? std::string(" (none)") : " (" + sections + ")") +
         "; its globals, as LLVM names them (local symbols of the object, "
         "whose sizes llvm-nm -S shows on ELF):");
  }
  uint64_t named = 0;
  for (const StorageItem &storage : budget.storage) {
    named += storage.bytes;
    item(storage.name + ": " +
         (storage.bytes || !emitC ? std::to_string(storage.bytes) + " bytes, "
                                  : std::string()) +
         storage.what);
  }
  if (budget.storage.empty())
    item("(none)");
  if (!emitC && budget.storageBytes && *budget.storageBytes > named)
    item("alignment padding and the code generator's data (constant pools, "
         "jump tables): " +
         std::to_string(*budget.storageBytes - named) + " bytes");
  if (!budget.storageBytes)
    line("The total is not stated: " + budget.storageUnstated + ".");

  // Stack.
  os << " *\n";
  if (budget.runStack && budget.ruleStack) {
    line("Stack: " + p + "_run " + std::to_string(*budget.runStack) +
         " bytes, " + p + "_status_rule " + std::to_string(*budget.ruleStack) +
         " bytes: the frame sizes of the object's .stack_sizes section "
         "(llvm-readobj --stack-sizes), without what the call instruction "
         "pushes (the return address on x86).");
    if (!budget.undefined.empty())
      line("Not included: the stack of " + llvm::join(budget.undefined, ", ") +
           ", which the object calls and the C library defines.");
  } else {
    line("Stack: not stated: " + budget.stackUnstated + ".");
  }

  // Element moves.
  os << " *\n";
  if (budget.moves)
    line("Element moves: " + llvm::Twine(*budget.moves) +
         " element stores in a call that returns " + macro +
         "_STATUS_OK (each element written into an output or an "
         "intermediate buffer, a vector store counting its elements; a call "
         "that returns another status stores fewer or as many). Counted by "
         "--sonnx-count-element-stores on the buffers of the lowering, "
         "before the loops and " +
         (emitC ? "the C compiler's" : "LLVM's") +
         " optimisation, which may remove stores it proves redundant.");
  else
    line("Element moves: not stated: " + budget.movesUnstated + ".");
  os << " */\n";

  if (budget.storageBytes)
    os << "#define " << macro << "_STATIC_STORAGE_BYTES UINT64_C("
       << *budget.storageBytes << ")\n";
  if (budget.runStack && budget.ruleStack)
    os << "#define " << macro << "_STACK_BYTES UINT64_C(" << *budget.runStack
       << ")\n#define " << macro << "_STATUS_RULE_STACK_BYTES UINT64_C("
       << *budget.ruleStack << ")\n";
  if (budget.moves)
    os << "#define " << macro << "_ELEMENT_MOVES UINT64_C(" << *budget.moves
       << ")\n";
  os << "\n";
}

static std::string writeHeader(const AOTCompileOptions &options,
                               llvm::ArrayRef<AOTParameter> params,
                               llvm::ArrayRef<CompiledNode> nodes,
                               llvm::ArrayRef<RuleID> rules,
                               llvm::StringRef triple, llvm::StringRef cpu,
                               const ResourceBudget &budget) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string macro = llvm::StringRef(options.prefix).upper();
  std::string guard = macro + "_SONNX_H";
  const std::string &p = options.prefix;

  os << "/* " << p << " - generated by sonnx-compile; do not edit.\n"
     << " *\n"
     << " * Model: "
     << commentSafe(options.sourceName.empty() ? "(unnamed)"
                                               : options.sourceName);
  if (options.opset)
    os << ", ONNX opset " << *options.opset;
  if (options.output == AOTOutput::C)
    os << "\n * Target: C99 source (" << commentSafe(options.prefix)
       << ".c from sonnx-compile --emit=c)\n";
  else
    os << "\n * Target: " << commentSafe(triple) << ", CPU " << commentSafe(cpu)
       << "\n";
  os << " * Nodes compiled, with the constraints of the SONNX profile "
        "checked\n * (IDs: docs/traceability.md):\n";
  if (nodes.empty())
    os << " *   (none)\n";
  for (const CompiledNode &node : nodes) {
    // The node and its op, then what was checked, indented and wrapped at
    // spaces.
    os << " *   " << commentSafe(node.label + ": " + node.opName) << "\n";
    std::string checked = node.getCheckedLines();
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(checked).split(lines, '\n');
    for (llvm::StringRef text : lines)
      writeWrapped(os, text, " *     ", " *       ");
  }
  os << " *\n"
     << " * ABI (docs/deployment.md): one pointer per input and output, "
        "row-major;\n"
     << " * outputs are written into the caller's buffers; intermediate "
        "buffers are\n"
     << " * static storage of the object, so calls must not overlap (not "
        "re-entrant).\n"
     << " * No heap, no I/O, no abort: the function returns a status "
        "code.\n"
     << " */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdbool.h>\n#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";

  auto hasElementType = [&](llvm::function_ref<bool(Type)> predicate) {
    return llvm::any_of(params, [&](const AOTParameter &param) {
      return predicate(param.type.getElementType());
    });
  };
  if (hasElementType([](Type type) { return isa<ComplexType>(type); }))
    os << "/* Complex elements: the IEEE-754 bits of the real part, then of "
          "the\n * imaginary part (the layout of C99's float _Complex and "
          "double _Complex). */\n"
       << "#ifndef SONNX_COMPLEX_TYPES_DEFINED\n"
       << "#define SONNX_COMPLEX_TYPES_DEFINED\n"
       << "typedef struct {\n  uint32_t re;\n  uint32_t im;\n} "
       << kComplex64CType << ";\n"
       << "typedef struct {\n  uint64_t re;\n  uint64_t im;\n} "
       << kComplex128CType << ";\n#endif\n\n";
  if (hasElementType([](Type type) { return isa<sonnx::StringType>(type); }))
    os << "/* String elements are C strings (NUL-terminated; a string with a "
          "NUL byte\n * inside cannot pass this interface). The model only "
          "moves pointers: an\n * output string points to an input string "
          "of the same call or to a constant\n * of the object, and lives as "
          "long as that one. */\n\n";

  os << "#define " << macro << "_INPUT_COUNT "
     << llvm::count_if(params,
                       [](const AOTParameter &x) { return !x.isOutput; })
     << "\n#define " << macro << "_OUTPUT_COUNT "
     << llvm::count_if(params, [](const AOTParameter &x) { return x.isOutput; })
     << "\n\n";
  for (const AOTParameter &param : params) {
    std::string name = macro + "_" + param.identifier;
    // A float is passed as its bits (docs/deployment.md, "Element types").
    Type element = param.type.getElementType();
    std::string bits = isa<FloatType>(element) ? " (the IEEE-754 bits of " +
                                                     typeToString(element) + ")"
                                               : std::string();
    os << "/* " << (param.isOutput ? "output" : "input") << " '"
       << commentSafe(param.name) << "': " << param.cElementType << bits << ", "
       << formatShape(param.type.getShape()) << " */\n";
    os << "#define " << name << "_RANK " << param.type.getRank() << "\n";
    if (param.type.getRank() > 0) {
      os << "#define " << name << "_SHAPE {";
      llvm::interleave(param.type.getShape(), os, ", ");
      os << "}\n";
    }
    os << "#define " << name << "_ELEMENTS UINT64_C(" << param.elements
       << ")\n\n";
  }

  writeBudget(os, options, budget);

  os << "/* Status codes of " << p
     << "_run: 0 on success, else the code "
        "of the\n * constraint a run-time check found broken. */\n"
     << "enum " << p << "_status {\n  " << macro << "_STATUS_OK = 0,\n";
  for (RuleID rule : rules)
    os << "  " << macro << "_STATUS_"
       << llvm::StringRef(sanitizeCIdentifier(getRuleText(rule))).upper()
       << " = " << getRuleStatus(rule) << ", /* [" << getRuleText(rule)
       << "] */\n";
  os << "};\n\n";
  if (rules.empty())
    os << "/* With static shapes and constant shape/axes operands every "
          "constraint\n * is decided at compile time: "
       << p << "_run always returns " << macro << "_STATUS_OK. */\n";

  os << "/* The constraint ID of a status code, NULL for " << macro
     << "_STATUS_OK and\n * unknown codes. */\n"
     << "const char *" << p << "_status_rule(int32_t status);\n\n";

  os << "/* Runs the model.\n";
  for (const AOTParameter &param : params)
    os << " *   " << param.identifier << ": "
       << (param.isOutput ? "output" : "input") << " '"
       << commentSafe(param.name) << "', " << param.cElementType << "["
       << formatShape(param.type.getShape()) << "]\n";
  os << " * Returns " << macro << "_STATUS_OK (0) or a status code. */\n"
     << "int32_t " << p << "_run(";
  llvm::interleave(
      params, os,
      [&](const AOTParameter &param) { os << declareParameter(param); }, ", ");
  os << ");\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return text;
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
  result.restrictParameters = options.restrictParameters;
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
  if (llvm::Error error = makeEntryFunction(*func, options.prefix + "_run"))
    return std::move(error);

  if (emitC) {
    if (llvm::Error error = lowerToEmitC(module))
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
  }

  // The rules the checks may return the status code of (verified by the
  // sonnx dialect: each names a rule).
  std::vector<RuleID> rules;
  if (auto attr = module->getAttrOfType<ArrayAttr>(kStatusRulesAttrName))
    for (Attribute rule : attr)
      if (std::optional<RuleID> id = getRuleOfAttr(rule))
        rules.push_back(*id);

  AOTArtifacts artifacts;
  ResourceBudget budget;
  readElementStores(module, options.prefix + "_run", budget);
  auto object = emitC ? emitCSource(module, getCEmitterOptions(options), params,
                                    nodes, rules, producers, spec)
                      : emitObject(module, options, rules, budget);
  if (!object)
    return object.takeError();
  if (emitC) {
    readCStorage(module, budget);
    budget.stackUnstated =
        "the stack is what the C compiler makes of " + options.prefix + ".c";
  }
  artifacts.object = std::move(*object);
  artifacts.header =
      writeHeader(options, params, nodes, rules, triple, cpu, budget);
  artifacts.parameters.assign(params.begin(), params.end());
  artifacts.sources = std::move(sources);
  return artifacts;
}
