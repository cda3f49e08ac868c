//===- ONNXImport.cpp - C API of the ONNX importer ------------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX-c/ONNXImport.h"

#include "SONNX/Target/ONNX/ONNXExport.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

MlirModule sonnxImportONNXFile(MlirContext ctx, MlirStringRef path,
                               MlirStringCallback errorCallback,
                               void *userData) {
  MLIRContext *context = unwrap(ctx);
  DialectRegistry registry;
  sonnx::registerONNXImportDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadAllAvailableDialects();

  // Takes every diagnostic of the import before the context's handlers:
  // errors go to the callback, nothing reaches stderr.
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error || !errorCallback)
      return success();
    std::string message = diag.str();
    for (Diagnostic &note : diag.getNotes())
      message += "\nnote: " + note.str();
    errorCallback(wrap(llvm::StringRef(message)), userData);
    return success();
  });

  sonnx::ImportOptions options;
  options.sourceName = unwrap(path).str();
  OwningOpRef<ModuleOp> module =
      sonnx::importONNXModelFile(unwrap(path), context, options);
  if (!module)
    return MlirModule{nullptr};
  return wrap(module.release());
}

bool sonnxExportONNXFile(MlirModule module, MlirStringRef path,
                         MlirStringCallback errorCallback, void *userData) {
  auto report = [&](const std::string &message) {
    if (errorCallback)
      errorCallback(wrap(llvm::StringRef(message)), userData);
    return false;
  };
  llvm::Expected<std::string> bytes = sonnx::exportONNXModel(unwrap(module));
  if (!bytes)
    return report(llvm::toString(bytes.takeError()));
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file =
      openOutputFile(unwrap(path), &error);
  if (!file)
    return report(error);
  file->os() << *bytes;
  file->os().flush();
  if (file->os().has_error()) {
    file->os().clear_error();
    return report("cannot write '" + unwrap(path).str() + "'");
  }
  file->keep();
  return true;
}
