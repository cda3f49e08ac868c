//===- ONNXImport.h - ONNX model to sonnx MLIR importer ---------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Imports an ONNX model (a serialized ModelProto, read with Debian's
// libonnx-dev) as an MLIR module holding one `func.func` made of `sonnx`,
// `arith` and `func` ops. Used by `sonnx-translate --import-onnx` and by
// sonnx-run. The conventions (naming, supported ops and opsets, errors) are
// in docs/onnx-import.md. The protobuf classes stay behind this API: it
// takes bytes or files and speaks MLIR types only.
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
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
class MLIRContext;
namespace sonnx {

struct ConvertOptions;
struct ConvertResult;
struct ONNXCheckResult;

/// The highest default-domain opset version the importer accepts.
constexpr int64_t kMaxSupportedOpset = 25;

/// The argument and result attribute that carries an ONNX value name.
constexpr llvm::StringLiteral kONNXNameAttrName = "sonnx.name";

/// On the onnx_graph.node "Constant" that sonnx-check makes of an
/// initializer kept in external data (its values unread): the initializer's
/// external_data entries (location, offset, length, ...) as strings, which
/// the export writes back (ONNXExport.h).
constexpr llvm::StringLiteral kONNXExternalDataAttrName = "sonnx.external_data";

/// The module attribute that carries the model's default-domain opset.
constexpr llvm::StringLiteral kONNXOpsetAttrName = "sonnx.onnx_opset";

/// The default-domain opset of an imported module (kONNXOpsetAttrName), or
/// nullopt.
inline std::optional<int64_t> getImportedOpset(ModuleOp module) {
  if (auto opset = module->getAttrOfType<IntegerAttr>(kONNXOpsetAttrName))
    return opset.getInt();
  return std::nullopt;
}

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

  /// Static shapes for graph inputs, by name (`--input-shape
  /// NAME=1x3x224x224`): they fix the symbolic sizes of the declared type,
  /// keeping its element type; each must have the declared rank and equal
  /// every size the declaration gives.
  llvm::StringMap<llvm::SmallVector<int64_t>> inputShapes;
};

/// Parses one `--input-shape` value of a tool, NAME=D0xD1x...xDn (NAME= for
/// a scalar), into options.inputShapes[NAME]. Fails with
/// "--input-shape expects NAME=D0xD1x..., got '<option>'", or when NAME
/// already has a shape ("--input-shape gives graph input 'NAME' more than
/// once"). Shared by sonnx-check, sonnx-compile and sonnx-run.
llvm::Error addInputShapeOption(ImportOptions &options, llvm::StringRef option);

/// "1x3x224x224" (empty for a scalar): a shape as --input-shape writes it.
std::string formatShapeOption(llvm::ArrayRef<int64_t> shape);

/// Parses one `--constant-input` value of a tool, NAME=FILE.pb: reads the
/// TensorProto file and sets options.constantInputs[NAME] to its value.
/// Fails with "--constant-input expects NAME=FILE.pb, got '<option>'" or
/// "--constant-input NAME: <why the file cannot be read or converted>".
/// Shared by sonnx-translate and sonnx-compile.
llvm::Error addConstantInputOption(ImportOptions &options,
                                   llvm::StringRef option,
                                   MLIRContext *context);

/// Registers the dialects an imported module uses.
void registerONNXImportDialects(DialectRegistry &registry);

/// A graph input or output of an ONNX model.
struct ONNXGraphValue {
  std::string name;
  /// The declared type (ranked or unranked); null when the model declares
  /// none, or for an output whose declared type sonnx cannot take.
  TensorType declaredType;
  /// For an output that a node produces: the node as the importer names it
  /// in its messages ("node 'n' (Reshape)", "node #3 (Reshape)"), its op
  /// type and its domain. Empty otherwise.
  std::string producer;
  std::string producerOpType;
  std::string producerDomain;
};

/// A parsed ONNX model, to be imported once or several times with different
/// options (sonnx-run compiles a model for each input shape).
class ONNXModel {
public:
  ~ONNXModel();
  ONNXModel(const ONNXModel &) = delete;
  ONNXModel &operator=(const ONNXModel &) = delete;

  /// Parses a serialized ModelProto. Emits an error at `loc` and returns
  /// null when the bytes are not a complete ONNX model (malformed or
  /// truncated data, an empty file, no graph).
  static std::unique_ptr<ONNXModel> parse(llvm::StringRef bytes, Location loc);

  /// Parses the model file at `path` ("-" for standard input) as parse
  /// does, reading it in pieces: the file's bytes are never held whole
  /// next to the parsed model. Emits an error at `loc` and returns null
  /// also when the file cannot be read.
  static std::unique_ptr<ONNXModel> parseFile(llvm::StringRef path,
                                              Location loc);

  /// Writes the serialized model to `os`, in pieces (no copy of the whole
  /// model is made). Fails when the model is larger than 2 GiB or cannot
  /// be serialized.
  llvm::Error write(llvm::raw_ostream &os) const;

  /// Imports the model into a new module. Returns null after emitting error
  /// diagnostics when the model cannot be imported or breaks a constraint;
  /// the module returned has been verified.
  OwningOpRef<ModuleOp> import(MLIRContext *context,
                               const ImportOptions &options) const;

  /// The graph inputs that take data (initializers excluded), in order.
  /// Fails when the declared type of one is not a type sonnx can take.
  llvm::Expected<llvm::SmallVector<ONNXGraphValue>>
  getDataInputs(MLIRContext *context) const;

  /// The graph outputs, in order.
  llvm::SmallVector<ONNXGraphValue> getOutputs(MLIRContext *context) const;

  /// The names of the graph inputs that take data (initializers excluded)
  /// and feed a shape or axes operand: input 1 of Reshape (opset 5 and
  /// later), Unsqueeze (13 and later) or Expand, directly or through
  /// Identity nodes. Read from the graph's structure alone, without an
  /// import, so that it also serves models whose import needs the values or
  /// the lengths of those inputs. Empty when the model imports no
  /// supported default-domain opset (the import reports that).
  llvm::SmallVector<std::string> getShapeInputs() const;

  /// The files that the model's tensors keep their values in (external
  /// data: initializers and tensor attributes, in every graph and
  /// function), as the model names them, relative to its directory; each
  /// once, in model order. Fails when a location is empty, absolute or
  /// leaves the model's directory (ONNX's external data rules).
  llvm::Expected<llvm::SmallVector<std::string>> getExternalDataFiles() const;

  /// Checks the model against the profile (ONNXCheck.h, checkONNXModel).
  FailureOr<ONNXCheckResult> check(MLIRContext *context,
                                   const ImportOptions &options) const;

  /// Rewrites the model in place in the profile's form (ONNXConvert.h,
  /// convertONNXModel); write() writes it.
  FailureOr<ConvertResult> convert(MLIRContext *context,
                                   const ConvertOptions &options);

private:
  ONNXModel();
  struct Implementation;
  std::unique_ptr<Implementation> impl;
};

/// Parses the serialized model `bytes` and imports it; errors are emitted
/// at the location of options.sourceName.
OwningOpRef<ModuleOp> importONNXModel(llvm::StringRef bytes,
                                      MLIRContext *context,
                                      const ImportOptions &options);

/// Reads, parses and imports the model file at `path` ("-" for stdin).
/// Emits an error for a missing or unreadable file.
OwningOpRef<ModuleOp> importONNXModelFile(llvm::StringRef path,
                                          MLIRContext *context,
                                          const ImportOptions &options);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_ONNXIMPORT_H
