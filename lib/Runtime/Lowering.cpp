//===- Lowering.cpp - the --sonnx-to-llvm run of JIT and AOT --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "ErrorCollector.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::sonnx;

char RuleViolationError::ID = 0;

void mlir::sonnx::registerLoweringDialects(DialectRegistry &registry) {
  // The dialects of the modules it takes (an imported ONNX model uses these
  // three), those of the pipeline, and the translations to LLVM IR.
  registry.insert<SONNXDialect, arith::ArithDialect, func::FuncDialect>();
  registerSONNXToLLVMDependencies(registry);
  registry.insert<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

/// Runs the passes that `build` adds on `module`; their error diagnostics
/// become the error, or `fallback` when they emitted none.
static llvm::Error runPasses(ModuleOp module,
                             llvm::function_ref<void(OpPassManager &)> build,
                             const llvm::Twine &fallback) {
  MLIRContext *context = module.getContext();
  ErrorCollector errors(context);
  PassManager pm(context, ModuleOp::getOperationName());
  build(pm);
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  return errors.makeError(fallback);
}

/// Runs `pass` on `module` (runPasses).
static llvm::Error runPass(ModuleOp module, std::unique_ptr<Pass> pass) {
  std::string name = "--" + pass->getArgument().str();
  return runPasses(
      module, [&](OpPassManager &pm) { pm.addPass(std::move(pass)); },
      name + " failed");
}

llvm::Error
mlir::sonnx::lowerToLLVMDialect(ModuleOp module,
                                const SONNXToLLVMPipelineOptions &options) {
  return runPasses(
      module, [&](OpPassManager &pm) { buildSONNXToLLVMPipeline(pm, options); },
      "the --sonnx-to-llvm pipeline failed");
}

llvm::Error mlir::sonnx::makeEntryFunction(ModuleOp module,
                                           llvm::StringRef functionName,
                                           llvm::StringRef entryName) {
  MakeEntryFunctionPassOptions options;
  options.functionName = functionName.str();
  options.entryName = entryName.str();
  return runPass(module, createMakeEntryFunctionPass(options));
}

llvm::Error mlir::sonnx::addStatusRule(ModuleOp module,
                                       llvm::StringRef functionName,
                                       bool emitC) {
  if (emitC) {
    AddStatusRuleToEmitCPassOptions options;
    options.functionName = functionName.str();
    return runPass(module, createAddStatusRuleToEmitCPass(options));
  }
  AddStatusRuleToLLVMPassOptions options;
  options.functionName = functionName.str();
  return runPass(module, createAddStatusRuleToLLVMPass(options));
}

llvm::Error mlir::sonnx::prefixCGlobals(ModuleOp module,
                                        llvm::StringRef prefix) {
  SONNXPrefixCGlobalsPassOptions options;
  options.prefix = prefix.str();
  return runPass(module, createSONNXPrefixCGlobalsPass(options));
}

llvm::Error mlir::sonnx::prepareCEntry(ModuleOp module, llvm::StringRef prefix,
                                       bool restrict) {
  SONNXPrepareCEntryPassOptions options;
  options.prefix = prefix.str();
  options.restrict = restrict;
  return runPass(module, createSONNXPrepareCEntryPass(options));
}

llvm::Error mlir::sonnx::lowerToEmitC(ModuleOp module) {
  return runPasses(
      module, [](OpPassManager &pm) { buildSONNXToEmitCPipeline(pm); },
      "the --sonnx-to-emitc pipeline failed");
}

llvm::Error mlir::sonnx::checkDataOblivious(ModuleOp module) {
  return runPasses(
      module,
      [](OpPassManager &pm) { pm.addPass(createCheckDataObliviousPass()); },
      "the compiled code is not data-oblivious (--sonnx-check-data-oblivious)");
}

llvm::Error mlir::sonnx::checkSubtarget(const llvm::Target &target,
                                        const llvm::Triple &triple,
                                        llvm::StringRef cpu,
                                        llvm::StringRef features) {
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target.createMCSubtargetInfo(triple, "", ""));
  if (!subtarget)
    return makeError("no subtarget information for '" + triple.str() + "'");
  if (!cpu.empty() && cpu != "generic" && !subtarget->isCPUStringValid(cpu))
    return makeError("unknown CPU '" + cpu + "' for the target '" +
                     triple.str() + "'");
  llvm::SmallVector<llvm::StringRef> featureList;
  features.split(featureList, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : featureList) {
    llvm::StringRef name = feature.trim();
    if (!name.consume_front("+") && !name.consume_front("-"))
      return makeError("target feature '" + feature +
                       "' must start with '+' or '-'");
    if (!llvm::any_of(subtarget->getAllProcessorFeatures(),
                      [&](const llvm::SubtargetFeatureKV &known) {
                        return name == known.Key;
                      }))
      return makeError("unknown feature '" + name + "' for the target '" +
                       triple.str() + "'");
  }
  return llvm::Error::success();
}
