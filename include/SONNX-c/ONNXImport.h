/*===- ONNXImport.h - C API of the ONNX importer ------------------*- C -*-===*\
|*                                                                            *|
|* Part of the sonnx project.                                                 *|
|*                                                                            *|
|* Imports an ONNX model file into an MlirModule, and writes a module back   *|
|* as an ONNX model. Only in builds with ONNX support (SONNX_ENABLE_ONNX);    *|
|* link SONNX::SONNXCAPIONNX.                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SONNX_C_ONNXIMPORT_H
#define SONNX_C_ONNXIMPORT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Imports the ONNX model file at `path` (a binary ModelProto) into a new
/// module of `ctx`, as `sonnx-translate --import-onnx` does; the dialects
/// the module uses are registered and loaded in `ctx`. The module has been
/// verified. On failure (unreadable file, malformed model, unsupported op,
/// broken rule of the profile) returns a null module and gives each error,
/// with its constraint ID where there is one, to `errorCallback` (which may
/// be NULL), one call per message; nothing is printed and the context's
/// diagnostic handlers do not see them.
MLIR_CAPI_EXPORTED MlirModule
sonnxImportONNXFile(MlirContext ctx, MlirStringRef path,
                    MlirStringCallback errorCallback, void *userData);

/// Writes `module` (as sonnx-check --emit-mlir or sonnxImportONNXFile make
/// it) as an ONNX model file at `path`, as `sonnx-translate --export-onnx`
/// does. Returns true on success; on failure (an op with no ONNX node, a
/// file that cannot be written) returns false and gives the error to
/// `errorCallback` (which may be NULL).
MLIR_CAPI_EXPORTED bool sonnxExportONNXFile(MlirModule module,
                                            MlirStringRef path,
                                            MlirStringCallback errorCallback,
                                            void *userData);

#ifdef __cplusplus
}
#endif

#endif // SONNX_C_ONNXIMPORT_H
