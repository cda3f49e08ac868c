//===- sonnx-translate.cpp - translations into and out of sonnx -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `sonnx-translate --import-onnx MODEL.onnx` prints the MLIR module of an
// ONNX model (docs/onnx-import.md). For ONNX test data (TensorProto files),
// `--import-tensor T.pb` prints a tensor as an MLIR attribute,
// `--export-tensor T.txt -o T.pb` writes one, and
// `--compare-tensors EXPECTED.pb ACTUAL.pb` compares two bit for bit.
// Every error is printed as "<file>: error: <message>" and the exit code is
// 1; on success the exit code is 0.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "SONNX/Target/TensorComparison.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::OptionCategory category("sonnx-translate options");

static llvm::cl::list<std::string>
    inputFilenames(llvm::cl::Positional, llvm::cl::desc("<input files>"),
                   llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    outputFilename("o", llvm::cl::desc("Output file (default: stdout)"),
                   llvm::cl::value_desc("filename"), llvm::cl::init("-"),
                   llvm::cl::cat(category));

static llvm::cl::opt<bool> importONNX(
    "import-onnx",
    llvm::cl::desc("Translate an ONNX model (a binary ModelProto) into an MLIR "
                   "module of sonnx, arith and func ops"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> importTensor(
    "import-tensor",
    llvm::cl::desc("Print an ONNX TensorProto file (e.g. input_0.pb) as an "
                   "MLIR dense attribute"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> exportTensor(
    "export-tensor",
    llvm::cl::desc("Write an MLIR dense attribute (text) as an ONNX "
                   "TensorProto file"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    tensorName("tensor-name",
               llvm::cl::desc("Name of the tensor written by --export-tensor"),
               llvm::cl::init(""), llvm::cl::cat(category));

static llvm::cl::opt<bool> compareTensors(
    "compare-tensors",
    llvm::cl::desc("Compare two ONNX TensorProto files exactly (type, shape, "
                   "bit patterns; strings by value)"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> strictProfile(
    "strict-profile",
    llvm::cl::desc("Also report every ONNX attribute left to its default "
                   "value as an error [profile.GR4]"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> dynamicInputShapes(
    "dynamic-input-shapes",
    llvm::cl::desc("Make every size of the graph inputs dynamic and ignore "
                   "the shapes declared for other values"),
    llvm::cl::cat(category));

static llvm::cl::list<std::string> constantInputs(
    "constant-input",
    llvm::cl::desc("Replace graph input NAME by the constant tensor in "
                   "FILE.pb (repeatable)"),
    llvm::cl::value_desc("NAME=FILE.pb"), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputTypes(
    "input-type",
    llvm::cl::desc("Give graph input NAME the static type TYPE, e.g. "
                   "x=tensor<2x3xf32> (repeatable)"),
    llvm::cl::value_desc("NAME=TYPE"), llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    functionName("function-name",
                 llvm::cl::desc("Name of the imported function"),
                 llvm::cl::init("main"), llvm::cl::cat(category));

/// Prints a diagnostic as "<source>: <severity>: <message>", then its notes.
static void printDiagnostic(llvm::StringRef source, Diagnostic &diag) {
  auto severity = [](DiagnosticSeverity s) -> llvm::StringRef {
    switch (s) {
    case DiagnosticSeverity::Error:
      return "error";
    case DiagnosticSeverity::Warning:
      return "warning";
    case DiagnosticSeverity::Note:
      return "note";
    case DiagnosticSeverity::Remark:
      return "remark";
    }
    return "error";
  };
  llvm::errs() << source << ": " << severity(diag.getSeverity()) << ": "
               << diag.str() << "\n";
  for (Diagnostic &note : diag.getNotes())
    llvm::errs() << source << ": note: " << note.str() << "\n";
}

/// Reads a TensorProto file and converts it; reports errors on `context`.
static DenseElementsAttr readTensor(llvm::StringRef path,
                                    MLIRContext *context) {
  llvm::Expected<DenseElementsAttr> attr = sonnx::readTensorFile(path, context);
  if (attr)
    return *attr;
  // The diagnostic is located at the file: a message that names it again
  // is reported without the name.
  Location loc = FileLineColLoc::get(context, path, 0, 0);
  llvm::handleAllErrors(
      attr.takeError(),
      [&](const llvm::FileError &error) {
        emitError(loc) << error.messageWithoutFileInfo();
      },
      [&](const llvm::ErrorInfoBase &error) {
        emitError(loc) << error.message();
      });
  return {};
}

/// Opens the -o file; null after printing an error.
static std::unique_ptr<llvm::ToolOutputFile> openOutput() {
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output)
    llvm::errs() << "sonnx-translate: error: " << errorMessage << "\n";
  return output;
}

/// Keeps the -o file when everything was written.
static int finishOutput(llvm::ToolOutputFile &output) {
  output.os().flush();
  if (output.os().has_error()) {
    llvm::errs() << "sonnx-translate: error: cannot write '" << outputFilename
                 << "'\n";
    output.os().clear_error();
    return 1;
  }
  output.keep();
  return 0;
}

/// Splits a NAME=VALUE option; reports a malformed one.
static std::optional<std::pair<llvm::StringRef, llvm::StringRef>>
splitNameValue(llvm::StringRef option, llvm::StringRef flag) {
  auto [name, value] = option.split('=');
  if (name.empty() || value.empty() || !option.contains('=')) {
    llvm::errs() << "sonnx-translate: error: --" << flag
                 << " expects NAME=VALUE, got '" << option << "'\n";
    return std::nullopt;
  }
  return std::make_pair(name, value);
}

static int runImportONNX(MLIRContext &context, llvm::StringRef input) {
  sonnx::ImportOptions options;
  options.sourceName = input == "-" ? "<stdin>" : input.str();
  options.strictProfile = strictProfile;
  options.dynamicInputShapes = dynamicInputShapes;
  options.functionName = functionName;
  for (const std::string &option : constantInputs) {
    auto nameValue = splitNameValue(option, "constant-input");
    if (!nameValue)
      return 1;
    DenseElementsAttr value = readTensor(nameValue->second, &context);
    if (!value)
      return 1;
    options.constantInputs[nameValue->first] = value;
  }
  for (const std::string &option : inputTypes) {
    auto nameValue = splitNameValue(option, "input-type");
    if (!nameValue)
      return 1;
    Type type = parseType(nameValue->second, &context);
    auto ranked = dyn_cast_or_null<RankedTensorType>(type);
    if (!ranked) {
      if (type)
        llvm::errs() << "sonnx-translate: error: --input-type expects a "
                        "ranked tensor type, got '"
                     << nameValue->second << "'\n";
      return 1;
    }
    options.inputTypes[nameValue->first] = ranked;
  }
  OwningOpRef<ModuleOp> module =
      sonnx::importONNXModelFile(input, &context, options);
  if (!module)
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output = openOutput();
  if (!output)
    return 1;
  module->print(output->os());
  output->os() << "\n";
  return finishOutput(*output);
}

static int runImportTensor(MLIRContext &context, llvm::StringRef input) {
  DenseElementsAttr attr = readTensor(input, &context);
  if (!attr)
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output = openOutput();
  if (!output)
    return 1;
  output->os() << attr << "\n";
  return finishOutput(*output);
}

static int runExportTensor(MLIRContext &context, llvm::StringRef input) {
  Location loc = FileLineColLoc::get(&context, input, 0, 0);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(input);
  if (!buffer) {
    emitError(loc) << "cannot read the file: " << buffer.getError().message();
    return 1;
  }
  Attribute attr = parseAttribute((*buffer)->getBuffer(), &context);
  if (!attr)
    return 1;
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense) {
    emitError(loc) << "expected a dense elements attribute, got " << attr;
    return 1;
  }
  llvm::Expected<std::string> bytes =
      sonnx::serializeTensorProto(dense, tensorName);
  if (!bytes) {
    emitError(loc) << llvm::toString(bytes.takeError());
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output = openOutput();
  if (!output)
    return 1;
  output->os() << *bytes;
  return finishOutput(*output);
}

static int runCompareTensors(MLIRContext &context, llvm::StringRef expected,
                             llvm::StringRef actual) {
  DenseElementsAttr want = readTensor(expected, &context);
  DenseElementsAttr got = want ? readTensor(actual, &context) : nullptr;
  if (!got)
    return 1;
  if (std::optional<std::string> mismatch =
          sonnx::describeTensorMismatch(want, got)) {
    emitError(FileLineColLoc::get(&context, actual, 0, 0))
        << "differs from '" << expected << "': " << *mismatch;
    return 1;
  }
  llvm::outs() << "'" << actual << "' matches '" << expected << "'\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx translation tool\n\n"
      "  sonnx-translate --import-onnx MODEL.onnx [-o OUT.mlir]\n"
      "  sonnx-translate --import-tensor TENSOR.pb [-o OUT.txt]\n"
      "  sonnx-translate --export-tensor TENSOR.txt -o TENSOR.pb\n"
      "  sonnx-translate --compare-tensors EXPECTED.pb ACTUAL.pb\n");

  int modes = importONNX + importTensor + exportTensor + compareTensors;
  if (modes != 1) {
    llvm::errs() << "sonnx-translate: error: give exactly one of "
                    "--import-onnx, --import-tensor, --export-tensor, "
                    "--compare-tensors\n";
    return 1;
  }
  size_t wantInputs = compareTensors ? 2 : 1;
  std::vector<std::string> inputs(inputFilenames.begin(), inputFilenames.end());
  if (inputs.empty() && wantInputs == 1)
    inputs.push_back("-");
  if (inputs.size() != wantInputs) {
    llvm::errs() << "sonnx-translate: error: expected " << wantInputs
                 << " input file(s), got " << inputs.size() << "\n";
    return 1;
  }

  DialectRegistry registry;
  sonnx::registerONNXImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Verifier messages are reported with their ONNX node; printing the
  // failing op as well would only repeat it.
  context.printOpOnDiagnostic(false);

  // Diagnostics name the file they are about: the location's file name.
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    std::string source = inputs.front() == "-" ? "<stdin>" : inputs.front();
    if (auto fileLoc = diag.getLocation()->findInstanceOf<FileLineColLoc>())
      source = fileLoc.getFilename().str();
    printDiagnostic(source, diag);
    return success();
  });

  if (importONNX)
    return runImportONNX(context, inputs[0]);
  if (importTensor)
    return runImportTensor(context, inputs[0]);
  if (exportTensor)
    return runExportTensor(context, inputs[0]);
  return runCompareTensors(context, inputs[0], inputs[1]);
}
