//===- TensorProtoConversion.h - ONNX TensorProto <-> MLIR ------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Exact conversions between ONNX TensorProto messages (Debian's libonnx-dev
// protobuf classes) and MLIR dense elements attributes, for the element types
// of the SONNX profile (`profile.types`). The ONNX importer uses them for
// initializers and Constant nodes; sonnx-run uses them to read input_K.pb,
// write outputs and compare them with output_K.pb bit for bit.
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

#include "onnx/onnx_pb.h"

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
/// types are returned too; only reshape accepts them.
Type getElementTypeForONNX(MLIRContext *context, int32_t dataType);

/// The ONNX data type of an MLIR element type, or std::nullopt when the type
/// has no ONNX equivalent. Signed integers (siN) map like signless ones.
std::optional<int32_t> getONNXDataTypeFor(Type elementType);

/// Converts `tensor` to a dense attribute of a static tensor type: a
/// DenseIntOrFPElementsAttr, or a DenseStringElementsAttr for strings.
/// Reads raw_data (little-endian; int4/uint4 packed two per byte, low nibble
/// first) or the typed field that ONNX prescribes for the data type
/// (int32_data, int64_data, uint64_data, float_data, double_data,
/// string_data). Fails, with a message naming the tensor, on external data,
/// segments, an element type outside the profile, data of the wrong length
/// or in the wrong field, and values that do not fit the element type.
llvm::Expected<DenseElementsAttr>
convertTensorProtoToAttr(const onnx::TensorProto &tensor, MLIRContext *context);

/// Converts `attr` to a TensorProto named `name`: numbers in raw_data
/// (little-endian, int4/uint4 packed), strings in string_data. The exact
/// inverse of convertTensorProtoToAttr for raw data.
llvm::Expected<onnx::TensorProto>
convertAttrToTensorProto(DenseElementsAttr attr, llvm::StringRef name = "");

/// Compares `actual` with `expected` exactly: element type, shape and every
/// element's bit pattern (strings by value). Returns std::nullopt when they
/// are equal, otherwise a description of the first difference.
std::optional<std::string> describeTensorMismatch(DenseElementsAttr expected,
                                                  DenseElementsAttr actual);

/// Reads a serialized TensorProto (an ONNX backend-test input_K.pb or
/// output_K.pb) from `path`. Fails on a missing, unreadable or malformed
/// file.
llvm::Expected<onnx::TensorProto> readTensorProtoFile(llvm::StringRef path);

/// Writes `tensor` serialized to `path`.
llvm::Error writeTensorProtoFile(const onnx::TensorProto &tensor,
                                 llvm::StringRef path);

/// The MLIR type of an ONNX tensor type: ranked when the type has a shape
/// (dim_param and missing sizes become `?`), unranked otherwise. Fails for
/// non-tensor types and element types outside the profile; `what` names
/// the value in the message.
llvm::Expected<TensorType> convertONNXType(const onnx::TypeProto &type,
                                           MLIRContext *context,
                                           llvm::StringRef what);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_TENSORPROTOCONVERSION_H
