/*===- Dialects.h - C API of the sonnx dialect --------------------*- C -*-===*\
|*                                                                            *|
|* Part of the sonnx project.                                                 *|
|*                                                                            *|
|* For compilers that embed sonnx through MLIR's C API (or its bindings):     *|
|* registering the dialect and working with its types.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SONNX_C_DIALECTS_H
#define SONNX_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Declares mlirGetDialectHandle__sonnx__(), to register or load the dialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(SONNX, sonnx);

/// Whether `type` is the ONNX string element type `!sonnx.string`.
MLIR_CAPI_EXPORTED bool sonnxTypeIsAString(MlirType type);

/// Returns `!sonnx.string` in `ctx`; the dialect must be loaded.
MLIR_CAPI_EXPORTED MlirType sonnxStringTypeGet(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif // SONNX_C_DIALECTS_H
