//===- ONNXGraph.h - the opaque ONNX nodes of a checked model ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The onnx_graph dialect: `onnx_graph.node`, an ONNX node that is not a
// shape op of the profile, and `!onnx_graph.opaque`, an ONNX type without an
// MLIR equivalent. sonnx-check imports the nodes of a whole model with them
// (docs/sonnx-check.md).
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPH_H
#define SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPH_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOps.h.inc"

#endif // SONNX_DIALECT_ONNXGRAPH_IR_ONNXGRAPH_H
