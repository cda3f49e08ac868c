//===- Lowering.cpp - the --sonnx-to-llvm run of JIT and AOT --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "ErrorCollector.h"

#include "SONNX/Target/TensorUtils.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

llvm::Error
mlir::sonnx::lowerToLLVMDialect(ModuleOp module,
                                const SONNXToLLVMPipelineOptions &options) {
  MLIRContext *context = module.getContext();
  ErrorCollector errors(context);
  PassManager pm(context, ModuleOp::getOperationName());
  buildSONNXToLLVMPipeline(pm, options);
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  std::string message = errors.str();
  return makeError(message.empty() ? "the --sonnx-to-llvm pipeline failed"
                                   : message);
}

llvm::Error mlir::sonnx::lowerToEmitC(ModuleOp module) {
  MLIRContext *context = module.getContext();
  ErrorCollector errors(context);
  PassManager pm(context, ModuleOp::getOperationName());
  buildSONNXToEmitCPipeline(pm);
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  std::string message = errors.str();
  return makeError(message.empty() ? "the --sonnx-to-emitc pipeline failed"
                                   : message);
}
