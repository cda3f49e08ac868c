//===- sonnx-opt.cpp - sonnx optimizer driver -----------------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt for the sonnx dialect: parses, verifies, transforms and prints IR
// made of sonnx, func, arith and tensor ops. Registers only what it needs.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/Transforms/Passes.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

static llvm::cl::opt<bool> printElementTypes(
    "print-element-types",
    llvm::cl::desc("Print the element types each op takes (the `*.types` "
                   "rules) as the Markdown table of docs/onnx-import.md, "
                   "and exit"),
    llvm::cl::init(false));

/// Prints the table of per-op element types, the one list in the code
/// (test/Docs/element-types.test compares the docs with it).
static void printElementTypeTable(llvm::raw_ostream &os) {
  os << "| ID | ONNX op | from opset | MLIR element types | "
        "specification names |\n"
     << "|---|---|---|---|---|\n";
  for (const mlir::sonnx::OpElementTypes &entry :
       mlir::sonnx::getAllOpElementTypes()) {
    os << "| `" << getRuleText(entry.getRule()) << "` | " << entry.name << " | "
       << entry.sinceOpset << " | ";
    llvm::interleave(
        entry.kinds, os,
        [&](mlir::sonnx::ElementKind kind) {
          os << '`' << mlir::sonnx::getElementKindMLIRName(kind) << '`';
        },
        ", ");
    os << " | " << entry.formatSpecNames() << " |\n";
  }
}

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::sonnx::registerSONNXPasses();
  // The lowering, the transforms of the code it produces, its pipeline,
  // and the upstream linalg and bufferization passes to run parts of it by
  // hand.
  mlir::sonnx::registerSONNXConversionPasses();
  mlir::sonnx::registerSONNXCodegenTransformsPasses();
  mlir::sonnx::registerSONNXToLLVMPipeline();
  mlir::registerLinalgPasses();
  mlir::bufferization::registerBufferizationPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::sonnx::SONNXDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect,
                  mlir::sonnx::onnx_graph::ONNXGraphDialect>();
  mlir::sonnx::registerSONNXToLLVMDependencies(registry);

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "sonnx optimizer driver\n", registry);
  if (printElementTypes) {
    printElementTypeTable(llvm::outs());
    return 0;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
