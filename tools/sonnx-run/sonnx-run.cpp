//===- sonnx-run.cpp - compile and run ONNX models through sonnx ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `sonnx-run DIR` runs an ONNX backend test (DIR/model.onnx and
// DIR/test_data_set_N/{input,output}_K.pb): it compiles the model through
// `--sonnx-to-llvm` and MLIR's ExecutionEngine (or, with --mode=aot, ahead
// of time into a program linked by the C compiler), runs every data set and
// compares every output exactly. `sonnx-run MODEL.onnx --input A.pb ...`
// runs a model once and prints (and with --output-dir writes) its outputs.
// docs/sonnx-run.md describes the options and the output: results (a line
// per data set, the summary, outputs, times) go to the standard output,
// diagnostics (every error message, notes) to the standard error.
//
// Exit codes: 0 every output matches (or, with --input, the run succeeded);
// 1 an output differs from the expected one; 2 the model or its data is
// invalid or unsupported, a run-time check failed (the message cites the
// constraint ID), or the compiled code faulted or timed out.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTRunner.h"
#include "SONNX/Runtime/JITRunner.h"
#include "SONNX/Runtime/ONNXRunner.h"
#include "SONNX/Runtime/Validation.h"
#include "SONNX/Support/TensorComparison.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
using namespace mlir::sonnx;

namespace {
enum ExitCode : int { ExitOk = 0, ExitMismatch = 1, ExitInvalid = 2 };
} // namespace

static llvm::cl::OptionCategory category("sonnx-run options");

static llvm::cl::opt<std::string>
    target(llvm::cl::Positional, llvm::cl::Required,
           llvm::cl::desc("<test directory | model.onnx | module.mlir>"),
           llvm::cl::cat(category));

static llvm::cl::opt<std::string> modeOption(
    "mode",
    llvm::cl::desc("How the model is compiled for its data: static (input "
                   "shapes of the data), dynamic (every input size '?', one "
                   "compilation for every data set), constant-inputs (the "
                   "inputs that feed shape and axes operands become "
                   "constants of the data) or aot (as constant-inputs, "
                   "compiled ahead of time as by sonnx-compile, linked by "
                   "the C compiler --cc and run through the C header, "
                   "without the JIT) or aot-c (as aot, with the C source of "
                   "sonnx-compile --emit=c built by --cc -O2 in place of "
                   "the object)"),
    llvm::cl::value_desc("static|dynamic|constant-inputs|aot|aot-c"),
    llvm::cl::init("static"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> cCompiler(
    "cc",
    llvm::cl::desc("With --mode=aot or aot-c: the C compiler that builds the "
                   "program "
                   "calling the object through its header (a path or a name "
                   "in PATH)"),
    llvm::cl::value_desc("COMPILER"), llvm::cl::init("cc"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> validateOption(
    "validate",
    llvm::cl::desc("With --mode=constant-inputs, aot or aot-c (an MLIR "
                   "module: also the JIT's default mode): validate each "
                   "compilation before its run (docs/deployment.md, "
                   "\"Validating the object\"): the lowered code only moves "
                   "loaded values into stores (but in aot-c), and the code, "
                   "run on inputs that carry their indices, computes the "
                   "specifications' index map for every output element; a "
                   "failure is an error of the data set"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> targetTriple(
    "target-triple",
    llvm::cl::desc("With --mode=aot: the object's target, e.g. "
                   "aarch64-linux-gnu (default: the host); for another "
                   "architecture the program is linked by TRIPLE-gcc -static "
                   "(or --cc) and runs under qemu-ARCH"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> saveAOT(
    "save-aot",
    llvm::cl::desc("With --mode=aot or aot-c: also write the header, the "
                   "object or C source and the harness of a static analysis "
                   "(sonnx-compile --harness) into DIR (the last "
                   "compilation's, when data sets differ in sizes)"),
    llvm::cl::value_desc("DIR"), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputShapes(
    "input-shape",
    llvm::cl::desc("Fix the shape of graph input NAME, e.g. x=1x3x224x224: "
                   "its symbolic sizes (also in --mode=dynamic); the data "
                   "must have it (repeatable)"),
    llvm::cl::value_desc("NAME=D0xD1x..."), llvm::cl::cat(category));

static llvm::cl::list<std::string>
    inputFiles("input",
               llvm::cl::desc("With a model file: a TensorProto file for the "
                              "next graph input, in order (repeatable)"),
               llvm::cl::value_desc("FILE.pb"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> outputDir(
    "output-dir",
    llvm::cl::desc("With a model file: write output K to DIR/output_K.pb "
                   "(created if missing)"),
    llvm::cl::value_desc("DIR"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> functionName(
    "function",
    llvm::cl::desc("With MODEL.mlir: the function to run (default main)"),
    llvm::cl::value_desc("NAME"), llvm::cl::init("main"),
    llvm::cl::cat(category));

static llvm::cl::opt<unsigned> timeout(
    "timeout",
    llvm::cl::desc("Kill a run of the compiled code after this many seconds "
                   "and fail (0: no limit)"),
    llvm::cl::value_desc("SECONDS"), llvm::cl::init(300),
    llvm::cl::cat(category));

static llvm::cl::opt<unsigned> optLevel(
    "O",
    llvm::cl::desc("Optimization level of the JIT (0-3; the lowered shape "
                   "ops only move data)"),
    llvm::cl::Prefix, llvm::cl::init(2), llvm::cl::cat(category));

static llvm::cl::opt<std::string> jitCPU(
    "jit-cpu",
    llvm::cl::desc("Compile the JIT's code for this CPU of the host's target, "
                   "with its features only (e.g. x86-64, the baseline "
                   "instruction set; default: the host's CPU)"),
    llvm::cl::value_desc("NAME"), llvm::cl::cat(category));

static llvm::cl::opt<uint64_t> maxOutputBytes(
    "max-output-bytes",
    llvm::cl::desc("Fail a run whose outputs take more than this many bytes"),
    llvm::cl::init(uint64_t(1) << 32), llvm::cl::cat(category));

static llvm::cl::opt<uint64_t> maxMemory(
    "max-memory",
    llvm::cl::desc("Memory, in MiB, that a run of the compiled code may "
                   "allocate (0: no limit)"),
    llvm::cl::value_desc("MIB"), llvm::cl::init(8192), llvm::cl::cat(category));

static llvm::cl::opt<bool> strictProfile(
    "strict-profile",
    llvm::cl::desc("Also reject every ONNX attribute left to its default "
                   "value [profile.GR4]"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool>
    timing("timing",
           llvm::cl::desc("Print the compile and run times of each run"),
           llvm::cl::cat(category));

static llvm::cl::opt<unsigned> printLimit(
    "print-limit",
    llvm::cl::desc("With a model file: print the values of outputs of at most "
                   "this many elements (0: all)"),
    llvm::cl::init(256), llvm::cl::cat(category));

/// Holds the buffer of a parsed .mlir file while its module lives.
static llvm::SourceMgr sourceMgr;

/// One line on the standard error, "sonnx-run: <kind>: <message>", after
/// what the standard output holds so far (for a reader of both streams).
static void diagnose(llvm::StringRef kind, const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "sonnx-run: " << kind << ": " << message << "\n";
}

/// One line: "sonnx-run: error: <message>".
static int fail(const llvm::Twine &message) {
  diagnose("error", message);
  return ExitInvalid;
}

/// " [compile 12.3 ms, run 1.4 ms]", without the steps not reached;
/// "compile 0.0 ms (reused)" when an earlier compilation served.
static std::string formatTimes(const RunTimes &times) {
  if (times.compileMs < 0)
    return "";
  std::string compile = llvm::formatv("compile {0:f1} ms{1}", times.compileMs,
                                      times.reused ? " (reused)" : "")
                            .str();
  if (times.runMs < 0)
    return " [" + compile + "]";
  return llvm::formatv(" [{0}, run {1:f1} ms]", compile, times.runMs).str();
}

/// "output 0 ('y')".
static std::string outputLabel(const ONNXModelRunner &runner, size_t i) {
  llvm::ArrayRef<GraphValue> outputs = runner.getOutputs();
  if (i < outputs.size() && !outputs[i].name.empty())
    return llvm::formatv("output {0} ('{1}')", i, outputs[i].name).str();
  return llvm::formatv("output {0}", i).str();
}

/// Notes, once, on the standard error that the dynamic mode compiled the
/// model with static shape-input lengths, and why.
static void noteFallback(const ONNXModelRunner &runner, bool &noted) {
  llvm::StringRef reason = runner.getDynamicFallbackReason();
  if (reason.empty() || noted)
    return;
  noted = true;
  diagnose("note", "the model cannot be compiled with shape and axes inputs "
                   "of dynamic length, so the dynamic mode takes their "
                   "lengths from the data (their values and every other "
                   "size stay dynamic): " +
                       reason);
}

/// Runs every data set of an ONNX backend-test directory.
static int runTestDirectory(MLIRContext &context,
                            const ONNXRunOptions &options) {
  std::string modelPath =
      (llvm::Twine(target) + llvm::sys::path::get_separator() + "model.onnx")
          .str();
  auto runner = ONNXModelRunner::load(modelPath, &context, options);
  if (!runner)
    return fail(llvm::toString(runner.takeError()));
  auto dataSets = listDataSets(target);
  if (!dataSets)
    return fail(llvm::toString(dataSets.takeError()));

  unsigned ok = 0, mismatches = 0, errors = 0;
  bool fallbackNoted = false;
  for (const DataSet &set : *dataSets) {
    // The data set's line on the standard output: its result, and for a
    // mismatch the difference (a result too).
    auto report = [&](llvm::StringRef status, const llvm::Twine &detail,
                      const RunTimes *times = nullptr) {
      llvm::outs() << set.name << ": " << status;
      std::string text = detail.str();
      if (!text.empty())
        llvm::outs() << ": " << text;
      if (times && timing)
        llvm::outs() << formatTimes(*times);
      llvm::outs() << "\n";
      llvm::outs().flush();
    };
    // An error is a diagnostic: its message goes to the standard error,
    // naming the data set, and the data set's line says "error".
    auto error = [&](const llvm::Twine &message,
                     const RunTimes *times = nullptr) {
      ++errors;
      noteFallback(**runner, fallbackNoted);
      diagnose("error", set.name + ": " + message);
      report("error", "", times);
    };

    llvm::SmallVector<DenseElementsAttr> inputs;
    bool readFailed = false;
    for (const std::string &file : set.inputFiles) {
      auto value = readTensorFile(file, &context);
      if (!value) {
        error(llvm::toString(value.takeError()));
        readFailed = true;
        break;
      }
      inputs.push_back(*value);
    }
    if (readFailed)
      continue;
    llvm::SmallVector<DenseElementsAttr> expected;
    for (const std::string &file : set.outputFiles) {
      auto value = readTensorFile(file, &context);
      if (!value) {
        error(llvm::toString(value.takeError()));
        readFailed = true;
        break;
      }
      expected.push_back(*value);
    }
    if (readFailed)
      continue;

    RunTimes times;
    auto results = (*runner)->run(inputs, &times);
    if (!results) {
      error(llvm::toString(results.takeError()), &times);
      continue;
    }
    if (expected.size() != results->size()) {
      error(llvm::formatv("the data set has {0} expected outputs (output_K.pb) "
                          "but the model has {1} graph outputs",
                          expected.size(), results->size()),
            &times);
      continue;
    }
    std::string differences;
    for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, *results))) {
      auto [want, got] = pair;
      if (std::optional<std::string> mismatch =
              describeTensorMismatch(want, got)) {
        if (!differences.empty())
          differences += "; ";
        differences += outputLabel(**runner, i) + ": " + *mismatch;
      }
    }
    noteFallback(**runner, fallbackNoted);
    if (!differences.empty()) {
      ++mismatches;
      report("mismatch", differences, &times);
      continue;
    }
    ++ok;
    report("ok",
           llvm::formatv("{0} output{1} match{2}", results->size(),
                         results->size() == 1 ? "" : "s",
                         times.validationRuns
                             ? llvm::formatv(", code validated ({0} runs)",
                                             times.validationRuns)
                                   .str()
                             : std::string()),
           &times);
  }
  llvm::outs() << llvm::formatv(
      "{0} data set{1}: {2} ok, {3} mismatch, {4} "
      "error (mode {5})\n",
      dataSets->size(), dataSets->size() == 1 ? "" : "s", ok, mismatches,
      errors, stringifyRunMode(options.mode));
  if (errors)
    return ExitInvalid;
  return mismatches ? ExitMismatch : ExitOk;
}

/// Compiles function --function of an MLIR module and calls it on
/// `inputs`; the names of the results come from their `sonnx.name`
/// attributes.
static llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
runMLIRModule(MLIRContext &context, const ONNXRunOptions &options,
              llvm::ArrayRef<DenseElementsAttr> inputs,
              llvm::SmallVectorImpl<std::string> &names, RunTimes &times) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  std::string diagnostics;
  OwningOpRef<ModuleOp> module;
  {
    llvm::raw_string_ostream os(diagnostics);
    SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
    std::string error;
    auto buffer = openInputFile(target, &error);
    if (!buffer)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
  if (!module)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot parse '" + target + "': " +
                                       llvm::StringRef(diagnostics).trim());
  if (auto func = module->lookupSymbol<func::FuncOp>(functionName))
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i) {
      auto name = func.getResultAttrOfType<StringAttr>(i, "sonnx.name");
      names.push_back(name ? name.getValue().str() : "");
    }
  auto elapsedMs = [](Clock::time_point from) {
    return std::chrono::duration<double, std::milli>(Clock::now() - from)
        .count();
  };
  if (options.mode == RunMode::AheadOfTime ||
      options.mode == RunMode::AheadOfTimeC) {
    // As sonnx-compile compiles an MLIR module: its shapes must be static.
    AOTBuildOptions buildOptions;
    buildOptions.cCompiler = options.cCompiler;
    buildOptions.linkFlags = options.linkFlags;
    buildOptions.emulator = options.emulator;
    buildOptions.compile.targetTriple = options.targetTriple;
    buildOptions.saveDirectory = options.saveDirectory;
    buildOptions.compilerTimeoutSeconds = options.run.timeoutSeconds;
    buildOptions.compile.functionName = functionName;
    if (options.mode == RunMode::AheadOfTimeC)
      buildOptions.compile.output = AOTOutput::C;
    buildOptions.compile.optLevel = options.compile.optLevel;
    buildOptions.compile.sourceName = target;
    buildOptions.compile.outputNames.assign(names.begin(), names.end());
    buildOptions.compile.checkDataOblivious =
        options.validate && options.mode == RunMode::AheadOfTime;
    auto executable = AOTExecutable::build(*module, buildOptions);
    if (!executable)
      return executable.takeError();
    if (options.validate) {
      auto runs = requireValidated((*executable)->validate(options.run));
      if (!runs)
        return runs.takeError();
      times.validationRuns = *runs;
    }
    times.compileMs = elapsedMs(start);
    Clock::time_point compiled = Clock::now();
    auto results = (*executable)->call(inputs, options.run);
    times.runMs = elapsedMs(compiled);
    return results;
  }
  auto function =
      JITFunction::compile(std::move(module), functionName, options.compile);
  if (!function)
    return function.takeError();
  if (options.validate) {
    auto runs = requireValidated((*function)->validate(options.run));
    if (!runs)
      return runs.takeError();
    times.validationRuns = *runs;
  }
  times.compileMs = elapsedMs(start);
  Clock::time_point compiled = Clock::now();
  auto results = (*function)->call(inputs, options.run);
  times.runMs = elapsedMs(compiled);
  return results;
}

/// Runs a model (ONNX, or MLIR for a .mlir file) once on --input files.
static int runModel(MLIRContext &context, const ONNXRunOptions &options) {
  bool isMLIR = llvm::StringRef(target).ends_with(".mlir");
  std::unique_ptr<ONNXModelRunner> runner;
  if (!isMLIR) {
    auto loaded = ONNXModelRunner::load(target, &context, options);
    if (!loaded)
      return fail(llvm::toString(loaded.takeError()));
    runner = std::move(*loaded);
  }
  llvm::SmallVector<DenseElementsAttr> inputs;
  for (const std::string &file : inputFiles) {
    auto value = readTensorFile(file, &context);
    if (!value)
      return fail(llvm::toString(value.takeError()));
    inputs.push_back(*value);
  }
  RunTimes times;
  llvm::SmallVector<std::string> names;
  auto results = isMLIR ? runMLIRModule(context, options, inputs, names, times)
                        : runner->run(inputs, &times);
  bool fallbackNoted = false;
  if (runner)
    noteFallback(*runner, fallbackNoted);
  if (!results)
    return fail(llvm::toString(results.takeError()));
  if (runner)
    for (const GraphValue &output : runner->getOutputs())
      names.push_back(output.name);
  if (timing)
    llvm::outs() << "times:" << formatTimes(times) << "\n";
  if (times.validationRuns)
    llvm::outs() << "validated: every output element is what the "
                    "specifications' index map names, for every input ("
                 << times.validationRuns << " runs)\n";

  if (!outputDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
      return fail("cannot create '" + outputDir + "': " + ec.message());
  }
  for (auto [i, value] : llvm::enumerate(*results)) {
    std::string name = i < names.size() ? names[i] : "";
    llvm::outs() << "output " << i;
    if (!name.empty())
      llvm::outs() << " ('" << name << "')";
    llvm::outs() << ": ";
    int64_t count = value.getNumElements();
    if (printLimit == 0 || count <= static_cast<int64_t>(printLimit)) {
      value.print(llvm::outs());
    } else {
      value.getType().print(llvm::outs());
      llvm::outs() << " (" << count << " elements; --print-limit=0 prints "
                   << "them)";
    }
    llvm::outs() << "\n";
    if (outputDir.empty())
      continue;
    llvm::SmallString<256> path(outputDir);
    llvm::sys::path::append(path, llvm::formatv("output_{0}.pb", i).str());
    if (llvm::Error error = writeTensorFile(value, name, path))
      return fail(llvm::toString(std::move(error)));
    llvm::outs() << "wrote " << path << "\n";
  }
  return ExitOk;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx-run: compile ONNX models through sonnx and run them\n\n"
      "  sonnx-run DIR            run every test_data_set_N of an ONNX "
      "backend test\n"
      "                           (DIR/model.onnx) and compare the outputs "
      "exactly\n"
      "  sonnx-run MODEL.onnx --input A.pb [--input B.pb ...] "
      "[--output-dir OUT]\n"
      "                           run once and print (and write) the "
      "outputs\n"
      "  sonnx-run MODULE.mlir --input A.pb ... [--function NAME]\n"
      "                           the same for a function of func, arith, "
      "tensor and sonnx ops\n\n"
      "Exit codes: 0 success, 1 an output differs, 2 invalid or unsupported "
      "model or data\n"
      "(the message cites the constraint ID of a broken rule, also for "
      "run-time checks).\n");

  ONNXRunOptions options;
  std::optional<RunMode> mode = parseRunMode(modeOption);
  if (!mode)
    return fail("--mode must be static, dynamic, constant-inputs, aot or "
                "aot-c, "
                "not '" +
                modeOption + "'");
  options.mode = *mode;
  if (!saveAOT.empty() && *mode != RunMode::AheadOfTime &&
      *mode != RunMode::AheadOfTimeC)
    return fail("--save-aot applies to --mode=aot and aot-c only");
  // An ONNX model's shape and axes inputs are data in the static and
  // dynamic modes: its code reads them, and tags are no shapes.
  bool isMLIR = llvm::StringRef(target).ends_with(".mlir");
  if (validateOption && !isMLIR &&
      (*mode == RunMode::Static || *mode == RunMode::Dynamic))
    return fail("--validate needs the shape and axes inputs as constants: "
                "--mode=constant-inputs, aot or aot-c");
  if (!targetTriple.empty() && *mode != RunMode::AheadOfTime)
    return fail("--target-triple applies to --mode=aot only");
  if (!jitCPU.empty() &&
      (*mode == RunMode::AheadOfTime || *mode == RunMode::AheadOfTimeC))
    return fail("--jit-cpu applies to the JIT's modes (static, dynamic, "
                "constant-inputs) only");
  {
    ValidationHost host = getValidationHost(
        targetTriple,
        cCompiler.getNumOccurrences() ? llvm::StringRef(cCompiler) : "");
    options.cCompiler = host.cCompiler;
    options.linkFlags = host.linkFlags;
    options.emulator = host.emulator;
    options.targetTriple = targetTriple;
  }
  options.saveDirectory = saveAOT;
  options.validate = validateOption;
  // The JIT's static half.
  options.compile.checkDataOblivious = validateOption;
  options.strictProfile = strictProfile;
  {
    ImportOptions shapes;
    for (const std::string &shape : inputShapes)
      if (llvm::Error error = addInputShapeOption(shapes, shape))
        return fail(llvm::toString(std::move(error)));
    options.inputShapes = std::move(shapes.inputShapes);
  }
  options.compile.optLevel = optLevel;
  options.compile.cpu = jitCPU;
  options.run.timeoutSeconds = timeout;
  options.run.maxResultBytes = maxOutputBytes;
  if (maxMemory > (std::numeric_limits<uint64_t>::max() >> 20))
    return fail("--max-memory is too large");
  options.run.maxMemoryBytes = maxMemory << 20;
  if (optLevel > 3)
    return fail("-O must be 0, 1, 2 or 3");

  DialectRegistry registry;
  registerJITRunnerDialects(registry);
  // One thread: the compiled code runs in a forked child, and a fork must
  // not copy a process whose other threads may hold locks.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  initializeJITRunnerTarget();

  if (llvm::sys::fs::is_directory(target)) {
    if (!inputFiles.empty() || !outputDir.empty())
      return fail("--input and --output-dir take a model file, not a test "
                  "directory");
    return runTestDirectory(context, options);
  }
  if (!llvm::sys::fs::exists(target))
    return fail("'" + target + "' does not exist");
  return runModel(context, options);
}
