//===- SONNXShapeUtils.h - IR helpers of the sonnx shape rules --*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The bridge between the IR and the pure shape rules of SONNXShapes.h: what
// is known of a shape/axes operand and the tensor types that inference
// builds. The element types of the profile are in SONNXElementTypes.h, the
// rules as data in the IR and in diagnostics in SONNXRuleAttrs.h. The rules
// themselves never see a Value or an Operation.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H
#define SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H

#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// `type` as MLIR prints it, for a message: "tensor<2xi32>". The one type
/// printer of the project (the importer and the runner use it too).
std::string typeToString(Type type);

/// `type` quoted as MLIR diagnostics quote types: "'tensor<2xi32>'".
std::string formatType(Type type);

/// Returns what is known at compile time of a 1-D integer operand `value`
/// (its length from the type, its values when it is defined by a constant).
/// Returns std::nullopt when `value` is not a ranked 1-D integer tensor.
std::optional<ShapeOperand> getShapeOperand(Value value);

/// Checks that `value` is a 1-D tensor of i64 (the ONNX int64 of shapes and
/// axes); the violation cites `rule` and calls the operand `name`.
std::optional<Violation> checkShapeOperandType(Value value, RuleID rule,
                                               llvm::StringRef name);

/// Builds the tensor type of an inferred shape: unranked when the rank is
/// unknown.
TensorType getInferredTensorType(const InferredShape &shape, Type elementType);

/// The most static shape that agrees with both `declared` and `inferred`
/// (same rank, as checked by checkDeclaredShape): each size is the known one
/// of the two. Returns `declared` unchanged when `inferred` is unknown.
TensorType refineTensorType(TensorType declared, const InferredShape &inferred);

/// The shape of refineTensorType(declared, inferred), without building the
/// type; std::nullopt when that type is unranked.
InferredShape refineShape(TensorType declared, const InferredShape &inferred);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H
