//===- ONNXRunner.h - run ONNX models and backend-test data -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Imports an ONNX model, compiles it with JITFunction in one of three modes
// and runs it on TensorProto data, as sonnx-run does (docs/sonnx-run.md):
//
// - static: the graph inputs get the static types of the data;
// - dynamic: every size of every graph input is `?`, one compilation serves
//   every data set; when that compilation fails for want of a length (hence
//   a rank) that only the data fixes, the lengths of the inputs that feed
//   shape and axes operands are taken from the data, one compilation per
//   list of lengths (getDynamicFallbackReason);
// - constant-inputs: the graph inputs that feed a shape or axes operand
//   (Reshape's and Expand's `shape`, Unsqueeze's `axes`; found from the
//   graph's structure, ONNXModel::getShapeInputs) become constants holding
//   the data's values, so their rules are checked at compile time;
//   the other inputs get static types as in the static mode;
// - aot: as constant-inputs, but the model is compiled ahead of time
//   (compileAOT, the code of sonnx-compile), linked by the system C
//   compiler into a program that calls it through its C header, and run
//   as that program (AOTRunner.h): no JIT;
// - aot-c: as aot, but the model is C source (sonnx-compile --emit=c)
//   that the C compiler builds with -O2 into the program.
//
// Also lists the data of the ONNX backend-test layout (model.onnx,
// test_data_set_N/input_K.pb, output_K.pb); SONNX/Target/ONNX/
// TensorProtoConversion.h reads the files. This part of the runtime is
// built only with ONNX (SONNX_ENABLE_ONNX); JITRunner.h does not need it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_ONNXRUNNER_H
#define SONNX_RUNTIME_ONNXRUNNER_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Runtime/AOTRunner.h"
#include "SONNX/Runtime/JITRunner.h"
#include "SONNX/Target/ONNX/ONNXImport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class MLIRContext;
namespace sonnx {

/// How the model is compiled for its data (see the file comment).
enum class RunMode {
  Static,
  Dynamic,
  ConstantInputs,
  AheadOfTime,
  AheadOfTimeC
};

/// "static", "dynamic", "constant-inputs", "aot" or "aot-c".
llvm::StringRef stringifyRunMode(RunMode mode);
std::optional<RunMode> parseRunMode(llvm::StringRef text);

struct ONNXRunOptions {
  RunMode mode = RunMode::Static;
  /// Report ONNX attributes left to their defaults (`profile.GR4`).
  bool strictProfile = false;
  /// Static shapes of graph inputs (`--input-shape`,
  /// ImportOptions::inputShapes): the data must have them.
  llvm::StringMap<llvm::SmallVector<int64_t>> inputShapes;
  JITCompileOptions compile;
  JITRunOptions run;
  /// The aot and aot-c modes: the C compiler that links the program (a path, or
  /// a name looked up in PATH).
  std::string cCompiler = "cc";
  /// The aot and aot-c modes: AOTBuildOptions::saveDirectory (the last
  /// compilation's files, when data sets differ in sizes).
  std::string saveDirectory;
  /// The constant-inputs, aot and aot-c modes: validate each compilation
  /// (Validation.h): the static half on its LLVM dialect (constant-inputs
  /// with compile.checkDataOblivious, aot), the dynamic half on the code
  /// (the JIT's, the program's); a run whose compilation fails it is an
  /// error.
  bool validate = false;
  /// The aot mode: the object's target (empty: the host's). A program for
  /// another architecture is linked by `cCompiler` with `linkFlags` and run
  /// under `emulator` (getValidationHost, Validation.h).
  std::string targetTriple;
  std::vector<std::string> linkFlags;
  std::string emulator;
};

/// Wall-clock milliseconds spent in one run; negative when the run ended
/// before that step.
struct RunTimes {
  /// Import and --sonnx-to-llvm and JIT code generation, or in the aot
  /// mode compileAOT and the C compiler (about 0 when a cached compilation
  /// was reused).
  double compileMs = -1;
  /// Whether the run reused an earlier compilation (told apart without
  /// reading the time, which a loaded machine can stretch).
  bool reused = false;
  /// The call, child process included.
  double runMs = -1;
  /// With ONNXRunOptions::validate: the runs of the validation of the
  /// compilation this run made (0 when it reused one).
  unsigned validationRuns = 0;
};

/// A graph input or output of the model.
struct GraphValue {
  std::string name;
  /// The declared type (ranked or unranked); null for an output whose type
  /// the model does not declare.
  TensorType declaredType;
  /// For an output: the node that produces it ("node 'n' (Reshape)") and
  /// its profile op, whose result shape and element type rules a result of
  /// another type breaks; none for Identity, Constant, a graph input.
  std::string producer;
  std::optional<ProfileOp> producerOp;
};

class ONNXModelRunner {
public:
  ~ONNXModelRunner();

  /// Reads and parses the model file (the import happens per compilation).
  /// Fails when the file is missing, malformed or has inputs whose declared
  /// types sonnx cannot take.
  static llvm::Expected<std::unique_ptr<ONNXModelRunner>>
  load(llvm::StringRef path, MLIRContext *context,
       const ONNXRunOptions &options);

  /// The graph inputs that take data (initializers excluded), in order.
  llvm::ArrayRef<GraphValue> getInputs() const { return inputs; }
  /// The graph outputs, in order.
  llvm::ArrayRef<GraphValue> getOutputs() const { return outputs; }

  /// Checks that `values` match the declared graph inputs: number, element
  /// type, rank and every declared size.
  llvm::Error checkInputs(llvm::ArrayRef<DenseElementsAttr> values) const;

  /// Checks that `results` match the declared graph output types: element
  /// type, rank and every declared size. The dynamic mode compiles without
  /// the declared output shapes, so this is where a model that declares a
  /// wrong output shape is caught; the error cites the rule of the op that
  /// produces the output (e.g. `reshape.Y.shape`).
  llvm::Error checkOutputs(llvm::ArrayRef<DenseElementsAttr> results) const;

  /// Dynamic mode: why the model could not be compiled with every input
  /// size `?` (the importer's or the lowering's message, which cites no
  /// constraint ID), once a compilation with the lengths of its shape and
  /// axes inputs taken from the data (their values, and every other size,
  /// stay dynamic) has been used instead: it compiled, or it failed with
  /// another error. Empty otherwise.
  llvm::StringRef getDynamicFallbackReason() const;

  /// Compiles the model for `values` as the mode requires (reusing an
  /// earlier compilation when the mode allows) and runs it. Errors: invalid
  /// inputs, an import or compilation failure (citing the constraint ID of
  /// a broken rule), a JITRunError from the call.
  llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
  run(llvm::ArrayRef<DenseElementsAttr> values, RunTimes *times = nullptr);

private:
  ONNXModelRunner() = default;
  llvm::Expected<const JITFunction *>
  getCompiled(llvm::ArrayRef<DenseElementsAttr> values);
  llvm::Expected<const JITFunction *>
  getDynamicCompiled(llvm::ArrayRef<DenseElementsAttr> values);
  llvm::Expected<const AOTExecutable *>
  getAOTCompiled(llvm::ArrayRef<DenseElementsAttr> values);
  ImportOptions
  getConstantInputsImportOptions(llvm::ArrayRef<DenseElementsAttr> values);

  struct Implementation;
  std::unique_ptr<Implementation> impl;
  llvm::SmallVector<GraphValue> inputs;
  llvm::SmallVector<GraphValue> outputs;
};

/// The data of one test_data_set_N directory.
struct DataSet {
  std::string name;
  llvm::SmallVector<std::string> inputFiles;
  llvm::SmallVector<std::string> outputFiles;
};

/// Lists the test_data_set_N subdirectories of `dir` in numeric order, with
/// their input_K.pb and output_K.pb files (K = 0, 1, ... without gaps).
/// Fails when there is none, or when a file breaks the naming.
llvm::Expected<llvm::SmallVector<DataSet>> listDataSets(llvm::StringRef dir);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_ONNXRUNNER_H
