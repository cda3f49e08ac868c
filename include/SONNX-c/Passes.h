/*===- Passes.h - C API of the sonnx passes and pipeline ----------*- C -*-===*\
|*                                                                            *|
|* Part of the sonnx project.                                                 *|
|*                                                                            *|
|* Registers the sonnx passes and adds the --sonnx-to-llvm pipeline to a pass *|
|* manager, for compilers that drive MLIR through its C API.                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SONNX_C_PASSES_H
#define SONNX_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers every sonnx pass and the `sonnx-to-llvm` pipeline with MLIR's
/// global pass registry, so that mlirParsePassPipeline and
/// mlirOpPassManagerAddPipeline know them. Calling it again does nothing.
MLIR_CAPI_EXPORTED void sonnxRegisterPasses(void);

/// Adds to `registry` the sonnx dialect, the dialects a module of sonnx ops
/// uses (func, arith, tensor, scf) and the dialects and interface models
/// that the passes of `--sonnx-to-llvm` need (bufferization, LLVM, ...).
/// A context that runs the pipeline must have them.
MLIR_CAPI_EXPORTED void sonnxRegisterDialects(MlirDialectRegistry registry);

/// Adds the passes of `--sonnx-to-llvm` to `passManager`, which must run on
/// `builtin.module` (or on any op). `options` are the pipeline's options as
/// on the command line without the braces, e.g. "static-memory=true
/// vector-bytes=0"; an empty string keeps the defaults. On an unknown or
/// malformed option or a pass manager on another op, returns failure, leaves
/// the pass manager unchanged and gives the message to `errorCallback`
/// (which may be NULL); nothing is printed.
MLIR_CAPI_EXPORTED MlirLogicalResult sonnxAddSONNXToLLVMPipeline(
    MlirOpPassManager passManager, MlirStringRef options,
    MlirStringCallback errorCallback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // SONNX_C_PASSES_H
