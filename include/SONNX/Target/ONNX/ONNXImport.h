//===- ONNXImport.h - ONNX model to sonnx MLIR importer ---------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Imports an ONNX model (a ModelProto of Debian's libonnx-dev) as an MLIR
// module holding one `func.func` made of `sonnx`, `arith` and `func` ops.
// Used by `sonnx-translate --import-onnx` and by sonnx-run. The conventions
// (naming, supported ops and opsets, errors) are in docs/onnx-import.md.
//
// Every problem is reported as an error diagnostic on the context (the
// caller installs a handler to print them) and the import returns null: an
// unsupported op, type or feature, a malformed model, and every broken
// constraint of the catalogue, cited by its ID.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_ONNX_ONNXIMPORT_H
#define SONNX_TARGET_ONNX_ONNXIMPORT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include "onnx/onnx_pb.h"

#include <string>

namespace mlir {
class DialectRegistry;
class MLIRContext;
namespace sonnx {

/// The highest default-domain opset version the importer accepts.
constexpr int64_t kMaxSupportedOpset = 25;

/// The argument and result attribute that carries an ONNX value name.
constexpr llvm::StringLiteral kONNXNameAttrName = "sonnx.name";

struct ImportOptions {
  /// Name of the generated function.
  std::string functionName = "main";

  /// Name used for the model in locations and diagnostics (usually its
  /// path).
  std::string sourceName = "<onnx>";

  /// Also report every ONNX attribute left to its default value
  /// (`profile.GR4`) as an error.
  bool strictProfile = false;

  /// Make every size of every graph input dynamic (`?`) and ignore the
  /// shapes declared for the other values (value_info, graph outputs), so
  /// that the module is compiled for any input shape. Element types and
  /// ranks are still used.
  bool dynamicInputShapes = false;

  /// Static types for graph inputs, by name, e.g. taken from input data;
  /// each must agree with the declared type (same element type and rank,
  /// equal sizes where the declaration has one). Ignored by
  /// dynamicInputShapes for the inputs it does not name.
  llvm::StringMap<RankedTensorType> inputTypes;

  /// Graph inputs replaced by constants, by name: they are no longer
  /// function arguments. Each must agree with the declared type.
  llvm::StringMap<DenseElementsAttr> constantInputs;
};

/// Registers the dialects an imported module uses.
void registerONNXImportDialects(DialectRegistry &registry);

/// Imports `model` into a new module. Returns null after emitting error
/// diagnostics when the model cannot be imported or breaks a constraint;
/// the module returned has been verified.
OwningOpRef<ModuleOp> importONNXModel(const onnx::ModelProto &model,
                                      MLIRContext *context,
                                      const ImportOptions &options);

/// Parses a serialized ModelProto. Emits an error at `loc` and fails when
/// the bytes are not a complete ONNX model (malformed or truncated data, an
/// empty file, no graph).
LogicalResult parseONNXModel(llvm::StringRef bytes, onnx::ModelProto &model,
                             Location loc);

/// Reads, parses and imports the model file at `path` ("-" for stdin).
/// Emits an error for a missing or unreadable file.
OwningOpRef<ModuleOp> importONNXModelFile(llvm::StringRef path,
                                          MLIRContext *context,
                                          const ImportOptions &options);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_ONNXIMPORT_H
