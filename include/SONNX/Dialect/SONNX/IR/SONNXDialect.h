//===- SONNXDialect.h - sonnx dialect declaration ---------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXDIALECT_H
#define SONNX_DIALECT_SONNX_IR_SONNXDIALECT_H

#include "mlir/IR/Dialect.h"

#include "SONNX/Dialect/SONNX/IR/SONNXOpsDialect.h.inc"

#endif // SONNX_DIALECT_SONNX_IR_SONNXDIALECT_H
