//===- sonnx-validate.cpp - validate an object against its model ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The dynamic half of the validation of an object (docs/deployment.md,
// "Validating the object"), for any object with the ABI of the header that
// sonnx-compile writes for the model: one sonnx-compile made earlier, or
// one that a user's own compiler made from the C output (--emit=c). The
// object is linked with a program that runs it on tagged inputs (under
// qemu for another architecture), and every element of every output is
// compared with the index map of the specifications, derived from the
// model (Validation.h).
//
// Exit codes: 0 validated, 1 an output element is not what the index map
// says (each such output one line on stderr), 2 the inputs are unusable (a
// model that does not compile, a file that cannot be read, an object or
// header that does not build with the program).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTCompiler.h"
#include "SONNX/Runtime/AOTModel.h"
#include "SONNX/Runtime/AOTRunner.h"
#include "SONNX/Runtime/Validation.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::OptionCategory category("sonnx-validate options");

static llvm::cl::opt<std::string>
    modelFilename(llvm::cl::Positional,
                  llvm::cl::desc("<model.onnx | module.mlir>"),
                  llvm::cl::Required, llvm::cl::cat(category));

static llvm::cl::opt<std::string> objectFilename(llvm::cl::Positional,
                                                 llvm::cl::desc("<model.o>"),
                                                 llvm::cl::Required,
                                                 llvm::cl::cat(category));

static llvm::cl::opt<std::string> headerFilename(
    "header",
    llvm::cl::desc("The header of the object (sonnx-compile's for this "
                   "model); the program checks its sizes"),
    llvm::cl::value_desc("model.h"), llvm::cl::Required,
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> prefixOption(
    "name",
    llvm::cl::desc("Prefix of the C names, as given to sonnx-compile "
                   "(default: the model file's stem, made a C identifier)"),
    llvm::cl::value_desc("PREFIX"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> targetTriple(
    "target-triple",
    llvm::cl::desc("The object's target, e.g. aarch64-linux-gnu (default: "
                   "the host); another architecture's object runs under "
                   "qemu-ARCH, linked by TRIPLE-gcc -static"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string> ccOption(
    "cc",
    llvm::cl::desc("The C compiler that links the program around the object "
                   "(default cc, or TRIPLE-gcc)"),
    llvm::cl::value_desc("CC"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> emulatorOption(
    "emulator",
    llvm::cl::desc("The emulator that runs the program (default none, or "
                   "qemu-ARCH)"),
    llvm::cl::value_desc("PROGRAM"), llvm::cl::cat(category));

static llvm::cl::list<std::string> constantInputs(
    "constant-input",
    llvm::cl::desc("As for sonnx-compile: graph input NAME is the constant "
                   "tensor in FILE.pb (repeatable; ONNX models)"),
    llvm::cl::value_desc("NAME=FILE.pb"), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputShapes(
    "input-shape",
    llvm::cl::desc("As for sonnx-compile: the shape of graph input NAME "
                   "(repeatable; ONNX models)"),
    llvm::cl::value_desc("NAME=D0xD1x..."), llvm::cl::cat(category));

static llvm::cl::opt<std::string> functionName(
    "function",
    llvm::cl::desc("With MODULE.mlir: the function (default: the only "
                   "public one)"),
    llvm::cl::cat(category));

/// Reports an error; returns exit code 2 (the inputs are unusable).
static int unusable(const llvm::Twine &message) {
  llvm::errs() << "sonnx-validate: error: " << message << "\n";
  return 2;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx-validate: check that an object computes the index map of the "
      "specifications for every element of every output, by running it on "
      "inputs whose elements carry their indices (docs/deployment.md, "
      "\"Validating the object\"). Exit 0: validated; 1: an element is "
      "wrong; 2: unusable inputs\n\n"
      "  sonnx-validate MODEL.onnx model.o --header model.h [--name PREFIX]\n"
      "  sonnx-validate MODEL.onnx model.o --header model.h "
      "--target-triple aarch64-linux-gnu\n");

  DialectRegistry registry;
  sonnx::registerAOTCompilerDialects(registry);
  sonnx::registerAOTModelDialects(registry);
  MLIRContext context(registry);

  sonnx::AOTCompileOptions options;
  options.output = sonnx::AOTOutput::Object;
  options.targetTriple = targetTriple;
  options.headerName = llvm::sys::path::filename(headerFilename).str();
  sonnx::AOTModelOptions modelOptions;
  modelOptions.path = modelFilename;
  modelOptions.constantInputs = constantInputs;
  modelOptions.inputShapes = inputShapes;
  modelOptions.functionName = functionName;
  if (prefixOption.getNumOccurrences())
    modelOptions.prefix = prefixOption;
  auto module = sonnx::loadAOTModel(&context, modelOptions, options);
  if (!module) {
    llvm::handleAllErrors(module.takeError(), [](const llvm::ErrorInfoBase &e) {
      unusable(e.message());
    });
    return 2;
  }
  // The model's parameters and index map; the object and header are the
  // user's.
  auto artifacts = sonnx::compileAOT(**module, options);
  if (!artifacts)
    return unusable(llvm::toString(artifacts.takeError()));
  for (auto [path, contents] :
       {std::pair(&objectFilename, &artifacts->object),
        std::pair(&headerFilename, &artifacts->header)}) {
    auto buffer = llvm::MemoryBuffer::getFile(path->getValue(),
                                              /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer)
      return unusable("cannot read '" + path->getValue() +
                      "': " + buffer.getError().message());
    *contents = (*buffer)->getBuffer().str();
  }

  std::string what = "'" + objectFilename + "'";
  auto report = sonnx::validateArtifacts(
      std::move(*artifacts), options,
      sonnx::getValidationHost(targetTriple, ccOption, emulatorOption));
  if (!report)
    return unusable("cannot validate " + what + ": " +
                    llvm::toString(report.takeError()));
  if (!report->isValidated()) {
    for (const std::string &mismatch : report->mismatches)
      llvm::errs() << "sonnx-validate: error: validation of " << what
                   << " failed: " << mismatch << "\n";
    return 1;
  }
  sonnx::printValidationReport(
      *report, what,
      "not run: the object was not made here, so its LLVM IR is not "
      "available; assumed that every loaded value only reaches stores (for "
      "an object that a C compiler made from sonnx-compile --emit=c: that "
      "the compiler keeps the C's data-obliviousness, which the C's proof "
      "establishes for the source)",
      llvm::outs());
  return 0;
}
