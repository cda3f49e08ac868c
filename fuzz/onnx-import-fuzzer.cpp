//===- onnx-import-fuzzer.cpp - fuzz the ONNX importer --------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz target: arbitrary bytes as a serialized ONNX ModelProto through the
// importer (ONNXImport.h): parse, import with the declared input types, with
// dynamic input sizes and under the strict profile. Findings, besides
// crashes and sanitizer reports: an import that fails without an error, a
// module that does not verify, and a module that `--sonnx-to-llvm` fails on
// without citing a rule or a documented limit of the lowering. Seeds:
// fuzz/corpus/onnx-import (models of the ONNX backend tests and of
// test/Target/ONNX).
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::fuzz;

static MLIRContext &getContext() {
  static MLIRContext &context = []() -> MLIRContext & {
    DialectRegistry registry;
    registerONNXImportDialects(registry);
    registerSONNXToLLVMDependencies(registry);
    return getFuzzContext(registry);
  }();
  return context;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  getContext();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = getContext();
  DiagnosticCollector diagnostics(&context);
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  std::unique_ptr<ONNXModel> model =
      ONNXModel::parse(bytes, UnknownLoc::get(&context));
  if (!model) {
    if (!diagnostics.contains("error"))
      reportFinding("a model was refused without an error", "");
    return -1;
  }

  ImportOptions options;
  options.sourceName = "fuzz.onnx";
  bool imported = false;
  for (int variant = 0; variant < 3; ++variant) {
    options.dynamicInputShapes = variant == 1;
    options.strictProfile = variant == 2;
    diagnostics.clear();
    OwningOpRef<ModuleOp> module = model->import(&context, options);
    if (!module) {
      if (!diagnostics.contains("error"))
        reportFinding("an import failed without an error", "");
      continue;
    }
    if (failed(verify(*module)))
      reportFinding("an imported module does not verify", diagnostics.str());
    // Lower the first module that imports (the lowering is the slow part).
    if (imported)
      continue;
    imported = true;
    PassManager pm(&context);
    buildSONNXToLLVMPipeline(pm, SONNXToLLVMPipelineOptions());
    if (failed(pm.run(*module)) && !isExpectedPipelineFailure(diagnostics))
      reportFinding("--sonnx-to-llvm failed on an imported model without "
                    "citing a rule",
                    diagnostics.str());
  }
  (void)model->getDataInputs(&context);
  (void)model->getOutputs(&context);
  return 0;
}
