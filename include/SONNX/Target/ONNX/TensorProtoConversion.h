//===- TensorProtoConversion.h - ONNX TensorProto <-> MLIR ------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Exact conversions between serialized ONNX TensorProto messages (bytes or
// files) and MLIR dense elements attributes, for the element types of the
// SONNX profile (`profile.types`). sonnx-run uses them to read input_K.pb
// and output_K.pb and to write outputs; sonnx-translate to import, export
// and compare tensor files. The protobuf classes stay behind this API, in
// lib/Target/ONNX (the importer converts initializers and Constant nodes
// with the same code).
//
// Element types: ONNX bool -> i1, int4/8/16/32/64 -> signless iN, uint4..64
// -> unsigned uiN, float16 -> f16, bfloat16 -> bf16, float -> f32, double ->
// f64, complex64 -> complex<f32>, complex128 -> complex<f64>, string ->
// !sonnx.string. The mapping is one-to-one, so a tensor converted to an
// attribute and back has the same ONNX data type.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_ONNX_TENSORPROTOCONVERSION_H
#define SONNX_TARGET_ONNX_TENSORPROTOCONVERSION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// ONNX TensorProto.DataType values, including those newer than the ONNX
/// 1.12 headers know (INT4/UINT4 arrived with IR version 10).
enum class ONNXDataType : int32_t {
  Undefined = 0,
  Float = 1,
  UInt8 = 2,
  Int8 = 3,
  UInt16 = 4,
  Int16 = 5,
  Int32 = 6,
  Int64 = 7,
  String = 8,
  Bool = 9,
  Float16 = 10,
  Double = 11,
  UInt32 = 12,
  UInt64 = 13,
  Complex64 = 14,
  Complex128 = 15,
  BFloat16 = 16,
  Float8E4M3FN = 17,
  Float8E4M3FNUZ = 18,
  Float8E5M2 = 19,
  Float8E5M2FNUZ = 20,
  UInt4 = 21,
  Int4 = 22,
  Float4E2M1 = 23,
};

/// The ONNX name of a data type ("FLOAT", "INT4", ...), or "<n>" for a value
/// that no ONNX version defines.
std::string getONNXDataTypeName(int32_t dataType);

/// The MLIR element type of an ONNX data type, or a null type when the data
/// type is not an element type of the profile (`profile.types`). Complex
/// types are returned too; each op then takes only its own set (`*.types`).
Type getElementTypeForONNX(MLIRContext *context, int32_t dataType);

/// The ONNX data type of an MLIR element type, or std::nullopt when the type
/// has no ONNX equivalent. Signed integers (siN) map like signless ones.
std::optional<int32_t> getONNXDataTypeFor(Type elementType);

/// Parses a serialized TensorProto (e.g. an ONNX backend-test input_K.pb)
/// and converts it to a dense attribute of a static tensor type: a
/// DenseIntOrFPElementsAttr, or a DenseStringElementsAttr for strings.
/// Reads raw_data (little-endian; int4/uint4 packed two per byte, low nibble
/// first) or the typed field that ONNX prescribes for the data type
/// (int32_data, int64_data, uint64_data, float_data, double_data,
/// string_data). Fails when the bytes are not a TensorProto (the message
/// names `source`), and, with a message naming the tensor, on external
/// data, segments, an element type outside the profile, data of the wrong
/// length or in the wrong field, and values that do not fit the element
/// type.
llvm::Expected<DenseElementsAttr> parseTensorProto(llvm::StringRef bytes,
                                                   llvm::StringRef source,
                                                   MLIRContext *context);

/// Reads the TensorProto file at `path` ("-" for stdin) and converts it as
/// parseTensorProto does. Fails on a missing, unreadable or malformed file;
/// an error in the tensor's data is an llvm::FileError naming `path`.
llvm::Expected<DenseElementsAttr> readTensorFile(llvm::StringRef path,
                                                 MLIRContext *context);

/// Serializes `attr` as a TensorProto named `name`: numbers in raw_data
/// (little-endian, int4/uint4 packed), strings in string_data. The exact
/// inverse of parseTensorProto for raw data. Fails for a type that is not
/// static or has no ONNX equivalent.
llvm::Expected<std::string> serializeTensorProto(DenseElementsAttr attr,
                                                 llvm::StringRef name = "");

/// Writes `attr` serialized by serializeTensorProto to the file `path`.
llvm::Error writeTensorFile(DenseElementsAttr attr, llvm::StringRef name,
                            llvm::StringRef path);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_TENSORPROTOCONVERSION_H
