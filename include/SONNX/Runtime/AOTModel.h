//===- AOTModel.h - load a model for ahead-of-time compilation --*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What sonnx-compile and sonnx-validate both do before compileAOT: import
// an ONNX model (as sonnx-translate does, with constant inputs and fixed
// input shapes) or parse an MLIR module, refuse an input of unknown size
// with the option that fixes it, and take the names of the inputs and
// outputs, the model file and its opset into the compile options. Written
// once here, so that the model a validation checks an object against is
// the one sonnx-compile compiled.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_AOTMODEL_H
#define SONNX_RUNTIME_AOTMODEL_H

#include "SONNX/Runtime/AOTCompiler.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
namespace sonnx {

/// Which model to load, and how.
struct AOTModelOptions {
  /// MODEL.onnx, or MODULE.mlir (by its extension).
  std::string path;
  /// ONNX: NAME=FILE.pb (--constant-input) and NAME=D0xD1x...
  /// (--input-shape).
  std::vector<std::string> constantInputs;
  std::vector<std::string> inputShapes;
  /// The function to compile (empty: the only public one).
  std::string functionName;
  /// The prefix of the C names (none: the model file's stem, made a C
  /// identifier).
  std::optional<std::string> prefix;
};

/// Registers what loadAOTModel's context needs besides
/// registerAOTCompilerDialects (the ONNX importer's dialects).
void registerAOTModelDialects(DialectRegistry &registry);

/// Loads the model of `options` into `context` and sets the source name,
/// the opset, the function name, the prefix and the input and output
/// names of `compile`. Errors: one per diagnostic of the import or the parse
/// (each after its file, line and column), or one that names the option at
/// fault.
llvm::Expected<OwningOpRef<ModuleOp>>
loadAOTModel(MLIRContext *context, const AOTModelOptions &options,
             AOTCompileOptions &compile);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_AOTMODEL_H
