//===- SONNXTypes.h - sonnx type declarations -------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXTYPES_H
#define SONNX_DIALECT_SONNX_IR_SONNXTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOpsTypes.h.inc"

#endif // SONNX_DIALECT_SONNX_IR_SONNXTYPES_H
