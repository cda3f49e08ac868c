//===- JITCompiler.cpp - compile a sonnx function to native code ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// JITFunction::compile: the function's signature is checked, the module
// goes through `--sonnx-to-llvm`, is translated to LLVM IR and compiled by
// MLIR's ExecutionEngine (ORC), and the function's packed C interface and
// the module's string constant table are looked up. JITFunction::call: the
// arguments are checked and packed (Marshalling.h), the compiled code runs
// in a sandboxed child process (Sandbox.h) that writes the results to a
// file, and the way the child ended becomes either the results or a
// JITRunError (RunErrors.cpp). A failing run-time check calls
// reportCheckFailure (the pipeline's status-handler), which hands the
// check's status code and message to the caller through the data file.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/JITRunner.h"

#include "ErrorCollector.h"
#include "Lowering.h"
#include "Marshalling.h"

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Runtime/Sandbox.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>

#include <unistd.h>

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void mlir::sonnx::registerJITRunnerDialects(DialectRegistry &registry) {
  registerLoweringDialects(registry);
}

void mlir::sonnx::initializeJITRunnerTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

//===----------------------------------------------------------------------===//
// Failed run-time checks
//===----------------------------------------------------------------------===//

/// The function that the compiled code calls on a failing run-time check
/// (the pipeline's status-handler), defined by reportCheckFailure.
static constexpr llvm::StringLiteral kCheckFailureHandler =
    "__sonnx_check_failed";

/// The data file of the call running in this process: set in the child
/// before the compiled code runs (the child of a fork has one thread).
static int checkFailureFd = -1;

/// Writes `size` bytes of `data` to `fd`; false on an error.
static bool writeAll(int fd, const void *data, size_t size) {
  const char *bytes = static_cast<const char *>(data);
  while (size != 0) {
    ssize_t n = ::write(fd, bytes, size);
    if (n <= 0)
      return false;
    bytes += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

/// Called by the compiled code, in the child, when a run-time check fails:
/// writes the check's status code (getRuleStatus of its rule) and its
/// message (a NUL-terminated constant of the module) to the data file and
/// ends the child with ChildCheckFailed. Never returns: the code after the
/// call is unreachable.
static void reportCheckFailure(int32_t status, const char *message) {
  std::fflush(nullptr);
  int fd = checkFailureFd;
  bool written = fd >= 0 && writeAll(fd, &status, sizeof status) &&
                 writeAll(fd, message, std::strlen(message));
  ::_exit(written ? ChildCheckFailed : ChildWriteFailed);
}

/// The error of a child that ended with ChildCheckFailed: the rule of the
/// status code it wrote, with the check's message.
static llvm::Error describeCheckFailure(const SandboxOutcome &outcome) {
  int32_t status = 0;
  if (!outcome.data || outcome.data->size() < sizeof status)
    return runError(JITRunFailure::Internal,
                    "a run-time check failed, but its status code cannot "
                    "be read");
  std::memcpy(&status, outcome.data->data(), sizeof status);
  llvm::StringRef message =
      llvm::StringRef(*outcome.data).drop_front(sizeof status);
  std::optional<RuleID> rule = getRuleOfStatus(status);
  if (!rule)
    return runError(JITRunFailure::Internal,
                    llvm::formatv("a run-time check failed with status code "
                                  "{0}, which is no rule's: {1}",
                                  status, message));
  return runError(JITRunFailure::RuntimeCheck,
                  "run-time check failed: " + message, rule);
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

JITFunction::~JITFunction() = default;

/// Checks that `func` takes ranked tensors and returns tensors of element
/// types the runner can exchange, and collects their types.
static llvm::Error
checkSignature(func::FuncOp func,
               llvm::SmallVectorImpl<RankedTensorType> &argumentTypes,
               llvm::SmallVectorImpl<TensorType> &resultTypes) {
  llvm::StringRef name = func.getSymName();
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !getElementStorage(ranked.getElementType()))
      return makeError(llvm::formatv("argument {0} of '{1}' has type {2}; "
                                     "the runner passes ranked tensors of "
                                     "the profile's element types only",
                                     i, name, typeToString(type)));
    argumentTypes.push_back(ranked);
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor || !getElementStorage(tensor.getElementType()))
      return makeError(llvm::formatv("result {0} of '{1}' has type {2}; "
                                     "the runner returns tensors of the "
                                     "profile's element types only",
                                     i, name, typeToString(type)));
    resultTypes.push_back(tensor);
  }
  return llvm::Error::success();
}

/// Translates the lowered `module` to LLVM IR and compiles it for the host.
static llvm::Expected<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp module, const JITCompileOptions &options) {
  initializeJITRunnerTarget();
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return makeError("cannot find the host target: " +
                     llvm::toString(machineBuilder.takeError()));
  if (!options.cpu.empty()) {
    const llvm::Triple &triple = machineBuilder->getTargetTriple();
    std::string message;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, message);
    if (!target)
      return makeError("cannot find the host target: " + message);
    if (llvm::Error error = checkSubtarget(*target, triple, options.cpu, ""))
      return std::move(error);
    machineBuilder->setCPU(options.cpu);
    machineBuilder->setFeatures("");
  }
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return makeError("cannot create the host target machine: " +
                     llvm::toString(machine.takeError()));
  unsigned optLevel = std::min(options.optLevel, 3u);
  // ExecutionEngineOptions::transformer is a function_ref: the function it
  // refers to must outlive ExecutionEngine::create.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, machine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(optLevel);
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  ErrorCollector errors(module.getContext());
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*machine));
  if (!engine) {
    std::string message = llvm::toString(engine.takeError());
    std::string diagnostics = errors.str();
    return makeError("JIT compilation failed: " + message +
                     (diagnostics.empty() ? "" : "; " + diagnostics));
  }
  // Before initialize(), which resolves the module's symbols.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner(kCheckFailureHandler)] = {
        llvm::orc::ExecutorAddr::fromPtr(&reportCheckFailure),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  (*engine)->initialize();
  return std::move(*engine);
}

/// The handles of the string constants that `engine`'s module publishes
/// (docs/pipeline.md), sorted; none when the module has no table.
static llvm::Expected<std::vector<int64_t>>
lookUpStringConstants(ExecutionEngine &engine) {
  std::vector<int64_t> handles;
  auto count = engine.lookup("__sonnx_string_constant_count");
  auto table = engine.lookup("__sonnx_string_constants");
  if (count && table) {
    int64_t n = *static_cast<const int64_t *>(*count);
    const int64_t *entries = static_cast<const int64_t *>(*table);
    if (n < 0 || n > (int64_t(1) << 32))
      return makeError("the module's string constant table has the "
                       "invalid size " +
                       llvm::Twine(n));
    handles.assign(entries, entries + n);
    llvm::sort(handles);
  }
  if (!count)
    llvm::consumeError(count.takeError());
  if (!table)
    llvm::consumeError(table.takeError());
  return handles;
}

llvm::Expected<std::unique_ptr<JITFunction>>
JITFunction::compile(OwningOpRef<ModuleOp> module, llvm::StringRef name,
                     const JITCompileOptions &options) {
  if (!module)
    return makeError("no module to compile");
  auto func = module->lookupSymbol<func::FuncOp>(name);
  if (!func || func.isExternal())
    return makeError("the module has no function '" + name + "' to run");

  std::unique_ptr<JITFunction> result(new JITFunction());
  if (llvm::Error error =
          checkSignature(func, result->argumentTypes, result->resultTypes))
    return std::move(error);

  // Where each result's elements come from, by the sonnx ops before any
  // lowering (the validation's expected index map).
  result->sources = traceOutputSources(func);

  // The C interface passes every memref by a pointer to its descriptor and
  // the results through a pointer to their struct: one calling convention
  // for every rank.
  func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                UnitAttr::get(module->getContext()));
  SONNXToLLVMPipelineOptions pipelineOptions;
  pipelineOptions.fuseElementwise = options.fuseElementwise;
  // A failing check reports its rule's status code (reportCheckFailure).
  pipelineOptions.statusHandler = kCheckFailureHandler.str();
  if (llvm::Error error = lowerToLLVMDialect(*module, pipelineOptions))
    return std::move(error);
  if (options.checkDataOblivious)
    if (llvm::Error error = checkDataOblivious(*module))
      return std::move(error);

  auto engine = createEngine(*module, options);
  if (!engine)
    return engine.takeError();
  result->engine = std::move(*engine);
  auto packed = result->engine->lookupPacked("_mlir_ciface_" + name.str());
  if (!packed)
    return makeError("JIT compilation failed: " +
                     llvm::toString(packed.takeError()));
  result->packedFunction = *packed;

  auto handles = lookUpStringConstants(*result->engine);
  if (!handles)
    return handles.takeError();
  result->constantStringHandles = std::move(*handles);
  return result;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

llvm::Error
JITFunction::checkArguments(llvm::ArrayRef<DenseElementsAttr> arguments,
                            llvm::ArrayRef<std::string> names) const {
  return checkCallArguments(arguments, argumentTypes, names);
}

llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
JITFunction::call(llvm::ArrayRef<DenseElementsAttr> arguments,
                  const JITRunOptions &options,
                  llvm::ArrayRef<std::string> names) const {
  if (llvm::Error error = checkArguments(arguments, names))
    return std::move(error);

  CallFrame frame(arguments, argumentTypes, resultTypes);
  SandboxLimits limits;
  limits.timeoutSeconds = options.timeoutSeconds;
  limits.maxMemoryBytes = options.maxMemoryBytes;
  auto outcome = runInSandbox(
      [&](int dataFd) {
        checkFailureFd = dataFd;
        packedFunction(frame.getPackedArguments());
        std::fflush(nullptr);
        return frame.writeResults(dataFd, constantStringHandles,
                                  options.maxResultBytes);
      },
      limits);
  if (!outcome)
    return runError(JITRunFailure::Internal,
                    llvm::toString(outcome.takeError()));
  if (outcome->exitCode == ChildCheckFailed)
    return describeCheckFailure(*outcome);
  if (llvm::Error error = describeChildFailure(*outcome, options))
    return std::move(error);
  if (!outcome->data)
    return runError(JITRunFailure::Internal,
                    "cannot read the results of the child process");
  return frame.readResults(*outcome->data);
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

llvm::Expected<ValidationReport>
JITFunction::validate(const JITRunOptions &options,
                      llvm::ArrayRef<std::string> names) const {
  // The values, by their names when given.
  std::vector<ValidatedValue> inputs, outputs;
  auto add = [&](std::vector<ValidatedValue> &values, Type type,
                 llvm::StringRef kind, size_t index) -> llvm::Error {
    size_t position = kind == "input" ? index : argumentTypes.size() + index;
    std::string name = position < names.size() && !names[position].empty()
                           ? names[position]
                           : (kind + "_" + llvm::Twine(index)).str();
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape())
      return makeError(kind + " '" + name + "' has type " + typeToString(type) +
                       ": the validation needs static shapes");
    values.push_back({name, ranked, ranked.getNumElements()});
    return llvm::Error::success();
  };
  for (auto [i, type] : llvm::enumerate(argumentTypes))
    if (llvm::Error error = add(inputs, type, "input", i))
      return std::move(error);
  for (auto [i, type] : llvm::enumerate(resultTypes))
    if (llvm::Error error = add(outputs, type, "output", i))
      return std::move(error);

  // The tagged inputs come in the storage of the C interface; the results
  // go back in it.
  auto run = [&](llvm::StringRef bytes) -> llvm::Expected<std::string> {
    llvm::SmallVector<DenseElementsAttr> arguments;
    size_t pos = 0;
    for (auto [i, input] : llvm::enumerate(inputs)) {
      if (isa<sonnx::StringType>(input.type.getElementType())) {
        llvm::SmallVector<llvm::StringRef> strings;
        for (int64_t k = 0; k < input.elements; ++k) {
          uint64_t length = 0;
          if (bytes.size() - pos < sizeof(length))
            return makeError("the tagged inputs are too short");
          std::memcpy(&length, bytes.data() + pos, sizeof(length));
          pos += sizeof(length);
          if (bytes.size() - pos < length)
            return makeError("the tagged inputs are too short");
          strings.push_back(bytes.substr(pos, length));
          pos += length;
        }
        arguments.push_back(DenseStringElementsAttr::get(input.type, strings));
        continue;
      }
      size_t size = static_cast<size_t>(input.elements) *
                    getElementStorage(input.type.getElementType())->bytes;
      if (bytes.size() - pos < size)
        return makeError("the tagged inputs are too short");
      auto value = unpackNumericElements(
          input.type, llvm::ArrayRef<char>(bytes.data() + pos, size), i);
      if (!value)
        return value.takeError();
      arguments.push_back(*value);
      pos += size;
    }
    auto results = call(arguments, options);
    if (!results)
      return results.takeError();
    std::string written;
    for (DenseElementsAttr result : *results) {
      Type element = result.getElementType();
      if (isa<sonnx::StringType>(element)) {
        for (llvm::StringRef text : result.getValues<llvm::StringRef>()) {
          uint64_t length = text.size();
          written.append(reinterpret_cast<const char *>(&length),
                         sizeof(length));
          written.append(text.begin(), text.end());
        }
        continue;
      }
      std::string storage(static_cast<size_t>(result.getNumElements()) *
                              getElementStorage(element)->bytes,
                          '\0');
      packNumericElements(result, storage.data());
      toInterfaceStorage(
          element, llvm::MutableArrayRef<char>(storage.data(), storage.size()));
      written += storage;
    }
    return written;
  };
  ValidatedFunction function;
  function.inputs = inputs;
  function.outputs = outputs;
  function.sources = sources;
  function.run = run;
  return validateFunction(function);
}
