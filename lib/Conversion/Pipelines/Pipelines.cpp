//===- Pipelines.cpp - the sonnx-to-llvm pipeline -------------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-to-llvm`: canonicalize, lower sonnx to tensor/linalg (with the
// run-time checks), bufferize with One-Shot Bufferize across function
// boundaries, and lower everything to the LLVM dialect. docs/pipeline.md
// lists the passes and explains each choice.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Pipelines/Pipelines.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToEmitC/MemRefToEmitC.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Ptr/IR/PtrDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace mlir {
namespace sonnx {
/// The passes that `--sonnx-to-llvm` and `--sonnx-to-emitc` share: from the
/// sonnx ops to buffers (memref, linalg on memrefs, scf, cf.assert).
/// `stringHandles`: what a string element becomes (docs/pipeline.md,
/// "Strings").
static void
buildSONNXToBuffersPipeline(OpPassManager &pm,
                            const SONNXToLLVMPipelineOptions &options,
                            StringHandleKind stringHandles) {
  // Folds (issue #3) settle what constants allow before the lowering.
  pm.addPass(createCanonicalizerPass());
  // String constants (the canonicalizer may fold some) become LLVM globals
  // and tensors of their handles, which the lowering passes along. With
  // pointer handles (the C output), the lowering keeps them constants.
  if (stringHandles == StringHandleKind::Integer)
    pm.addPass(createConvertSONNXStringConstantsPass());
  ConvertSONNXToLinalgPassOptions lowering;
  lowering.pointerStringHandles = stringHandles == StringHandleKind::Pointer;
  pm.addPass(createConvertSONNXToLinalgPass(lowering));
  // linalg.softmax has no loop lowering: upstream's decomposition into
  // generics, while they are on tensors.
  pm.addPass(sonnx::createDecomposeAggregatedOpsPass());
  // Removes the checks that fold to true and the casts of string handles.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Upstream's elementwise fusion, except that it leaves the generics of
  // broadcasts that fused with nothing as they are (see the pass).
  if (options.fuseElementwise)
    pm.addPass(sonnx::createFuseElementwisePass());
  // A result written into a function argument
  // (`bufferization.materialize_in_destination %r in %out`) is computed in
  // place: its `tensor.empty` becomes the destination, and the caller's
  // buffer is written without an allocation or a copy. After fusion, which
  // replaces destinations that a generic does not read by tensor.empty.
  // A tensor written into several destinations (returned twice, or two
  // results that CSE merged) is computed into the first one and copied
  // into the others: it cannot be computed in place into all of them.
  pm.addPass(sonnx::createChainMaterializationsPass());
  // Attention's intermediate results (scores, exponentials, probabilities)
  // one tile at a time instead of whole, in the same order per element.
  // After the destinations are chained: the tiles of the last op write
  // the caller's buffer.
  if (options.tileAndFuse) {
    TileAndFusePassOptions tiling;
    tiling.block = options.tileBlock;
    pm.addPass(sonnx::createTileAndFusePass(tiling));
  }
  pm.addPass(bufferization::createEmptyTensorEliminationPass());

  // Identity layouts at function boundaries: a function returns views of its
  // arguments without a copy, and LLVM 22's default (infer-layout-map)
  // crashes when a function calls one that returns an unranked tensor.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Its constant globals follow the order in which it visited the
  // functions, which varies from run to run: renumbered in program order.
  pm.addPass(sonnx::createNumberConstantGlobalsPass());
  // The tiles of --sonnx-tile-and-fuse write their part of the result in
  // place, as a copy of a subview into an equal subview, which the
  // canonicalizer below drops once CSE has made the two subviews one.
  if (options.tileAndFuse)
    pm.addPass(createCSEPass());
  // A result computed in a reshape of its destination argument
  // (--sonnx-chain-materializations) is returned as the reshape of that
  // reshape: folded into the argument itself, which the two passes below
  // then recognize (no result, no clone of it).
  pm.addPass(createCanonicalizerPass());
  // A result computed in its destination argument is that argument: the
  // caller has it already.
  if (options.staticMemory)
    pm.addPass(bufferization::createDropEquivalentBufferResultsPass());
  // The buffer of a tile (--sonnx-tile-and-fuse) allocated once for all
  // the tiles, not once per tile: each tile writes it whole before reading
  // it, and static storage has no allocation in a loop.
  if (options.tileAndFuse)
    pm.addNestedPass<func::FuncOp>(
        bufferization::createBufferLoopHoistingPass());
  if (options.bufferDeallocation)
    bufferization::buildBufferDeallocationPipeline(pm);
  // The clones that deallocation inserts become allocations and copies.
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createCanonicalizerPass());
  // No heap: every buffer in static storage (then there is no allocation
  // left to check).
  if (options.staticMemory)
    pm.addPass(sonnx::createAllocationsToGlobalsPass());
  // Before the memref lowering computes byte sizes and calls malloc.
  pm.addPass(sonnx::createCheckAllocationsPass());
  // What one call stores, for sonnx-compile's header: here every op that
  // writes says how many elements it writes; the lowering after this
  // writes each of them once.
  if (options.staticMemory)
    pm.addPass(sonnx::createCountElementStoresPass());
  // Large buffers start on a huge page (their allocation functions are
  // defined by --sonnx-huge-page-alloc at the end).
  if (options.hugePages) {
    AlignLargeBuffersPassOptions align;
    align.threshold = options.hugePageThreshold;
    pm.addPass(sonnx::createAlignLargeBuffersPass(align));
  }
}
} // namespace sonnx
} // namespace mlir

void mlir::sonnx::buildSONNXToLLVMPipeline(
    OpPassManager &pm, const SONNXToLLVMPipelineOptions &options) {
  buildSONNXToBuffersPipeline(pm, options, StringHandleKind::Integer);

  // Broadcast and expand: vector row copies, streaming stores for large
  // outputs (docs/benchmarks.md). What it leaves goes to scalar loops.
  if (options.vectorBytes != 0) {
    VectorizeBroadcastCopiesPassOptions vectorize;
    vectorize.vectorBytes = options.vectorBytes;
    vectorize.nontemporalThreshold = options.nontemporalThreshold;
    vectorize.nontemporalAllocated = options.nontemporalAllocated;
    pm.addPass(sonnx::createVectorizeBroadcastCopiesPass(vectorize));
  }
  // Contractions (a batch_matmul reading K through a fused expand): the
  // output's unit-stride dimension as vectors, the reductions inside it in
  // their order: each element summed as the scalar loops sum it.
  if (options.vectorBytes != 0 && options.vectorizeContractions) {
    VectorizeContractionsPassOptions contractions;
    contractions.vectorBytes = options.vectorBytes;
    pm.addPass(sonnx::createVectorizeContractionsPass(contractions));
  }
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(sonnx::createExpandShapeToReinterpretCastPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Upstream's patterns, visited last op first: linear in the number of
  // loops of a function, where --convert-scf-to-cf is quadratic.
  pm.addPass(sonnx::createConvertSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  // The allocation functions are then defined in the module, with huge
  // pages for large buffers.
  memrefToLLVM.useGenericFunctions = options.hugePages;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  ConvertFuncToLLVMPassOptions funcToLLVM;
  // Static shapes: a pointer to the data says everything, and is what a C
  // caller passes.
  funcToLLVM.useBarePtrCallConv = options.staticMemory;
  pm.addPass(createConvertFuncToLLVMPass(funcToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  // math.exp of a decomposed softmax: LLVM's intrinsics (libm calls).
  pm.addPass(createConvertMathToLLVMPass());
  // The poison padding of the vectorized contractions' reads.
  pm.addPass(createUBToLLVMConversionPass());
  // Before convert-cf-to-llvm, which would lower cf.assert without flushing.
  // And after the other conversions: each check splits its block in two, and
  // a function of N checks then has 2N blocks, which makes every pass that
  // runs on it (and the verifier after it) slower per op.
  ConvertAssertToLLVMPassOptions assertToLLVM;
  assertToLLVM.statusReturn = options.staticMemory;
  assertToLLVM.statusHandler = options.statusHandler;
  pm.addPass(sonnx::createConvertAssertToLLVMPass(assertToLLVM));
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Shape ops move bits: element values as integers of their width, which
  // no backend converts (bfloat16 splats through float, streaming f16
  // stores made ordinary, x87 loads quieting signaling NaNs).
  pm.addPass(sonnx::createIntegerElementMovesPass());
  if (options.hugePages) {
    HugePageAllocPassOptions alloc;
    alloc.threshold = options.hugePageThreshold;
    pm.addPass(sonnx::createHugePageAllocPass(alloc));
  }
}

void mlir::sonnx::buildSONNXToEmitCPipeline(OpPassManager &pm) {
  SONNXToLLVMPipelineOptions options;
  options.staticMemory = true;
  // Scalar loops: C has no vector type.
  options.vectorBytes = 0;
  // Strings as handles of their own type, which become the C interface's
  // const char * (their constants C string literals).
  buildSONNXToBuffersPipeline(pm, options, StringHandleKind::Pointer);
  pm.addPass(createConvertLinalgToLoopsPass());
  // What LLVM 22's EmitC conversions lack: copies, views, rank 0, sizes 0,
  // index delinearization.
  pm.addPass(sonnx::createMemRefToIndexingPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // An element that a loop stores again and again is loaded once: without
  // `restrict`, a C compiler must otherwise reload it after each store.
  pm.addPass(sonnx::createHoistInvariantLoadsPass());
  // Structured: a failing check yields its status code from an scf.if.
  pm.addPass(sonnx::createConvertAssertToStatusPass());
  // One conversion with one type converter: memref, func, scf and arith
  // together (convert-memref-to-emitc must see the memref signatures before
  // convert-func-to-emitc would change them), with the complex and string
  // elements of the C interface.
  pm.addPass(sonnx::createSONNXConvertToEmitCPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(emitc::createFormExpressionsPass());
  // Integer constants written where they are used, for the C printer.
  pm.addPass(sonnx::createSONNXEmitCLiteralConstantsPass());
}

void mlir::sonnx::registerSONNXToLLVMPipeline() {
  PassPipelineRegistration<SONNXToLLVMPipelineOptions>(
      "sonnx-to-llvm",
      "Lower a module of func, arith, tensor and sonnx ops to the LLVM "
      "dialect, with run-time checks citing the constraint IDs",
      buildSONNXToLLVMPipeline);
  PassPipelineRegistration<>(
      "sonnx-to-emitc",
      "Lower a module of func, arith, tensor and sonnx ops of static shapes "
      "to the EmitC dialect (C99 source through sonnx-compile --emit=c), with "
      "static storage and run-time checks that return status codes",
      buildSONNXToEmitCPipeline);
}

void mlir::sonnx::registerSONNXToLLVMDependencies(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
                  memref::MemRefDialect, scf::SCFDialect, tensor::TensorDialect,
                  vector::VectorDialect>();
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferViewFlowOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  // --sonnx-vectorize-contractions tiles through it.
  linalg::registerTilingInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  memref::registerBufferViewFlowOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  // --sonnx-to-emitc.
  registry.insert<emitc::EmitCDialect, ptr::PtrDialect>();
  registerConvertArithToEmitCInterface(registry);
  registerConvertFuncToEmitCInterface(registry);
  registerConvertMemRefToEmitCInterface(registry);
  registerConvertSCFToEmitCInterface(registry);
}
