//===- JITRunner.h - compile and run a sonnx function -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Compiles one function of a module of func/arith/tensor/sonnx ops through
// the `--sonnx-to-llvm` pipeline and MLIR's ExecutionEngine, and calls it on
// host tensors (dense elements attributes), in a child process so that a
// failing run-time check, a fault or an endless loop in the generated code
// is reported as an error instead of taking the caller down (Sandbox.h).
// Used by sonnx-run (docs/sonnx-run.md) and reusable by benchmarks; it does
// not depend on ONNX. lib/Runtime: JITCompiler.cpp compiles and calls
// (library SONNXJIT); Marshalling.cpp implements the calling convention
// below and RunErrors.cpp the errors of RunErrors.h, which the
// ahead-of-time runner shares (SONNXRuntimeCommon).
//
// A failing run-time check does not abort: the pipeline runs with
// `status-handler` (docs/pipeline.md), and the check calls a function of
// the runner with the status code of its rule (getRuleStatus, the codes of
// sonnx-compile's objects) and its message; in the child, that function
// passes both to the caller, which maps the code to the rule
// (getRuleOfStatus) for JITRunError::getRule.
//
// Calling convention. The function gets `llvm.emit_c_interface`; its
// `_mlir_ciface_` wrapper is called through the ExecutionEngine's packed
// interface with one memref descriptor per argument (identity layout, as
// the pipeline bufferizes function boundaries with identity layouts) and a
// pointer to the struct of the result descriptors. Element storage in those
// memrefs: i1 and i4 take one byte each, complex<fN> two fN, and
// `!sonnx.string` elements are i64 handles (the lowering moves handles,
// never characters): the runner passes each input string as a string record
// (docs/pipeline.md: a 64-bit byte count, the bytes, a NUL; the handle is
// the address of the first byte) and maps the handles of the results back
// to the input strings or to the string constants the module publishes.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_JITRUNNER_H
#define SONNX_RUNTIME_JITRUNNER_H

#include "SONNX/Runtime/RunErrors.h"
#include "SONNX/Runtime/Validation.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class ExecutionEngine;
class MLIRContext;
namespace sonnx {

/// Registers everything a context needs to compile with JITRunner: the
/// dialects of the modules it takes (sonnx, arith, func: also those of an
/// imported ONNX model), those of the `--sonnx-to-llvm` pipeline and the
/// translations to LLVM IR.
void registerJITRunnerDialects(DialectRegistry &registry);

/// Initializes the native LLVM target once per process (needed before the
/// first JITFunction::compile).
void initializeJITRunnerTarget();

/// Options of compilation.
struct JITCompileOptions {
  /// Optimization level of the JIT's LLVM passes and code generation (0 to
  /// 3). The lowered code only moves data, so 0 compiles fastest.
  unsigned optLevel = 2;
  /// Fuse elementwise linalg ops (an option of `--sonnx-to-llvm`).
  bool fuseElementwise = true;
  /// Check on the lowered LLVM dialect that every loaded value only reaches
  /// stores (--sonnx-check-data-oblivious, the static half of the
  /// validation, Validation.h); a use that is not is a compile error.
  bool checkDataOblivious = false;
  /// The CPU the code is compiled for, with that CPU's features only (an
  /// LLVM CPU name of the host's target, e.g. "x86-64" for the baseline
  /// instruction set); empty: the host's CPU and features. Lets a test
  /// compile on any machine the code that a machine without some feature
  /// gets (native bfloat16, say).
  std::string cpu;
};

/// A function compiled to native code, ready to be called.
class JITFunction {
public:
  ~JITFunction();
  JITFunction(const JITFunction &) = delete;
  JITFunction &operator=(const JITFunction &) = delete;

  /// Compiles function `name` of `module`, which is consumed (the pipeline
  /// rewrites it). The function must take and return tensors of element
  /// types of the profile, ranked arguments, ranked or unranked results.
  /// Errors (an unsupported signature, a failed pass with its diagnostics,
  /// a JIT failure) are returned with their messages.
  static llvm::Expected<std::unique_ptr<JITFunction>>
  compile(OwningOpRef<ModuleOp> module, llvm::StringRef name,
          const JITCompileOptions &options = {});

  /// The argument and result types of the function before lowering.
  llvm::ArrayRef<RankedTensorType> getArgumentTypes() const {
    return argumentTypes;
  }
  llvm::ArrayRef<TensorType> getResultTypes() const { return resultTypes; }

  /// Checks that `arguments` match the argument types: number, element
  /// type, rank and every static size. Fails with a message naming the
  /// argument (by `names[i]` when given).
  llvm::Error checkArguments(llvm::ArrayRef<DenseElementsAttr> arguments,
                             llvm::ArrayRef<std::string> names = {}) const;

  /// Calls the function on `arguments` (checked with checkArguments) in a
  /// child process and returns its results as dense attributes of static
  /// types. Fails with a JITRunError.
  llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
  call(llvm::ArrayRef<DenseElementsAttr> arguments,
       const JITRunOptions &options = {},
       llvm::ArrayRef<std::string> names = {}) const;

  /// Where each result's elements come from (traceOutputSources of the
  /// function before lowering).
  llvm::ArrayRef<OutputSource> getSources() const { return sources; }

  /// Validates the compiled code against the index map of its sources
  /// (validateFunction, the dynamic half): every argument and result must
  /// have a static shape. The JIT allocates its results, so nothing is
  /// pre-filled. `names` name the arguments then the results in messages
  /// (input_K and output_K otherwise).
  llvm::Expected<ValidationReport>
  validate(const JITRunOptions &options = {},
           llvm::ArrayRef<std::string> names = {}) const;

private:
  JITFunction() = default;

  std::unique_ptr<ExecutionEngine> engine;
  void (*packedFunction)(void **) = nullptr;
  llvm::SmallVector<RankedTensorType> argumentTypes;
  llvm::SmallVector<TensorType> resultTypes;
  std::vector<OutputSource> sources;
  /// Handles of the string constants compiled into the module, sorted.
  std::vector<int64_t> constantStringHandles;
};

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_JITRUNNER_H
