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
  PassOptions::Option<bool> tileAndFuse{
      *this, "tile-and-fuse",
      llvm::cl::desc("Compute a chain of linalg ops whose intermediate "
                     "results are reductions (attention: scores, softmax, "
                     "x V) tile by tile along parallel dimensions, so that "
                     "those results are one tile (--sonnx-tile-and-fuse)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> tileBlock{
      *this, "tile-block",
      llvm::cl::desc("--sonnx-tile-and-fuse's block: iterations per tile of "
                     "the tiled parallel dimensions, in all"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> bufferDeallocation{
      *this, "buffer-deallocation",
      llvm::cl::desc(
          "Free the buffers allocated by the lowered code (MLIR's "
          "ownership-based deallocation). A public function then returns a "
          "copy of a view of its arguments instead of the view itself"),
      llvm::cl::init(false)};
  PassOptions::Option<uint64_t> vectorBytes{
      *this, "vector-bytes",
      llvm::cl::desc("Bytes per vector store in the row copies of broadcast "
                     "and expand (a power of 2; 0 keeps scalar loops)"),
      llvm::cl::init(64)};
  PassOptions::Option<bool> vectorizeContractions{
      *this, "vectorize-contractions",
      llvm::cl::desc("Vectorize the linalg ops that reduce (contractions) "
                     "along the output's unit-stride dimension, in each "
                     "element's reduction order (with vector-bytes per "
                     "vector; off: scalar loops in the iterators' order)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> nontemporalThreshold{
      *this, "nontemporal-threshold",
      llvm::cl::desc("Output size in bytes from which broadcast and expand "
                     "write with streaming (non-temporal) stores; negative: "
                     "never"),
      llvm::cl::init(32 << 20)};
  PassOptions::Option<bool> nontemporalAllocated{
      *this, "nontemporal-allocated",
      llvm::cl::desc("Streaming stores also into the outputs that a function "
                     "allocates itself (off: a new buffer is zeroed by the "
                     "kernel as it is first written, which leaves it in the "
                     "cache, where ordinary stores are faster)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> staticMemory{
      *this, "static-memory",
      llvm::cl::desc(
          "Code for ahead-of-time objects (sonnx-compile): results that a "
          "private function writes into one of its arguments are no longer "
          "returned, "
          "every buffer is a static global instead of a heap allocation, "
          "memrefs are passed as bare pointers, and a failing run-time check "
          "returns its status code (the function must return i32) instead "
          "of aborting. Needs static shapes"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> statusHandler{
      *this, "status-handler",
      llvm::cl::desc(
          "Code for a runtime that calls it (the JIT): a failing run-time "
          "check calls this function, void(i32 status, ptr message), with "
          "the status code of its rule and its message, instead of printing "
          "the message and aborting (--sonnx-convert-assert-to-llvm's "
          "status-handler; the function must not return). Empty: abort"),
      llvm::cl::init("")};
  PassOptions::Option<bool> hugePages{
      *this, "huge-pages",
      llvm::cl::desc("Put buffers of at least huge-page-threshold bytes on "
                     "whole 2 MiB pages: data aligned to 2 MiB, every page "
                     "advised with madvise(MADV_HUGEPAGE) (Linux)"),
      llvm::cl::init(false)};
  PassOptions::Option<uint64_t> hugePageThreshold{
      *this, "huge-page-threshold",
      llvm::cl::desc("Buffer size in bytes from which huge-pages applies"),
      llvm::cl::init(4 << 20)};
};

/// Adds the passes of `--sonnx-to-llvm` to `pm`, which must run on a
/// `builtin.module`.
void buildSONNXToLLVMPipeline(OpPassManager &pm,
                              const SONNXToLLVMPipelineOptions &options);

/// Adds the passes of `--sonnx-to-emitc` to `pm` (a `builtin.module`): the
/// passes of `--sonnx-to-llvm{static-memory vector-bytes=0}` up to buffers,
/// then loops, views as index arithmetic and the EmitC conversions
/// (`sonnx-compile --emit=c`, docs/deployment.md).
void buildSONNXToEmitCPipeline(OpPassManager &pm);

/// Registers `--sonnx-to-llvm` and `--sonnx-to-emitc` with the pass registry.
void registerSONNXToLLVMPipeline();

/// Adds to `registry` the dialects and external interface models that the
/// passes of `--sonnx-to-llvm` need (bufferization, deallocation, LLVM).
void registerSONNXToLLVMDependencies(DialectRegistry &registry);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_CONVERSION_PIPELINES_PIPELINES_H
