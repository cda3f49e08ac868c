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
using namespace mlir::sonnx;

char RuleViolationError::ID = 0;

llvm::Error
mlir::sonnx::lowerToLLVMDialect(ModuleOp module,
                                const SONNXToLLVMPipelineOptions &options) {
  MLIRContext *context = module.getContext();
  ErrorCollector errors(context);
  PassManager pm(context, ModuleOp::getOperationName());
  buildSONNXToLLVMPipeline(pm, options);
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  return errors.makeError("the --sonnx-to-llvm pipeline failed");
}

llvm::Error mlir::sonnx::lowerToEmitC(ModuleOp module) {
  MLIRContext *context = module.getContext();
  ErrorCollector errors(context);
  PassManager pm(context, ModuleOp::getOperationName());
  buildSONNXToEmitCPipeline(pm);
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  return errors.makeError("the --sonnx-to-emitc pipeline failed");
}
