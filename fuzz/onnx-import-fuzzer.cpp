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
#include "SONNX/Target/ONNX/ONNXCheck.h"
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
    registerONNXCheckDialects(registry);
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
  bool imported = false, importedPlain = false;
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
    importedPlain |= variant == 0;
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

  // sonnx-check's path: every node, ONNX's shape inference, the folds.
  for (bool strict : {false, true}) {
    ImportOptions checkOptions;
    checkOptions.sourceName = "fuzz.onnx";
    checkOptions.strictProfile = strict;
    diagnostics.clear();
    FailureOr<ONNXCheckResult> check =
        checkONNXModel(*model, &context, checkOptions);
    if (failed(check)) {
      if (!diagnostics.contains("error"))
        reportFinding("a check failed without an error", "");
      continue;
    }
    if (failed(verify(*check->module)))
      reportFinding("a checked module does not verify", diagnostics.str());
    if (diagnostics.contains("internal error"))
      reportFinding("a check reported an internal error", diagnostics.str());
    if (check->numOtherNodes + static_cast<int64_t>(check->shapeNodes.size()) !=
        check->numNodes + check->numSubgraphNodes + check->numFunctionNodes)
      reportFinding("a check counted its nodes wrong", "");
    for (const ShapeNodeCheck &node : check->getCheckedNodes()) {
      switch (node.verdict) {
      case ShapeNodeVerdict::Conforms:
        if (!node.findings.empty() || !node.runTimeRules.empty())
          reportFinding("a conforming shape node has findings", "");
        break;
      case ShapeNodeVerdict::Breaks:
        if (node.findings.empty())
          reportFinding("a shape node breaks no rule it names", "");
        for (const CheckFinding &finding : node.findings)
          if (finding.rule &&
              !llvm::StringRef(finding.message)
                   .ends_with("[" + getCheckedRuleText(*finding.rule).str() +
                              "]"))
            reportFinding("a finding does not cite its rule", finding.message);
        break;
      case ShapeNodeVerdict::RunTime:
        if (node.runTimeRules.empty() || node.runTimeReason.empty())
          reportFinding("a shape node left to run time names no rule", "");
        break;
      case ShapeNodeVerdict::Unchecked:
        if (node.uncheckedReason.empty())
          reportFinding("an unchecked node has no reason", "");
        break;
      case ShapeNodeVerdict::NotTaken:
        if (node.scopes.empty() || node.uncheckedReason.empty())
          reportFinding("a node not taken has no scope or reason", "");
        if (!node.findings.empty() || !node.runTimeRules.empty())
          reportFinding("a node not taken has findings", "");
        break;
      case ShapeNodeVerdict::Invalid:
        // The same node imports in the plain import: it is valid ONNX.
        if (importedPlain)
          reportFinding("a shape node that imports is invalid in the check",
                        node.findings.empty() ? "" : node.findings[0].message);
        break;
      }
    }
  }
  return 0;
}
