//===- ONNXRunner.cpp - run ONNX models and backend-test data -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/ONNXRunner.h"

#include "SONNX/Runtime/Validation.h"

#include "ErrorCollector.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <map>

using namespace mlir;
using namespace mlir::sonnx;

/// The name of the imported function.
static constexpr llvm::StringLiteral kFunctionName = "sonnx_model";

llvm::StringRef mlir::sonnx::stringifyRunMode(RunMode mode) {
  switch (mode) {
  case RunMode::Static:
    return "static";
  case RunMode::Dynamic:
    return "dynamic";
  case RunMode::ConstantInputs:
    return "constant-inputs";
  case RunMode::AheadOfTime:
    return "aot";
  case RunMode::AheadOfTimeC:
    return "aot-c";
  }
  return "static";
}

std::optional<RunMode> mlir::sonnx::parseRunMode(llvm::StringRef text) {
  if (text == "static")
    return RunMode::Static;
  if (text == "dynamic")
    return RunMode::Dynamic;
  if (text == "constant-inputs")
    return RunMode::ConstantInputs;
  if (text == "aot")
    return RunMode::AheadOfTime;
  if (text == "aot-c")
    return RunMode::AheadOfTimeC;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// ONNXModelRunner
//===----------------------------------------------------------------------===//

struct ONNXModelRunner::Implementation {
  MLIRContext *context = nullptr;
  ONNXRunOptions options;
  std::string path;
  std::unique_ptr<ONNXModel> model;
  /// Compilations by the printed types of the inputs (static mode), or the
  /// only one (dynamic mode, key "").
  std::map<std::string, std::unique_ptr<JITFunction>> compiled;
  /// The last compilation of the constant-inputs mode.
  std::unique_ptr<JITFunction> constantCompiled;
  /// The last compilation of the aot mode; the runs of the last
  /// compilation's validation (ONNXRunOptions::validate).
  std::unique_ptr<AOTExecutable> aotCompiled;
  unsigned validationRuns = 0;
  /// How many times the model was compiled (RunTimes::reused).
  unsigned compilations = 0;
  /// The graph inputs that feed shape or axes operands (from the graph's
  /// structure: ONNXModel::getShapeInputs).
  llvm::StringSet<> shapeInputs;
  /// Dynamic mode: the error of the compilation with every input size `?`,
  /// once it has failed (it does not depend on the data).
  std::optional<std::string> dynamicError;
  /// Whether `dynamicError` is a RuleViolationError.
  bool dynamicErrorBreaksRule = false;
  /// Dynamic mode: `dynamicError` once a compilation with static
  /// shape-input lengths has been used instead (getDynamicFallbackReason).
  std::string dynamicFallbackReason;
};

ONNXModelRunner::~ONNXModelRunner() = default;

llvm::Expected<std::unique_ptr<ONNXModelRunner>>
ONNXModelRunner::load(llvm::StringRef path, MLIRContext *context,
                      const ONNXRunOptions &options) {
  std::unique_ptr<ONNXModelRunner> runner(new ONNXModelRunner());
  runner->impl = std::make_unique<Implementation>();
  Implementation &impl = *runner->impl;
  impl.context = context;
  impl.options = options;
  impl.path = path.str();

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return makeError("cannot read the model '" + path +
                     "': " + buffer.getError().message());
  {
    ErrorCollector errors(context);
    impl.model = ONNXModel::parse((*buffer)->getBuffer(),
                                  FileLineColLoc::get(context, path, 0, 0));
    if (!impl.model)
      return makeError("'" + path + "': " + errors.str());
  }

  for (std::string &name : impl.model->getShapeInputs())
    impl.shapeInputs.insert(name);

  auto inputs = impl.model->getDataInputs(context);
  if (!inputs)
    return makeError("'" + path + "': " + llvm::toString(inputs.takeError()));
  for (ONNXGraphValue &input : *inputs) {
    GraphValue value;
    value.name = input.name;
    value.declaredType = input.declaredType;
    runner->inputs.push_back(std::move(value));
  }
  // The rules that fix the result type of each op (docs: CONSTRAINTS.md).
  for (ONNXGraphValue &output : impl.model->getOutputs(context)) {
    GraphValue value;
    value.name = output.name;
    value.declaredType = output.declaredType;
    value.producer = output.producer;
    if (output.producerDomain.empty() || output.producerDomain == "ai.onnx")
      value.producerOp = lookupONNXOp(output.producerOpType);
    runner->outputs.push_back(std::move(value));
  }
  return runner;
}

llvm::StringRef ONNXModelRunner::getDynamicFallbackReason() const {
  return impl->dynamicFallbackReason;
}

llvm::Error
ONNXModelRunner::checkInputs(llvm::ArrayRef<DenseElementsAttr> values) const {
  if (values.size() != inputs.size()) {
    llvm::SmallVector<std::string> names;
    for (const GraphValue &input : inputs)
      names.push_back("'" + input.name + "'");
    return makeError(llvm::formatv(
        "{0} input tensors given, the model has {1} graph inputs{2}{3}",
        values.size(), inputs.size(), inputs.empty() ? "" : ": ",
        llvm::join(names, ", ")));
  }
  for (auto [i, pair] : llvm::enumerate(llvm::zip(values, inputs))) {
    auto [value, input] = pair;
    auto valueType = cast<RankedTensorType>(value.getType());
    TensorType declared = input.declaredType;
    if (!declared)
      continue;
    if (!isCompatibleTensorType(declared, valueType))
      return makeError(llvm::formatv(
          "input {0} ('{1}') has type {2} but the model declares {3}", i,
          input.name, typeToString(valueType), typeToString(declared)));
  }
  return llvm::Error::success();
}

llvm::Error
ONNXModelRunner::checkOutputs(llvm::ArrayRef<DenseElementsAttr> results) const {
  for (auto [i, pair] : llvm::enumerate(llvm::zip(results, outputs))) {
    auto [value, output] = pair;
    TensorType declared = output.declaredType;
    if (!declared)
      continue;
    auto valueType = cast<RankedTensorType>(value.getType());
    RuleRole role;
    if (valueType.getElementType() != declared.getElementType())
      role = RuleRole::ResultElementType;
    else if (failed(verifyCompatibleShape(valueType, declared)))
      role = RuleRole::ResultShape;
    else
      continue;
    std::string message = llvm::formatv(
        "output {0} ('{1}'){2}{3} has type {4} but the model declares {5}", i,
        output.name, output.producer.empty() ? "" : " of ", output.producer,
        typeToString(valueType), typeToString(declared));
    if (output.producerOp)
      message += getRuleCitation(*getOpRule(*output.producerOp, role));
    return makeError(message);
  }
  return llvm::Error::success();
}

/// Imports the model with `options`; the diagnostics become the error.
static llvm::Expected<OwningOpRef<ModuleOp>>
importModel(const ONNXModel &model, MLIRContext *context,
            const ImportOptions &options) {
  ErrorCollector errors(context);
  OwningOpRef<ModuleOp> module = model.import(context, options);
  if (!module)
    return errors.makeError("the model cannot be imported");
  return module;
}

/// The import options shared by every mode.
static ImportOptions baseImportOptions(const std::string &path,
                                       const ONNXRunOptions &options) {
  ImportOptions importOptions;
  importOptions.functionName = kFunctionName.str();
  importOptions.sourceName = path;
  importOptions.strictProfile = options.strictProfile;
  importOptions.inputShapes = options.inputShapes;
  return importOptions;
}

/// Imports the model with `importOptions` and compiles its function,
/// counting the compilations that succeed in `compilations`.
static llvm::Expected<std::unique_ptr<JITFunction>>
importAndCompile(const ONNXModel &model, MLIRContext *context,
                 const ImportOptions &importOptions,
                 const ONNXRunOptions &options, unsigned &compilations) {
  auto module = importModel(model, context, importOptions);
  if (!module)
    return module.takeError();
  auto function =
      JITFunction::compile(std::move(*module), kFunctionName, options.compile);
  if (function)
    ++compilations;
  return function;
}

/// Gives the inputs that `select` names the static types of their values
/// in `importOptions`, and returns those types as a key of the compilation
/// cache.
static std::string
fixInputTypes(llvm::ArrayRef<DenseElementsAttr> values,
              llvm::ArrayRef<GraphValue> inputs, ImportOptions &importOptions,
              llvm::function_ref<bool(llvm::StringRef)> select) {
  std::string key;
  for (auto [value, input] : llvm::zip(values, inputs)) {
    if (!select(input.name))
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    importOptions.inputTypes[input.name] = type;
    key += typeToString(type) + ";";
  }
  return key;
}

/// Whether the inputs that feed shape and axes operands become constants
/// of the data in `mode` (and are no arguments of the compiled function).
static bool hasConstantShapeInputs(RunMode mode) {
  return mode == RunMode::ConstantInputs || mode == RunMode::AheadOfTime ||
         mode == RunMode::AheadOfTimeC;
}

ImportOptions ONNXModelRunner::getConstantInputsImportOptions(
    llvm::ArrayRef<DenseElementsAttr> values) {
  ImportOptions importOptions = baseImportOptions(impl->path, impl->options);
  for (auto [value, input] : llvm::zip(values, inputs)) {
    if (impl->shapeInputs.contains(input.name))
      importOptions.constantInputs[input.name] = value;
    else
      importOptions.inputTypes[input.name] =
          cast<RankedTensorType>(value.getType());
  }
  return importOptions;
}

llvm::Expected<const AOTExecutable *>
ONNXModelRunner::getAOTCompiled(llvm::ArrayRef<DenseElementsAttr> values) {
  ImportOptions importOptions = getConstantInputsImportOptions(values);
  auto module = importModel(*impl->model, impl->context, importOptions);
  if (!module)
    return module.takeError();
  AOTBuildOptions buildOptions;
  buildOptions.cCompiler = impl->options.cCompiler;
  buildOptions.linkFlags = impl->options.linkFlags;
  buildOptions.emulator = impl->options.emulator;
  buildOptions.compile.targetTriple = impl->options.targetTriple;
  buildOptions.saveDirectory = impl->options.saveDirectory;
  buildOptions.compilerTimeoutSeconds = impl->options.run.timeoutSeconds;
  AOTCompileOptions &compile = buildOptions.compile;
  compile.functionName = kFunctionName.str();
  if (impl->options.mode == RunMode::AheadOfTimeC)
    compile.output = AOTOutput::C;
  compile.optLevel = impl->options.compile.optLevel;
  compile.sourceName = impl->path;
  compile.opset = getImportedOpset(**module);
  for (const GraphValue &input : inputs)
    if (!impl->shapeInputs.contains(input.name))
      compile.inputNames.push_back(input.name);
  for (const GraphValue &output : outputs)
    compile.outputNames.push_back(output.name);
  compile.checkDataOblivious =
      impl->options.validate && compile.output == AOTOutput::Object;
  auto executable = AOTExecutable::build(**module, buildOptions);
  if (!executable)
    return executable.takeError();
  ++impl->compilations;
  impl->validationRuns = 0;
  if (impl->options.validate) {
    auto runs = requireValidated((*executable)->validate(impl->options.run));
    if (!runs)
      return runs.takeError();
    impl->validationRuns = *runs;
  }
  impl->aotCompiled = std::move(*executable);
  return impl->aotCompiled.get();
}

llvm::Expected<const JITFunction *>
ONNXModelRunner::getCompiled(llvm::ArrayRef<DenseElementsAttr> values) {
  if (impl->options.mode == RunMode::Dynamic)
    return getDynamicCompiled(values);
  ImportOptions importOptions = baseImportOptions(impl->path, impl->options);

  if (impl->options.mode == RunMode::ConstantInputs) {
    importOptions = getConstantInputsImportOptions(values);
    auto function = importAndCompile(*impl->model, impl->context, importOptions,
                                     impl->options, impl->compilations);
    if (!function)
      return function.takeError();
    impl->validationRuns = 0;
    if (impl->options.validate) {
      llvm::SmallVector<std::string> names;
      for (const GraphValue &input : inputs)
        if (!impl->shapeInputs.contains(input.name))
          names.push_back(input.name);
      for (const GraphValue &output : outputs)
        names.push_back(output.name);
      auto runs =
          requireValidated((*function)->validate(impl->options.run, names));
      if (!runs)
        return runs.takeError();
      impl->validationRuns = *runs;
    }
    impl->constantCompiled = std::move(*function);
    return impl->constantCompiled.get();
  }

  // Static: one compilation per list of input types.
  std::string key = fixInputTypes(values, inputs, importOptions,
                                  [](llvm::StringRef) { return true; });
  auto it = impl->compiled.find(key);
  if (it != impl->compiled.end())
    return it->second.get();
  auto function = importAndCompile(*impl->model, impl->context, importOptions,
                                   impl->options, impl->compilations);
  if (!function)
    return function.takeError();
  return (impl->compiled[key] = std::move(*function)).get();
}

llvm::Expected<const JITFunction *>
ONNXModelRunner::getDynamicCompiled(llvm::ArrayRef<DenseElementsAttr> values) {
  ImportOptions importOptions = baseImportOptions(impl->path, impl->options);
  importOptions.dynamicInputShapes = true;
  auto compile = [&]() {
    return importAndCompile(*impl->model, impl->context, importOptions,
                            impl->options, impl->compilations);
  };

  // Every size `?`: one compilation for every data set.
  if (!impl->dynamicError) {
    auto it = impl->compiled.find("");
    if (it != impl->compiled.end())
      return it->second.get();
    auto function = compile();
    if (function)
      return (impl->compiled[""] = std::move(*function)).get();
    llvm::Error error = function.takeError();
    impl->dynamicErrorBreaksRule = error.isA<RuleViolationError>();
    impl->dynamicError = llvm::toString(std::move(error));
  }
  // A broken rule is the model's fault, whatever the lengths: the error
  // stands, citing its ID. Otherwise the failure may come from a length,
  // hence a rank, that only the data fixes: the rank of the result of a
  // Reshape, Unsqueeze or Expand whose shape or axes operand has a dynamic
  // length, which the next op needs or the lowering cannot handle
  // (docs/sonnx-run.md, "Modes"). The lengths of the shape and axes inputs
  // are then taken from the data; their values and every other size stay
  // dynamic.
  const std::string &dynamicError = *impl->dynamicError;
  if (impl->shapeInputs.empty() || impl->dynamicErrorBreaksRule)
    return makeError(dynamicError);
  std::string key =
      "static shape-input lengths:" +
      fixInputTypes(values, inputs, importOptions, [&](llvm::StringRef name) {
        return impl->shapeInputs.contains(name);
      });
  auto it = impl->compiled.find(key);
  if (it != impl->compiled.end())
    return it->second.get();
  auto function = compile();
  if (!function) {
    std::string message = llvm::toString(function.takeError());
    // Static lengths made no difference (an unsupported op, a shape that
    // does not come from a graph input, ...): the first error stands.
    if (message == dynamicError)
      return makeError(dynamicError);
    impl->dynamicFallbackReason = dynamicError;
    return makeError(message);
  }
  impl->dynamicFallbackReason = dynamicError;
  return (impl->compiled[key] = std::move(*function)).get();
}

llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
ONNXModelRunner::run(llvm::ArrayRef<DenseElementsAttr> values,
                     RunTimes *times) {
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
  };
  if (llvm::Error error = checkInputs(values))
    return std::move(error);

  Clock::time_point start = Clock::now();
  unsigned compilations = impl->compilations;
  bool aot = impl->options.mode == RunMode::AheadOfTime ||
             impl->options.mode == RunMode::AheadOfTimeC;
  const JITFunction *function = nullptr;
  const AOTExecutable *executable = nullptr;
  llvm::Error error = llvm::Error::success();
  if (aot) {
    auto compiled = getAOTCompiled(values);
    if (compiled)
      executable = *compiled;
    else
      error = compiled.takeError();
  } else {
    auto compiled = getCompiled(values);
    if (compiled)
      function = *compiled;
    else
      error = compiled.takeError();
  }
  Clock::time_point compiled = Clock::now();
  if (times) {
    times->compileMs = ms(compiled - start);
    times->reused = !error && impl->compilations == compilations;
    times->validationRuns = times->reused ? 0 : impl->validationRuns;
  }
  if (error)
    return std::move(error);

  // The compiled function takes the inputs that are still arguments.
  llvm::SmallVector<DenseElementsAttr> arguments;
  llvm::SmallVector<std::string> names;
  for (auto [value, input] : llvm::zip(values, inputs)) {
    if (hasConstantShapeInputs(impl->options.mode) &&
        impl->shapeInputs.contains(input.name))
      continue;
    arguments.push_back(value);
    names.push_back(input.name);
  }
  auto results = aot ? executable->call(arguments, impl->options.run, names)
                     : function->call(arguments, impl->options.run, names);
  Clock::time_point done = Clock::now();
  if (times)
    times->runMs = ms(done - compiled);
  if (!results)
    return results.takeError();
  if (results->size() != outputs.size())
    return makeError(llvm::formatv("the compiled model returned {0} values "
                                   "for {1} graph outputs",
                                   results->size(), outputs.size()));
  if (llvm::Error error = checkOutputs(*results))
    return std::move(error);
  return results;
}

//===----------------------------------------------------------------------===//
// Test data
//===----------------------------------------------------------------------===//

/// Parses "<prefix><number><suffix>"; nullopt when `name` is not of that
/// form (leading zeros included, so that each number has one name).
static std::optional<unsigned> parseNumbered(llvm::StringRef name,
                                             llvm::StringRef prefix,
                                             llvm::StringRef suffix) {
  if (!name.consume_front(prefix) || !name.consume_back(suffix) ||
      name.empty() || (name.size() > 1 && name.front() == '0'))
    return std::nullopt;
  unsigned number;
  if (name.getAsInteger(10, number))
    return std::nullopt;
  return number;
}

/// The files `dir/<prefix>K.pb`, K = 0..n-1; fails on a gap.
static llvm::Expected<llvm::SmallVector<std::string>>
listNumberedFiles(llvm::StringRef dir, llvm::StringRef prefix) {
  std::map<unsigned, std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (auto number = parseNumbered(name, prefix, ".pb"))
      found[*number] = it->path();
  }
  if (ec)
    return makeError("cannot list '" + dir + "': " + ec.message());
  llvm::SmallVector<std::string> files;
  for (auto &[number, path] : found) {
    if (number != files.size())
      return makeError(llvm::formatv("'{0}' has {1}{2}.pb but no {1}{3}.pb",
                                     dir, prefix, number, files.size()));
    files.push_back(path);
  }
  return files;
}

llvm::Expected<llvm::SmallVector<DataSet>>
mlir::sonnx::listDataSets(llvm::StringRef dir) {
  std::map<unsigned, std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (auto number = parseNumbered(name, "test_data_set_", ""))
      if (llvm::sys::fs::is_directory(it->path()))
        found[*number] = it->path();
  }
  if (ec)
    return makeError("cannot list '" + dir + "': " + ec.message());
  if (found.empty())
    return makeError("'" + dir + "' has no test_data_set_N directory");
  llvm::SmallVector<DataSet> sets;
  for (auto &[number, path] : found) {
    DataSet set;
    set.name = llvm::sys::path::filename(path).str();
    auto inputFiles = listNumberedFiles(path, "input_");
    if (!inputFiles)
      return inputFiles.takeError();
    auto outputFiles = listNumberedFiles(path, "output_");
    if (!outputFiles)
      return outputFiles.takeError();
    set.inputFiles = std::move(*inputFiles);
    set.outputFiles = std::move(*outputFiles);
    sets.push_back(std::move(set));
  }
  return sets;
}
