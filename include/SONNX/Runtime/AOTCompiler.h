//===- AOTCompiler.h - compile a sonnx function to an object file -*- C++
//-*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Ahead-of-time compilation for deployment without a JIT (sonnx-compile,
// docs/deployment.md): one function of a module of func/arith/tensor/sonnx
// ops with static shapes becomes a native object file, through the same
// `--sonnx-to-llvm` pipeline as the JIT with its `static-memory` option, and
// a plain C header that declares its entry point:
//
//   int32_t PREFIX_run(const T *input..., T *output...);
//
// The object allocates nothing (intermediate buffers are static globals),
// calls nothing but memcpy/memmove/memset, and returns a status code instead
// of aborting. Independent of ONNX: the caller passes the names.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_AOTCOMPILER_H
#define SONNX_RUNTIME_AOTCOMPILER_H

#include "SONNX/Analysis/IndexMaps.h"
#include "SONNX/Target/C/CEmitter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
namespace sonnx {

/// Registers everything a context needs to compile with compileAOT: the
/// dialects of the modules it takes (sonnx, arith, func: also those of an
/// imported ONNX model), those of the `--sonnx-to-llvm` pipeline and the
/// translations to LLVM IR (what registerJITRunnerDialects registers).
void registerAOTCompilerDialects(DialectRegistry &registry);

/// What compileAOT produces besides the header.
enum class AOTOutput {
  /// A native object file (LLVM).
  Object,
  /// A standalone C99 source file (MLIR's EmitC dialect).
  C,
};

/// Options of ahead-of-time compilation.
struct AOTCompileOptions {
  /// An object file or C source.
  AOTOutput output = AOTOutput::Object;
  /// With C source: the header file name it includes (default PREFIX.h).
  std::string headerName;
  /// With C source: the pointers of the internal function are `restrict`
  /// (MISRA C:2012 rule 8.14 forbids restrict; GCC at -O2 vectorizes row
  /// copies only with it).
  bool restrictParameters = false;
  /// The prefix of every C name the header declares (a C identifier).
  std::string prefix = "model";
  /// The function to compile; empty: the module's only public function
  /// with a body.
  std::string functionName;
  /// LLVM target triple, CPU and features ("+neon,-sve"); an empty triple
  /// is the host's, an empty CPU "generic", and CPU "native" is the host's
  /// CPU with its features.
  std::string targetTriple;
  std::string cpu;
  std::string features;
  /// LLVM optimisation level (0-3).
  unsigned optLevel = 3;
  /// With an object: check on the final LLVM dialect that every loaded
  /// value only reaches stores (--sonnx-check-data-oblivious, the static
  /// half of the validation; Validation.h); a use that is not is an error.
  bool checkDataOblivious = false;

  /// For the C names and the header comment: the names of the inputs and
  /// outputs (ONNX names; empty or missing: input_K / output_K), the model
  /// file and its ONNX opset.
  std::vector<std::string> inputNames;
  std::vector<std::string> outputNames;
  std::string sourceName;
  std::optional<int64_t> opset;
};

/// An object file or C source, its C header and the parameters the header
/// declares.
struct AOTArtifacts {
  /// The object file (AOTOutput::Object) or C source (AOTOutput::C).
  std::string object;
  std::string header;
  std::vector<AOTParameter> parameters;
  /// Where the elements of each output come from (traceOutputSources of
  /// the sonnx ops before lowering): what validateAOT checks the object
  /// against.
  std::vector<OutputSource> sources;
};

/// Compiles the function of `module` (which it modifies) to an object file
/// for the target of `options`, or to C99 source, and writes its header.
/// Errors: a signature or element type the C interface cannot express, an
/// unknown size, a shape/axes operand that is not a constant, a failing pass,
/// an unknown target; the message names the value, op or rule.
llvm::Expected<AOTArtifacts> compileAOT(ModuleOp module,
                                        const AOTCompileOptions &options);

/// The C source of a program whose `main` calls `PREFIX_run` through the
/// header `options.headerName` (default PREFIX.h) with arrays of the sizes
/// that `params` declare, inputs of any value (each byte, or each bool,
/// read from a volatile object, which a static analyser takes as any
/// value; a parameter without elements is NULL), then `PREFIX_status_rule`
/// with the status and with any code: the entry point of an analysis of
/// the whole interface by Frama-C's EVA (sonnx-compile --harness,
/// docs/deployment.md). It is also a plain C99 program that returns 0.
std::string writeAnalysisHarness(const AOTCompileOptions &options,
                                 llvm::ArrayRef<AOTParameter> params);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_AOTCOMPILER_H
