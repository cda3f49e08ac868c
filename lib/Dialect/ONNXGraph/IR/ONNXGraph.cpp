//===- ONNXGraph.cpp - the opaque ONNX nodes of a checked model -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sonnx::onnx_graph;

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOps.cpp.inc"

void ONNXGraphDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOps.cpp.inc"
      >();
}
