//===- sonnx-plugin.cpp - sonnx as a plugin of upstream mlir-opt ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A shared library that upstream tools load:
//
//   mlir-opt --load-dialect-plugin=SONNXPlugin.so   (dialect and passes)
//   mlir-opt --load-pass-plugin=SONNXPlugin.so      (passes only)
//
// It links libMLIR.so, as Debian's mlir-opt does, so that both share one
// copy of MLIR (its TypeIDs and command-line options).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Registration/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// The dialect plugin: the sonnx dialect, and the passes, so that one
/// --load-dialect-plugin is enough. mlir-opt registers every upstream
/// dialect and extension itself.
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SONNX", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<sonnx::SONNXDialect>();
            sonnx::registerAllSONNXPasses();
          }};
}

/// The pass plugin: the sonnx passes and the --sonnx-to-llvm pipeline.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SONNXPasses", LLVM_VERSION_STRING,
          []() { sonnx::registerAllSONNXPasses(); }};
}
