//===- AOTRunner.h - run a sonnx function compiled ahead of time -*- C++
//-*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// AOTExecutable runs a function the way a deployed program does, without
// the JIT: compileAOT (AOTCompiler.h, the code of sonnx-compile) makes the
// object file and its C header, the system C compiler builds them with a
// small C program (the harness) that includes the header and calls
// `PREFIX_run` through it, and each call runs that program in a sandboxed
// child process (Sandbox.h), the inputs on its standard input, the status
// code and the outputs on its standard output. sonnx-run's `aot` mode runs
// ONNX backend tests this way (docs/sonnx-run.md, docs/conformance.md).
//
// The harness reads and writes the element storage of the C interface
// (docs/deployment.md): one byte per bool and int4 element, the bits of
// float16 and bfloat16, the rest as the C type; the caller's side of it is
// Marshalling.h's, shared with the JIT.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_AOTRUNNER_H
#define SONNX_RUNTIME_AOTRUNNER_H

#include "SONNX/Runtime/AOTCompiler.h"
#include "SONNX/Runtime/RunErrors.h"
#include "SONNX/Runtime/Validation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir {
namespace sonnx {

/// Options of building an AOTExecutable.
struct AOTBuildOptions {
  /// How the function is compiled (compileAOT); the target must be the
  /// host's, since the program runs here.
  AOTCompileOptions compile;
  /// The C compiler that builds the harness and links the object: a path,
  /// or a name looked up in PATH.
  std::string cCompiler = "cc";
  /// More arguments of the C compiler (e.g. -static for a program that an
  /// emulator runs).
  std::vector<std::string> linkFlags;
  /// Non-empty: the program runs under this emulator (a path, or a name
  /// looked up in PATH), e.g. qemu-aarch64 for an aarch64 object.
  std::string emulator;
  /// Seconds the C compiler may take (0: no limit).
  unsigned compilerTimeoutSeconds = 300;
  /// Non-empty: the header, the object or C source and the harness of a
  /// static analysis (writeAnalysisHarness, as PREFIX_analysis.c) are also
  /// written into this directory (created if missing), to inspect or
  /// analyse what ran (sonnx-run --save-aot, utils/analyze_c.py).
  std::string saveDirectory;
};

/// A function compiled ahead of time and linked into a harness program.
class AOTExecutable {
public:
  ~AOTExecutable();
  AOTExecutable(const AOTExecutable &) = delete;
  AOTExecutable &operator=(const AOTExecutable &) = delete;

  /// Compiles the function of `module` (which it modifies) with compileAOT
  /// and builds the harness in a new temporary directory, removed with the
  /// executable. Errors: those of compileAOT, a C compiler that cannot be
  /// found or fails (its messages are quoted).
  static llvm::Expected<std::unique_ptr<AOTExecutable>>
  build(ModuleOp module, const AOTBuildOptions &options);

  /// Builds the harness around `artifacts` (compileAOT's, or any object or
  /// C source with their header: sonnx-validate); `options.compile` says
  /// whether `artifacts.object` is C source and names the header. The
  /// harness checks the header's element counts against the parameters.
  static llvm::Expected<std::unique_ptr<AOTExecutable>>
  link(AOTArtifacts artifacts, const AOTBuildOptions &options);

  /// The interface the header declares.
  llvm::ArrayRef<AOTParameter> getParameters() const { return parameters; }
  /// Where each output's elements come from (AOTArtifacts::sources).
  llvm::ArrayRef<OutputSource> getSources() const { return sources; }

  /// Calls the function on `arguments` (of the input types, in order) by
  /// running the harness within the limits of `options`. A nonzero status
  /// code fails the call with JITRunFailure::RuntimeCheck, citing the
  /// constraint ID that `PREFIX_status_rule` returns; a fault, a timeout or
  /// a harness that ends otherwise fail it with the other kinds of
  /// JITRunError.
  llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
  call(llvm::ArrayRef<DenseElementsAttr> arguments,
       const JITRunOptions &options = {},
       llvm::ArrayRef<std::string> names = {}) const;

  /// Runs the harness once with `stdinBytes` on its standard input: the
  /// inputs in the storage of the C interface (a string as its 64-bit
  /// length and its bytes), then, with `prefill`, the outputs' initial
  /// contents in the same form. Returns what it wrote: the outputs in that
  /// form. Fails as `call` does.
  llvm::Expected<std::string> run(llvm::StringRef stdinBytes, bool prefill,
                                  const JITRunOptions &options = {}) const;

  /// Validates the object or C source of the program against the index map
  /// of its sources (validateFunction): each run pre-fills the outputs.
  llvm::Expected<ValidationReport>
  validate(const JITRunOptions &options = {}) const;

private:
  AOTExecutable() = default;

  std::string directory;
  std::string program;
  std::string emulator;
  std::vector<AOTParameter> parameters;
  std::vector<OutputSource> sources;
};

/// Builds the program around `artifacts` (an object or C source as
/// `compile` says, with its header) on `host` and validates it.
llvm::Expected<ValidationReport>
validateArtifacts(AOTArtifacts artifacts, const AOTCompileOptions &compile,
                  const ValidationHost &host,
                  const JITRunOptions &options = {});

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_AOTRUNNER_H
