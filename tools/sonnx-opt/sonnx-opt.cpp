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

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::sonnx::SONNXDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "sonnx optimizer driver\n", registry));
}
