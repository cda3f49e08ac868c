//===- AOTModel.cpp - load a model for ahead-of-time compilation ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// loadAOTModel (see the header): sonnx-compile's and sonnx-validate's
// import or parse of the model.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/AOTModel.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::sonnx;

void mlir::sonnx::registerAOTModelDialects(DialectRegistry &registry) {
  registerONNXImportDialects(registry);
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

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::sonnx::loadAOTModel(MLIRContext *context, const AOTModelOptions &options,
                          AOTCompileOptions &compile) {
  // Errors of the import or the parse, reported together.
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(format(diag));
    return success();
  });
  auto failWithDiagnostics = [&](const llvm::Twine &what) -> llvm::Error {
    if (errors.empty())
      return makeError(what);
    llvm::Error all = llvm::Error::success();
    for (const std::string &error : errors)
      all = llvm::joinErrors(std::move(all), makeError(error));
    return all;
  };
  const std::string &path = options.path;
  compile.sourceName = path;
  compile.functionName = options.functionName;
  compile.prefix = options.prefix
                       ? *options.prefix
                       : sanitizeCIdentifier(llvm::sys::path::stem(path));

  OwningOpRef<ModuleOp> module;
  if (llvm::StringRef(path).ends_with(".mlir")) {
    if (!options.constantInputs.empty())
      return makeError("--constant-input applies to ONNX models only");
    if (!options.inputShapes.empty())
      return makeError("--input-shape applies to ONNX models only");
    std::string message;
    auto buffer = openInputFile(path, &message);
    if (!buffer)
      return makeError(message);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    module = parseSourceFile<ModuleOp>(sourceMgr, context);
    if (!module)
      return failWithDiagnostics("cannot parse '" + path + "'");
  } else {
    ImportOptions importOptions;
    importOptions.sourceName = path;
    if (!options.functionName.empty())
      importOptions.functionName = options.functionName;
    for (const std::string &option : options.constantInputs)
      if (llvm::Error error =
              addConstantInputOption(importOptions, option, context))
        return std::move(error);
    for (const std::string &option : options.inputShapes)
      if (llvm::Error error = addInputShapeOption(importOptions, option))
        return std::move(error);
    module = importONNXModelFile(path, context, importOptions);
    if (!module)
      return failWithDiagnostics("cannot import '" + path + "'");
    // A symbolic size of a graph input: say how to fix it.
    for (auto candidate : module->getOps<func::FuncOp>())
      for (unsigned i = 0, e = candidate.getNumArguments(); i < e; ++i) {
        auto type =
            dyn_cast<RankedTensorType>(candidate.getArgument(i).getType());
        auto name =
            candidate.getArgAttrOfType<StringAttr>(i, kONNXNameAttrName);
        if (!type || type.hasStaticShape() || !name)
          continue;
        SmallVector<std::string> sizes, unknown;
        for (auto [k, size] : llvm::enumerate(type.getShape())) {
          sizes.push_back(ShapedType::isDynamic(size) ? "D" + std::to_string(k)
                                                      : std::to_string(size));
          if (ShapedType::isDynamic(size))
            unknown.push_back(std::to_string(k));
        }
        return makeError(
            "input " + llvm::Twine(i) + " '" + name.getValue() + "' has type " +
            typeToString(type) + ": size " + llvm::join(unknown, ", ") +
            " unknown; sonnx-compile needs static shapes (memory must not "
            "depend on the inputs): give them with --input-shape " +
            name.getValue() + "=" + llvm::join(sizes, "x") +
            " (Dk: the size of dimension k)");
      }
    compile.opset = getImportedOpset(module.get());
  }

  // The names of the inputs and outputs: the ONNX names the importer keeps
  // on the function's arguments and results.
  func::FuncOp func;
  if (!options.functionName.empty())
    func = module->lookupSymbol<func::FuncOp>(options.functionName);
  else
    for (auto candidate : module->getOps<func::FuncOp>())
      if (!candidate.isExternal() && candidate.isPublic())
        func = candidate;
  if (func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto name = func.getArgAttrOfType<StringAttr>(i, kONNXNameAttrName);
      compile.inputNames.push_back(name ? name.getValue().str() : "");
    }
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i) {
      auto name = func.getResultAttrOfType<StringAttr>(i, kONNXNameAttrName);
      compile.outputNames.push_back(name ? name.getValue().str() : "");
    }
  }
  return module;
}
