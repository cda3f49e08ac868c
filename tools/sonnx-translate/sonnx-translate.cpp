//===- sonnx-translate.cpp - translations into and out of sonnx -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with the sonnx translations, run by mlirTranslateMain:
// `--import-onnx MODEL.onnx` prints the MLIR module of an ONNX model
// (docs/onnx-import.md); for ONNX test data (TensorProto files),
// `--import-tensor T.pb` prints a tensor as an MLIR attribute and
// `--export-tensor T.txt -o T.pb` writes one; `--export-onnx M.mlir -o
// M.onnx` writes a module (sonnx-check's --emit-mlir, --import-onnx) back
// as an ONNX model (ONNXExport.h); `--mlir-to-c M.mlir` prints a module
// of EmitC ops (`--sonnx-to-emitc`) as C99 (CTranslation.h). `-o`,
// `--split-input-file`
// and the other options of mlir-translate apply. `--compare-tensors
// EXPECTED.pb ACTUAL.pb` compares two tensors bit for bit: it takes two
// inputs, so it is a mode of its own rather than a translation. Every error
// of a translation is printed as "<file>: error: <message>" and the exit
// code is 1; on success the exit code is 0.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/TensorComparison.h"
#include "SONNX/Target/C/CTranslation.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXExport.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::OptionCategory category("sonnx-translate options");

static llvm::cl::opt<std::string>
    tensorName("tensor-name",
               llvm::cl::desc("Name of the tensor written by --export-tensor"),
               llvm::cl::init(""), llvm::cl::cat(category));

static llvm::cl::opt<bool> compareTensors(
    "compare-tensors",
    llvm::cl::desc("Not a translation: compare two ONNX TensorProto files "
                   "exactly (type, shape, bit patterns; strings by value): "
                   "sonnx-translate --compare-tensors EXPECTED.pb ACTUAL.pb"),
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

/// Whether mlirTranslateMain's --verify-diagnostics was given.
static bool isVerifyingDiagnostics() {
  const auto &options = llvm::cl::getRegisteredOptions();
  auto option = options.find("verify-diagnostics");
  return option != options.end() && option->second->getNumOccurrences();
}

namespace {
/// While a translation runs, prints its diagnostics as
/// "<file>: error: <message>", the file being the one the diagnostic's
/// location names, else `defaultSource`. The verifier's messages name the
/// ONNX node: printing the failing op as well would only repeat it.
/// With mlir-translate's --verify-diagnostics, diagnostics go to its
/// verifier instead.
class DiagnosticPrinter {
public:
  DiagnosticPrinter(MLIRContext *context, llvm::StringRef defaultSource)
      : handler(context,
                [source = defaultSource.str(),
                 verifying = isVerifyingDiagnostics()](
                    Diagnostic &diag) -> LogicalResult {
                  if (verifying)
                    return failure();
                  std::string file = source;
                  if (auto fileLoc =
                          diag.getLocation()->findInstanceOf<FileLineColLoc>())
                    if (!fileLoc.getFilename().getValue().empty())
                      file = fileLoc.getFilename().str();
                  printDiagnostic(file, diag);
                  return success();
                }) {
    context->printOpOnDiagnostic(false);
  }

private:
  ScopedDiagnosticHandler handler;
};
} // namespace

/// Loads the dialects of imported modules and tensors (`!sonnx.string`).
static void loadDialects(MLIRContext *context) {
  DialectRegistry registry;
  sonnx::registerONNXImportDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadAllAvailableDialects();
}

/// The name of the main buffer of `sourceMgr` for diagnostics.
static std::string getSourceName(const llvm::SourceMgr &sourceMgr) {
  llvm::StringRef name = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                             ->getBufferIdentifier();
  return name == "-" || name.empty() ? "<stdin>" : name.str();
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

/// --import-onnx: the bytes of the input are a serialized ModelProto.
static OwningOpRef<Operation *>
importONNX(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
           MLIRContext *context) {
  std::string source = getSourceName(*sourceMgr);
  DiagnosticPrinter printer(context, source);
  loadDialects(context);
  sonnx::ImportOptions options;
  options.sourceName = source;
  options.strictProfile = strictProfile;
  options.dynamicInputShapes = dynamicInputShapes;
  options.functionName = functionName;
  for (const std::string &option : constantInputs) {
    if (llvm::Error error =
            sonnx::addConstantInputOption(options, option, context)) {
      llvm::errs() << "sonnx-translate: error: "
                   << llvm::toString(std::move(error)) << "\n";
      return nullptr;
    }
  }
  for (const std::string &option : inputTypes) {
    auto nameValue = splitNameValue(option, "input-type");
    if (!nameValue)
      return nullptr;
    Type type = parseType(nameValue->second, context);
    auto ranked = dyn_cast_or_null<RankedTensorType>(type);
    if (!ranked) {
      if (type)
        llvm::errs() << "sonnx-translate: error: --input-type expects a "
                        "ranked tensor type, got '"
                     << nameValue->second << "'\n";
      return nullptr;
    }
    options.inputTypes[nameValue->first] = ranked;
  }
  llvm::StringRef bytes =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())->getBuffer();
  OwningOpRef<ModuleOp> module =
      sonnx::importONNXModel(bytes, context, options);
  return OwningOpRef<Operation *>(module.release());
}

/// --import-tensor: prints a TensorProto as a dense attribute.
static LogicalResult
importTensor(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
             llvm::raw_ostream &output, MLIRContext *context) {
  std::string source = getSourceName(*sourceMgr);
  DiagnosticPrinter printer(context, source);
  loadDialects(context);
  llvm::StringRef bytes =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())->getBuffer();
  llvm::Expected<DenseElementsAttr> attr =
      sonnx::parseTensorProto(bytes, source, context);
  if (!attr) {
    emitError(FileLineColLoc::get(context, source, 0, 0))
        << llvm::toString(attr.takeError());
    return failure();
  }
  output << *attr << "\n";
  return success();
}

/// --export-tensor: writes a dense attribute (text) as a TensorProto.
static LogicalResult
exportTensor(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
             llvm::raw_ostream &output, MLIRContext *context) {
  std::string source = getSourceName(*sourceMgr);
  DiagnosticPrinter printer(context, source);
  loadDialects(context);
  Location loc = FileLineColLoc::get(context, source, 0, 0);
  // A chunk of --split-input-file ends with the line break before the
  // marker; the attribute parser takes no trailing characters.
  llvm::StringRef text = sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())
                             ->getBuffer()
                             .trim(llvm::StringRef(" \t\n\v\f\r\0", 7));
  Attribute attr = parseAttribute(text, context);
  if (!attr)
    return failure();
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense)
    return emitError(loc) << "expected a dense elements attribute, got "
                          << attr;
  llvm::Expected<std::string> bytes =
      sonnx::serializeTensorProto(dense, tensorName);
  if (!bytes)
    return emitError(loc) << llvm::toString(bytes.takeError());
  output << *bytes;
  return success();
}

/// --export-onnx: writes a module as a serialized ModelProto.
static LogicalResult exportONNX(Operation *op, llvm::raw_ostream &output) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("--export-onnx expects a builtin.module");
  sonnx::ExportOptions options;
  if (functionName.getNumOccurrences())
    options.functionName = functionName;
  llvm::Expected<std::string> bytes = sonnx::exportONNXModel(module, options);
  if (!bytes) {
    llvm::errs() << "sonnx-translate: error: "
                 << llvm::toString(bytes.takeError()) << "\n";
    return failure();
  }
  output << *bytes;
  return success();
}

static void registerTranslations() {
  static TranslateToMLIRRegistration importONNXRegistration(
      "import-onnx",
      "Translate an ONNX model (a binary ModelProto) into an MLIR module of "
      "sonnx, arith and func ops",
      importONNX, sonnx::registerONNXImportDialects);
  static TranslateRegistration importTensorRegistration(
      "import-tensor",
      "Print an ONNX TensorProto file (e.g. input_0.pb) as an MLIR dense "
      "attribute",
      importTensor);
  static TranslateRegistration exportTensorRegistration(
      "export-tensor",
      "Write an MLIR dense attribute (text) as an ONNX TensorProto file",
      exportTensor);
  static TranslateFromMLIRRegistration exportONNXRegistration(
      "export-onnx",
      "Write an MLIR module of sonnx ops, arith.constant and onnx_graph.node "
      "(sonnx-check --emit-mlir) as an ONNX model",
      exportONNX, sonnx::registerONNXCheckDialects);
  sonnx::registerToCTranslation();
}

/// `--compare-tensors EXPECTED.pb ACTUAL.pb`: two inputs, which
/// mlirTranslateMain does not take.
static int runCompareTensors(int argc, char **argv) {
  static llvm::cl::list<std::string> inputFilenames(
      llvm::cl::Positional, llvm::cl::desc("<expected.pb> <actual.pb>"),
      llvm::cl::cat(category));
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx tensor comparison\n\n"
      "  sonnx-translate --compare-tensors EXPECTED.pb ACTUAL.pb\n");
  if (inputFilenames.size() != 2) {
    llvm::errs() << "sonnx-translate: error: --compare-tensors expects 2 "
                    "input files, got "
                 << inputFilenames.size() << "\n";
    return 1;
  }
  MLIRContext context;
  DiagnosticPrinter printer(&context, inputFilenames[0]);
  loadDialects(&context);
  DenseElementsAttr want = readTensor(inputFilenames[0], &context);
  DenseElementsAttr got =
      want ? readTensor(inputFilenames[1], &context) : nullptr;
  if (!got)
    return 1;
  if (std::optional<std::string> mismatch =
          sonnx::describeTensorMismatch(want, got)) {
    emitError(FileLineColLoc::get(&context, inputFilenames[1], 0, 0))
        << "differs from '" << inputFilenames[0] << "': " << *mismatch;
    return 1;
  }
  llvm::outs() << "'" << inputFilenames[1] << "' matches '" << inputFilenames[0]
               << "'\n";
  return 0;
}

/// Whether `arg` is the flag `name` (with one or two dashes).
static bool isFlag(llvm::StringRef arg, llvm::StringRef name) {
  return arg.consume_front("-") &&
         (arg == name || (arg.consume_front("-") && arg == name));
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerTranslations();

  // The mode: exactly one of the translations or --compare-tensors. (Without
  // this check, mlirTranslateMain would run several translations one after
  // the other, and report a missing one obscurely.)
  int modes = 0;
  bool compare = false, help = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--")
      break;
    for (llvm::StringRef mode : {"import-onnx", "import-tensor",
                                 "export-tensor", "export-onnx", "mlir-to-c"})
      modes += isFlag(arg, mode);
    if (isFlag(arg, "compare-tensors")) {
      compare = true;
      ++modes;
    }
    help |= arg.starts_with("-help") || arg.starts_with("--help") ||
            isFlag(arg, "version");
  }
  if (modes != 1 && !help) {
    llvm::errs() << "sonnx-translate: error: give exactly one of "
                    "--import-onnx, --import-tensor, --export-tensor, "
                    "--export-onnx, --mlir-to-c, --compare-tensors\n";
    return 1;
  }
  // --help shows the options of sonnx-translate and of mlir-translate
  // (registered by mlirTranslateMain, after this), not every option of
  // libLLVM.
  llvm::cl::HideUnrelatedOptions(category);
  if (compare)
    return runCompareTensors(argc, argv);
  return failed(mlirTranslateMain(
      argc, argv,
      "sonnx translation tool\n\n"
      "  sonnx-translate --import-onnx MODEL.onnx [-o OUT.mlir]\n"
      "  sonnx-translate --import-tensor TENSOR.pb [-o OUT.txt]\n"
      "  sonnx-translate --export-tensor TENSOR.txt -o TENSOR.pb\n"
      "  sonnx-translate --export-onnx MODULE.mlir -o MODEL.onnx\n"
      "  sonnx-translate --compare-tensors EXPECTED.pb ACTUAL.pb\n"));
}
