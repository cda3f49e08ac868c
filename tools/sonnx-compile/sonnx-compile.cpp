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

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Runtime/AOTCompiler.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
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

static llvm::cl::opt<unsigned>
    optLevel("O", llvm::cl::desc("LLVM optimisation level (0-3)"),
             llvm::cl::init(3), llvm::cl::Prefix, llvm::cl::cat(category));

/// Reports an error and returns exit code 1.
static int fail(const llvm::Twine &message) {
  llvm::errs() << "sonnx-compile: error: " << message << "\n";
  return 1;
}

/// An error diagnostic of the import or the parse as text, after the file
/// (and line and column, in an MLIR file) it is located at.
static std::string format(Diagnostic &diag) {
  std::string text = diag.str();
  if (auto file = dyn_cast<FileLineColLoc>(diag.getLocation())) {
    std::string where = file.getFilename().str();
    if (file.getLine() != 0)
      where += ":" + std::to_string(file.getLine()) + ":" +
               std::to_string(file.getColumn());
    text = where + ": " + text;
  }
  for (Diagnostic &note : diag.getNotes())
    text += "\n  note: " + note.str();
  return text;
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
      "[--function NAME]\n");

  if (optLevel > 3)
    return fail("-O expects a level from 0 to 3, got " +
                llvm::Twine(optLevel.getValue()));
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
  sonnx::registerONNXImportDialects(registry);
  MLIRContext context(registry);
  // Errors of the import or the parse, reported together.
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(format(diag));
    return success();
  });
  auto failWithDiagnostics = [&](const llvm::Twine &what) {
    if (errors.empty())
      return fail(what);
    for (const std::string &error : errors)
      llvm::errs() << "sonnx-compile: error: " << error << "\n";
    return 1;
  };

  sonnx::AOTCompileOptions options;
  options.sourceName = inputFilename;
  options.output = emitOption;
  options.restrictParameters = restrictOption;
  options.headerName = llvm::sys::path::filename(headerFilename).str();
  options.functionName = functionName;
  options.targetTriple = targetTriple;
  options.cpu = targetCPU;
  options.features = targetFeatures;
  options.optLevel = optLevel;
  options.prefix =
      prefixOption.getNumOccurrences()
          ? prefixOption.getValue()
          : sonnx::sanitizeCIdentifier(llvm::sys::path::stem(inputFilename));

  OwningOpRef<ModuleOp> module;
  llvm::SourceMgr sourceMgr;
  if (llvm::StringRef(inputFilename).ends_with(".mlir")) {
    if (!constantInputs.empty())
      return fail("--constant-input applies to ONNX models only");
    if (!inputShapes.empty())
      return fail("--input-shape applies to ONNX models only");
    std::string message;
    auto buffer = openInputFile(inputFilename, &message);
    if (!buffer)
      return fail(message);
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      return failWithDiagnostics("cannot parse '" + inputFilename + "'");
  } else {
    sonnx::ImportOptions importOptions;
    importOptions.sourceName = inputFilename;
    if (!functionName.empty())
      importOptions.functionName = functionName;
    for (const std::string &option : constantInputs)
      if (llvm::Error error =
              sonnx::addConstantInputOption(importOptions, option, &context))
        return fail(llvm::toString(std::move(error)));
    for (const std::string &option : inputShapes)
      if (llvm::Error error = sonnx::addInputShapeOption(importOptions, option))
        return fail(llvm::toString(std::move(error)));
    module = sonnx::importONNXModelFile(inputFilename, &context, importOptions);
    if (!module)
      return failWithDiagnostics("cannot import '" + inputFilename + "'");
    // A symbolic size of a graph input: say how to fix it.
    for (auto candidate : module->getOps<func::FuncOp>())
      for (unsigned i = 0, e = candidate.getNumArguments(); i < e; ++i) {
        auto type =
            dyn_cast<RankedTensorType>(candidate.getArgument(i).getType());
        auto name =
            candidate.getArgAttrOfType<StringAttr>(i, sonnx::kONNXNameAttrName);
        if (!type || type.hasStaticShape() || !name)
          continue;
        SmallVector<std::string> sizes, unknown;
        for (auto [k, size] : llvm::enumerate(type.getShape())) {
          sizes.push_back(ShapedType::isDynamic(size) ? "D" + std::to_string(k)
                                                      : std::to_string(size));
          if (ShapedType::isDynamic(size))
            unknown.push_back(std::to_string(k));
        }
        return fail("input " + llvm::Twine(i) + " '" + name.getValue() +
                    "' has type " + sonnx::typeToString(type) + ": size " +
                    llvm::join(unknown, ", ") +
                    " unknown; sonnx-compile needs static shapes (memory "
                    "must not depend on the inputs): give them with "
                    "--input-shape " +
                    name.getValue() + "=" + llvm::join(sizes, "x") +
                    " (Dk: the size of dimension k)");
      }
    options.opset = sonnx::getImportedOpset(module.get());
  }

  // The names of the inputs and outputs: the ONNX names the importer keeps
  // on the function's arguments and results.
  func::FuncOp func;
  if (!functionName.empty())
    func = module->lookupSymbol<func::FuncOp>(functionName);
  else
    for (auto candidate : module->getOps<func::FuncOp>())
      if (!candidate.isExternal() && candidate.isPublic())
        func = candidate;
  if (func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto name =
          func.getArgAttrOfType<StringAttr>(i, sonnx::kONNXNameAttrName);
      options.inputNames.push_back(name ? name.getValue().str() : "");
    }
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i) {
      auto name =
          func.getResultAttrOfType<StringAttr>(i, sonnx::kONNXNameAttrName);
      options.outputNames.push_back(name ? name.getValue().str() : "");
    }
  }

  llvm::Expected<sonnx::AOTArtifacts> artifacts =
      sonnx::compileAOT(*module, options);
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
  return 0;
}
