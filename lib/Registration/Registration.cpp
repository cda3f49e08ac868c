//===- Registration.cpp - register every sonnx dialect and pass -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Registration/Registration.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/Pipelines/Pipelines.h"
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/Transforms/Passes.h"
#include "SONNX/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::sonnx::registerAllSONNXPasses() {
  // A pass pipeline registered twice is a fatal error: a host may load the
  // plugin as a dialect and as a pass plugin, or call the C API twice.
  static const bool registered = [] {
    registerSONNXPasses();
    registerSONNXConversionPasses();
    registerSONNXCodegenTransformsPasses();
    registerSONNXToLLVMPipeline();
    return true;
  }();
  (void)registered;
}

void mlir::sonnx::registerAllSONNXDialects(DialectRegistry &registry) {
  registry.insert<SONNXDialect, arith::ArithDialect, func::FuncDialect,
                  scf::SCFDialect, tensor::TensorDialect,
                  onnx_graph::ONNXGraphDialect>();
  registerSONNXToLLVMDependencies(registry);
}
