//===- Lowering.h - the --sonnx-to-llvm run of JIT and AOT -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The JIT (JITCompiler.cpp) and ahead-of-time compilation (AOTCompiler.cpp)
// lower a module with the same pipeline; this runs it and turns its
// diagnostics into an error, and registers what both need in a context.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_RUNTIME_LOWERING_H
#define SONNX_LIB_RUNTIME_LOWERING_H

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Target;
class Triple;
} // namespace llvm

namespace mlir {
class DialectRegistry;
namespace sonnx {

/// The registry of registerJITRunnerDialects and registerAOTCompilerDialects:
/// the dialects of the modules the compilers take (an imported ONNX model
/// uses sonnx, arith and func), those of the pipeline, and the translations
/// to LLVM IR.
void registerLoweringDialects(DialectRegistry &registry);

/// Lowers `module` to the LLVM dialect with `--sonnx-to-llvm`; the
/// pipeline's error diagnostics become the error.
llvm::Error lowerToLLVMDialect(ModuleOp module,
                               const SONNXToLLVMPipelineOptions &options);

/// Makes `functionName` of `module` the entry function `entryName` (one
/// destination argument per result, an i32 status) and erases the
/// functions it does not reach, with `--sonnx-make-entry-function`; its
/// diagnostics become the error.
llvm::Error makeEntryFunction(ModuleOp module, llvm::StringRef functionName,
                              llvm::StringRef entryName);

/// Defines `functionName` (PREFIX_status_rule) in the LLVM dialect of
/// `module` from its sonnx.status_rules, with
/// `--sonnx-add-status-rule-to-llvm`, or in the EmitC dialect (`emitC`)
/// with `--sonnx-add-status-rule-to-emitc`; its diagnostics become the
/// error.
llvm::Error addStatusRule(ModuleOp module, llvm::StringRef functionName,
                          bool emitC);

/// Gives the EmitC globals of `module` the C output's `prefix`, with
/// `--sonnx-prefix-c-globals`; its diagnostics become the error.
llvm::Error prefixCGlobals(ModuleOp module, llvm::StringRef prefix);

/// Makes the EmitC entry function `PREFIX_run` of `module`, which carries
/// the header's parameters (sonnx.c_parameters, getCParametersAttr), the
/// internal PREFIX_compute of the C output, with
/// `--sonnx-prepare-c-entry`; its diagnostics become the error.
llvm::Error prepareCEntry(ModuleOp module, llvm::StringRef prefix,
                          bool restrict);

/// Lowers `module` to the EmitC dialect with `--sonnx-to-emitc`; the
/// pipeline's error diagnostics become the error.
llvm::Error lowerToEmitC(ModuleOp module);

/// Runs --sonnx-check-data-oblivious on the LLVM dialect of `module`: the
/// static half of the validation (Validation.h). Each use of a loaded
/// value that is not a move or a store is an error naming the op and its
/// ONNX node.
llvm::Error checkDataOblivious(ModuleOp module);

/// Checks `cpu` (empty or "generic": none) and the comma-separated
/// `features` ("+name" or "-name") against `target` for `triple`, before
/// LLVM would warn about an unknown one and go on, or stop the process.
llvm::Error checkSubtarget(const llvm::Target &target,
                           const llvm::Triple &triple, llvm::StringRef cpu,
                           llvm::StringRef features);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_RUNTIME_LOWERING_H
