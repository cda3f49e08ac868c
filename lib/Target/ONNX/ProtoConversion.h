//===- ProtoConversion.h - ONNX protobuf messages to MLIR -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The conversions of ONNX protobuf messages that the importer and the
// tensor files share, private to lib/Target/ONNX: the public headers speak
// MLIR types only. The messages are only declared here; the .cpp files that
// use them include onnx/onnx_pb.h.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_PROTOCONVERSION_H
#define SONNX_LIB_TARGET_ONNX_PROTOCONVERSION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace onnx {
class AttributeProto;
class TensorProto;
class TypeProto;
} // namespace onnx

namespace mlir {
class MLIRContext;
namespace sonnx {

/// Converts `tensor` to a dense attribute of a static tensor type (see
/// parseTensorProto in TensorProtoConversion.h for the rules). Fails with
/// a message naming the tensor.
llvm::Expected<DenseElementsAttr>
convertTensorProtoToAttr(const onnx::TensorProto &tensor, MLIRContext *context);

/// The MLIR type of an ONNX tensor type: ranked when the type has a shape
/// (dim_param and missing sizes become `?`), unranked otherwise. Fails for
/// non-tensor types and element types outside the profile; `what` names
/// the value in the message.
llvm::Expected<TensorType> convertONNXType(const onnx::TypeProto &type,
                                           MLIRContext *context,
                                           llvm::StringRef what);

/// Converts `attr` to a TensorProto named `name`: numbers in raw_data
/// (serializeTensorProto in TensorProtoConversion.h). Fails for a type that
/// is not static or has no ONNX equivalent.
llvm::Expected<onnx::TensorProto>
convertAttrToTensorProto(DenseElementsAttr attr, llvm::StringRef name);

/// Writes the attribute `name` of an onnx_graph.node, of value `attr`, as
/// ONNX attribute `out`: the reverse of the check import's
/// convertNodeAttribute (i64 INT, f32 FLOAT, string STRING, i64 and f32
/// arrays INTS and FLOATS, an array of strings STRINGS, a dense attribute
/// TENSOR). Fails for another attribute.
llvm::Error convertAttrToONNXAttribute(llvm::StringRef name, Attribute attr,
                                       onnx::AttributeProto &out);

/// The name of an AttributeProto type (`AttributeProto_AttributeType`),
/// "FLOAT", "INTS", ..., for messages; "UNDEFINED" for an unknown value.
llvm::StringRef getAttributeTypeName(int type);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_PROTOCONVERSION_H
