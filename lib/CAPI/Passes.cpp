//===- Passes.cpp - C API of the sonnx passes and pipeline ----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX-c/Passes.h"

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Registration/Registration.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>

using namespace mlir;

void sonnxRegisterPasses(void) { sonnx::registerAllSONNXPasses(); }

void sonnxRegisterDialects(MlirDialectRegistry registry) {
  sonnx::registerAllSONNXDialects(*unwrap(registry));
}

/// The values of `options` that LLVM's option parser would reject: it
/// prints such an error on stderr instead of returning it. Every option of
/// SONNXToLLVMPipelineOptions is a bool or an integer; an option missing
/// here would still be refused, with its message on stderr.
static std::optional<std::string>
findInvalidValue(const sonnx::SONNXToLLVMPipelineOptions &pipelineOptions,
                 llvm::StringRef options) {
  auto isBool = [](llvm::StringRef value) {
    return llvm::is_contained(
        {"", "true", "TRUE", "True", "1", "false", "FALSE", "False", "0"},
        value);
  };
  auto isUnsigned = [](llvm::StringRef value) {
    uint64_t unused;
    return !value.getAsInteger(0, unused);
  };
  auto isSigned = [](llvm::StringRef value) {
    int64_t unused;
    return !value.getAsInteger(0, unused);
  };
  llvm::StringMap<std::function<bool(llvm::StringRef)>> kinds = {
      {pipelineOptions.fuseElementwise.getArgStr(), isBool},
      {pipelineOptions.bufferDeallocation.getArgStr(), isBool},
      {pipelineOptions.vectorBytes.getArgStr(), isUnsigned},
      {pipelineOptions.nontemporalThreshold.getArgStr(), isSigned},
      {pipelineOptions.nontemporalAllocated.getArgStr(), isBool},
      {pipelineOptions.staticMemory.getArgStr(), isBool},
      {pipelineOptions.hugePages.getArgStr(), isBool},
      {pipelineOptions.hugePageThreshold.getArgStr(), isUnsigned},
  };
  llvm::SmallVector<llvm::StringRef> tokens;
  options.split(tokens, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef token : tokens) {
    auto [key, value] = token.split('=');
    auto kind = kinds.find(key);
    if (kind != kinds.end() && !kind->second(value))
      return ("invalid value '" + value + "' for sonnx-to-llvm option '" + key +
              "'")
          .str();
  }
  return std::nullopt;
}

MlirLogicalResult sonnxAddSONNXToLLVMPipeline(MlirOpPassManager passManager,
                                              MlirStringRef options,
                                              MlirStringCallback errorCallback,
                                              void *userData) {
  auto fail = [&](llvm::StringRef message) {
    if (errorCallback)
      errorCallback(wrap(message), userData);
    return wrap(failure());
  };
  OpPassManager *pm = unwrap(passManager);
  llvm::StringRef anchor = pm->getOpAnchorName();
  if (anchor != ModuleOp::getOperationName() &&
      anchor != OpPassManager::getAnyOpAnchorName())
    return fail(
        ("sonnx-to-llvm runs on 'builtin.module', not on '" + anchor + "'")
            .str());
  sonnx::SONNXToLLVMPipelineOptions pipelineOptions;
  if (std::optional<std::string> invalid =
          findInvalidValue(pipelineOptions, unwrap(options)))
    return fail(*invalid);
  std::string message;
  llvm::raw_string_ostream errors(message);
  if (failed(pipelineOptions.parseFromString(unwrap(options), errors)))
    return fail(message.empty() ? "invalid sonnx-to-llvm options '" +
                                      unwrap(options).str() + "'"
                                : llvm::StringRef(message).trim().str());
  sonnx::buildSONNXToLLVMPipeline(*pm, pipelineOptions);
  return wrap(success());
}
