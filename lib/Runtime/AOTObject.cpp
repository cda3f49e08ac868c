//===- AOTObject.cpp - the object file of ahead-of-time compilation -------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The object of compileAOT: the target machine, the translation of the
// lowered module (with the function that maps a status code to its
// constraint ID, --sonnx-add-status-rule-to-llvm) to LLVM IR, LLVM's
// optimisation and code generation, and what the header states of the
// object (its globals, data sections and stack sizes, read back from the
// emitted bytes). Moved from AOTCompiler.cpp.
//
//===----------------------------------------------------------------------===//

#include "AOTObject.h"

#include "Lowering.h"

#include "SONNX/Support/TensorUtils.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/RelocationResolver.h"
#include "llvm/Support/DataExtractor.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// What the object uses
//===----------------------------------------------------------------------===//

/// What a global of the lowered module is, from the names the lowering
/// gives (AllocationsToGlobals, One-Shot Bufferize's constants, the string
/// constants, --sonnx-add-status-rule-to-llvm) and from what LLVM knows of it.
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
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::sonnx::createTargetMachine(const AOTCompileOptions &options) {
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

/// Translates the lowered `module`, optimizes it and emits the object.
/// `budget` receives the globals of the object.
llvm::Expected<std::string>
mlir::sonnx::emitObject(ModuleOp module, const AOTCompileOptions &options,
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
