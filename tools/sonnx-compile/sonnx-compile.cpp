//===- sonnx-compile.cpp - compile a model to an object and a C header ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Ahead-of-time compilation for deployment without a JIT
// (docs/deployment.md): imports an ONNX model (as sonnx-translate does) or
// parses an MLIR module (as sonnx-run does), compiles it with compileAOT
// and writes the object file or, with --emit=c, the C source (-o) and its
// C header (--header). Every error
// is one line on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTCompiler.h"
#include "SONNX/Runtime/AOTModel.h"
#include "SONNX/Runtime/AOTRunner.h"
#include "SONNX/Runtime/Validation.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::OptionCategory category("sonnx-compile options");

static llvm::cl::opt<std::string>
    inputFilename(llvm::cl::Positional,
                  llvm::cl::desc("<model.onnx | module.mlir>"),
                  llvm::cl::Required, llvm::cl::cat(category));

static llvm::cl::opt<std::string> outputFilename(
    "o",
    llvm::cl::desc("The object file (--emit=obj) or C source (--emit=c) "
                   "to write"),
    llvm::cl::value_desc("model.o|model.c"), llvm::cl::Required,
    llvm::cl::cat(category));

static llvm::cl::opt<sonnx::AOTOutput> emitOption(
    "emit", llvm::cl::desc("What -o receives (default obj)"),
    llvm::cl::values(
        clEnumValN(sonnx::AOTOutput::Object, "obj",
                   "a native object file for the target (LLVM)"),
        clEnumValN(sonnx::AOTOutput::C, "c",
                   "standalone C99 source (MLIR's EmitC), which includes the "
                   "header by its file name; no target options")),
    llvm::cl::init(sonnx::AOTOutput::Object), llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    headerFilename("header", llvm::cl::desc("The C header to write"),
                   llvm::cl::value_desc("model.h"), llvm::cl::Required,
                   llvm::cl::cat(category));

static llvm::cl::opt<std::string> harnessFilename(
    "harness",
    llvm::cl::desc("Also write a C program whose main calls PREFIX_run with "
                   "inputs of any value: the entry point of Frama-C's EVA "
                   "on the C output (docs/deployment.md)"),
    llvm::cl::value_desc("harness.c"), llvm::cl::cat(category));

static llvm::cl::opt<bool> restrictOption(
    "c-restrict",
    llvm::cl::desc("With --emit=c: the pointers of the internal function "
                   "are restrict, which the header's ABI allows (no output "
                   "overlaps another array) and with which GCC at -O2 "
                   "vectorizes row copies; MISRA C:2012 rule 8.14 forbids "
                   "restrict (docs/deployment.md)"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> prefixOption(
    "name",
    llvm::cl::desc("Prefix of the C names (default: the input file's stem, "
                   "made a C identifier): PREFIX_run, PREFIX_status_rule"),
    llvm::cl::value_desc("PREFIX"), llvm::cl::cat(category));

static llvm::cl::list<std::string> constantInputs(
    "constant-input",
    llvm::cl::desc("Replace graph input NAME by the constant tensor in "
                   "FILE.pb (repeatable; ONNX models)"),
    llvm::cl::value_desc("NAME=FILE.pb"), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputShapes(
    "input-shape",
    llvm::cl::desc("Fix the shape of graph input NAME of an ONNX model, e.g. "
                   "x=1x3x224x224 (its symbolic sizes; repeatable)"),
    llvm::cl::value_desc("NAME=D0xD1x..."), llvm::cl::cat(category));

static llvm::cl::opt<std::string> functionName(
    "function",
    llvm::cl::desc("With MODULE.mlir: the function to compile (default: the "
                   "only public one)"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> targetTriple(
    "target-triple",
    llvm::cl::desc("The target, e.g. aarch64-linux-gnu (default: the host)"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    targetCPU("mcpu",
              llvm::cl::desc("The target CPU (default generic; native: the "
                             "host's CPU and features)"),
              llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    targetFeatures("mattr",
                   llvm::cl::desc("Target features, e.g. +avx2,-avx512f"),
                   llvm::cl::cat(category));

static llvm::cl::opt<bool> validate(
    "validate",
    llvm::cl::desc(
        "Validate what -o receives (docs/deployment.md, \"Validating the "
        "object\"): the lowered code only moves loaded values into stores "
        "(static half), and the object, run on inputs that carry their "
        "indices, computes the specifications' index map for every element "
        "(dynamic half); an object for another architecture runs under "
        "qemu"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> validateCC(
    "validate-cc",
    llvm::cl::desc("With --validate: the C compiler that links the program "
                   "around the object (default cc; TRIPLE-gcc for another "
                   "architecture)"),
    llvm::cl::value_desc("CC"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> validateEmulator(
    "validate-emulator",
    llvm::cl::desc("With --validate: the emulator that runs that program "
                   "(default none; qemu-ARCH for another architecture)"),
    llvm::cl::value_desc("PROGRAM"), llvm::cl::cat(category));

static llvm::cl::opt<unsigned>
    optLevel("O", llvm::cl::desc("LLVM optimisation level (0-3)"),
             llvm::cl::init(3), llvm::cl::Prefix, llvm::cl::cat(category));

/// Reports an error and returns exit code 1.
static int fail(const llvm::Twine &message) {
  llvm::errs() << "sonnx-compile: error: " << message << "\n";
  return 1;
}

/// Writes `contents` to `path`; false after reporting an error.
static bool writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output = openOutputFile(path, &message);
  if (!output) {
    fail(message);
    return false;
  }
  output->os() << contents;
  output->os().flush();
  if (output->os().has_error()) {
    output->os().clear_error();
    fail("cannot write '" + path + "'");
    return false;
  }
  output->keep();
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx-compile: compile an ONNX model (or an MLIR module of "
      "func/arith/tensor/sonnx ops) with static shapes to a native object "
      "file and a C header, for deployment without a JIT "
      "(docs/deployment.md)\n\n"
      "  sonnx-compile MODEL.onnx -o model.o --header model.h [--name PREFIX]\n"
      "  sonnx-compile MODEL.onnx --emit=c -o model.c --header model.h "
      "[--harness harness.c] [--c-restrict]\n"
      "  sonnx-compile MODULE.mlir -o model.o --header model.h "
      "[--function NAME]\n"
      "  sonnx-compile MODEL.onnx -o model.o --header model.h --validate "
      "[--target-triple aarch64-linux-gnu]\n");

  if (optLevel > 3)
    return fail("-O expects a level from 0 to 3, got " +
                llvm::Twine(optLevel.getValue()));
  for (const llvm::cl::Option *option :
       std::initializer_list<const llvm::cl::Option *>{&validateCC,
                                                       &validateEmulator})
    if (option->getNumOccurrences() && !validate)
      return fail("--" + option->ArgStr + " applies with --validate only");
  // The C compiler of the C source chooses the target and optimises.
  if (emitOption != sonnx::AOTOutput::C && restrictOption)
    return fail("--c-restrict applies to --emit=c only");
  if (emitOption == sonnx::AOTOutput::C)
    for (const llvm::cl::Option *option :
         std::initializer_list<const llvm::cl::Option *>{
             &targetTriple, &targetCPU, &targetFeatures, &optLevel})
      if (option->getNumOccurrences())
        return fail("-" + option->ArgStr +
                    " applies to --emit=obj only: the C compiler of the "
                    "--emit=c source chooses the target and optimisation");

  DialectRegistry registry;
  sonnx::registerAOTCompilerDialects(registry);
  sonnx::registerAOTModelDialects(registry);
  MLIRContext context(registry);
  sonnx::AOTCompileOptions options;
  options.output = emitOption;
  options.restrictParameters = restrictOption;
  options.headerName = llvm::sys::path::filename(headerFilename).str();
  options.targetTriple = targetTriple;
  options.cpu = targetCPU;
  options.features = targetFeatures;
  options.optLevel = optLevel;

  sonnx::AOTModelOptions modelOptions;
  modelOptions.path = inputFilename;
  modelOptions.constantInputs = constantInputs;
  modelOptions.inputShapes = inputShapes;
  modelOptions.functionName = functionName;
  if (prefixOption.getNumOccurrences())
    modelOptions.prefix = prefixOption;
  auto module = sonnx::loadAOTModel(&context, modelOptions, options);
  if (!module) {
    llvm::handleAllErrors(module.takeError(), [](const llvm::ErrorInfoBase &e) {
      fail(e.message());
    });
    return 1;
  }
  options.checkDataOblivious =
      validate && emitOption == sonnx::AOTOutput::Object;

  llvm::Expected<sonnx::AOTArtifacts> artifacts =
      sonnx::compileAOT(**module, options);
  if (!artifacts) {
    std::string message = llvm::toString(artifacts.takeError());
    return fail(message);
  }
  if (!writeFile(outputFilename, artifacts->object) ||
      !writeFile(headerFilename, artifacts->header))
    return 1;
  if (!harnessFilename.empty() &&
      !writeFile(harnessFilename,
                 sonnx::writeAnalysisHarness(options, artifacts->parameters)))
    return 1;
  if (!validate)
    return 0;
  // The object (or C source) just written, in a program built and run
  // here.
  std::string what = "'" + outputFilename + "'";
  auto report = sonnx::validateArtifacts(
      std::move(*artifacts), options,
      sonnx::getValidationHost(targetTriple, validateCC, validateEmulator));
  if (!report)
    return fail("cannot validate " + what + ": " +
                llvm::toString(report.takeError()));
  if (!report->isValidated()) {
    for (const std::string &mismatch : report->mismatches)
      fail("validation of " + what + " failed: " + mismatch);
    return 1;
  }
  sonnx::printValidationReport(
      *report, what,
      emitOption == sonnx::AOTOutput::C
          ? "not run on C source: its data-obliviousness is the C's "
            "(proved with its functional contract, docs/deployment.md) and "
            "assumed of the C compiler"
          : "every loaded value only reaches stores "
            "(--sonnx-check-data-oblivious on the LLVM dialect, before "
            "LLVM's optimizer and code generation)",
      llvm::outs());
  return 0;
}
