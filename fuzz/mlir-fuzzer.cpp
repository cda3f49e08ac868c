//===- mlir-fuzzer.cpp - fuzz sonnx IR through verify, fold and lower -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz target: MLIR text through what `sonnx-opt` does with it. The text is
// parsed (which verifies); a module of sonnx ops, func.func, func.return and
// arith.constant then goes through `--sonnx-shape-inference`,
// `--canonicalize` and, from the parsed module again, `--sonnx-to-llvm`.
// Findings, besides crashes and sanitizer reports:
//   - shape inference or canonicalization failing, or leaving IR that does
//     not verify, without an error that cites a rule (refined types may show
//     a violation left to run time: the verifier reports it);
//   - the lowering pipeline failing without an error that cites a
//     constraint ID or names a documented limit of the lowering (such as an
//     upstream verifier's message on IR the lowering built).
// Seeds: fuzz/corpus/mlir (the functions of the lit tests); dictionary:
// fuzz/mlir.dict.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::fuzz;

/// Only sonnx ops and what a function of them needs: the other dialects'
/// ops are upstream's to fuzz.
static bool isSONNXFunctionModule(ModuleOp module) {
  bool onlyAllowed = true;
  module.walk([&](Operation *op) {
    if (isa<ModuleOp, func::FuncOp, func::ReturnOp, arith::ConstantOp>(op) ||
        isa<SONNXDialect>(op->getDialect()))
      return WalkResult::advance();
    onlyAllowed = false;
    return WalkResult::interrupt();
  });
  return onlyAllowed;
}

static MLIRContext &getContext() {
  static MLIRContext &context = []() -> MLIRContext & {
    DialectRegistry registry;
    registry.insert<SONNXDialect, arith::ArithDialect, func::FuncDialect>();
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
  // The lexer reads up to a NUL terminator, which libFuzzer's data lacks
  // (sonnx-opt's files have one).
  std::string text(reinterpret_cast<const char *>(data), size);
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, config, "fuzz-input");
  if (!module || !isSONNXFunctionModule(*module))
    return -1; // Not kept in the corpus.

  // Shape inference and the folds on IR that verifies. Refined types and
  // folded shape operands may show that an op breaks a rule its original
  // types left to run time: the verifier then reports it after the pass
  // (test/Dialect/SONNX/shape-inference-invalid.mlir,
  // canonicalize-invalid.mlir), citing the rule. Anything else is a finding.
  for (bool inferShapes : {true, false}) {
    diagnostics.clear();
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&context);
    if (inferShapes)
      pm.addPass(createSONNXShapeInference());
    else
      pm.addPass(createCanonicalizerPass());
    if (failed(pm.run(*copy)) && !diagnostics.citesRule())
      reportFinding(inferShapes
                        ? "shape inference failed without citing a rule"
                        : "canonicalization failed without citing a rule",
                    diagnostics.str());
  }

  // The lowering to LLVM.
  diagnostics.clear();
  PassManager pm(&context);
  buildSONNXToLLVMPipeline(pm, SONNXToLLVMPipelineOptions());
  if (failed(pm.run(*module)) && !isExpectedPipelineFailure(diagnostics))
    reportFinding("--sonnx-to-llvm failed without citing a rule",
                  diagnostics.str());
  return 0;
}
