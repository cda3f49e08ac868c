//===- SONNXOps.h - sonnx op declarations -----------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXOPS_H
#define SONNX_DIALECT_SONNX_IR_SONNXOPS_H

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h.inc"

#endif // SONNX_DIALECT_SONNX_IR_SONNXOPS_H
