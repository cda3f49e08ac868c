//===- Pipelines.h - sonnx pass pipelines -----------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The `--sonnx-to-llvm` pipeline: from func/arith/tensor/sonnx to the LLVM
// dialect, ready for mlir-runner or mlir-translate --mlir-to-llvmir.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_PIPELINES_PIPELINES_H
#define SONNX_CONVERSION_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
namespace sonnx {

/// Options of `--sonnx-to-llvm`.
struct SONNXToLLVMPipelineOptions
    : public PassPipelineOptions<SONNXToLLVMPipelineOptions> {
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse elementwise linalg ops (broadcast and expand with "
                     "their consumers) before bufferization"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> bufferDeallocation{
      *this, "buffer-deallocation",
      llvm::cl::desc(
          "Free the buffers allocated by the lowered code (MLIR's "
          "ownership-based deallocation). A public function then returns a "
          "copy of a view of its arguments instead of the view itself"),
      llvm::cl::init(false)};
};

/// Adds the passes of `--sonnx-to-llvm` to `pm`, which must run on a
/// `builtin.module`.
void buildSONNXToLLVMPipeline(OpPassManager &pm,
                              const SONNXToLLVMPipelineOptions &options);

/// Registers `--sonnx-to-llvm` with the pass registry.
void registerSONNXToLLVMPipeline();

/// Adds to `registry` the dialects and external interface models that the
/// passes of `--sonnx-to-llvm` need (bufferization, deallocation, LLVM).
void registerSONNXToLLVMDependencies(DialectRegistry &registry);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_PIPELINES_PIPELINES_H
