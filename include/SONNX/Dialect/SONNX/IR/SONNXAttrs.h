//===- SONNXAttrs.h - sonnx attribute declarations --------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXATTRS_H
#define SONNX_DIALECT_SONNX_IR_SONNXATTRS_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <string>

#define GET_ATTRDEF_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h.inc"

#endif // SONNX_DIALECT_SONNX_IR_SONNXATTRS_H
