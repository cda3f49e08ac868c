//===- Dialects.cpp - C API of the sonnx dialect --------------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX-c/Dialects.h"

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(SONNX, sonnx, mlir::sonnx::SONNXDialect)

bool sonnxTypeIsAString(MlirType type) {
  return llvm::isa<mlir::sonnx::StringType>(unwrap(type));
}

MlirType sonnxStringTypeGet(MlirContext ctx) {
  return wrap(mlir::sonnx::StringType::get(unwrap(ctx)));
}
