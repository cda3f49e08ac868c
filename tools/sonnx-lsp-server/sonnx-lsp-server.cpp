//===- sonnx-lsp-server.cpp - MLIR language server with sonnx -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// mlir-lsp-server with the sonnx dialect and the dialects of its pipelines:
// editors that use MLIR's language server (the VS Code MLIR extension's
// "mlir.server_path" setting) show sonnx diagnostics with their constraint
// IDs, hovers and go-to-definition in .mlir files.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Registration/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::sonnx::registerAllSONNXDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
