//===- SONNXElementTypes.h - the element types of the profile ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The element types of the profile (`profile.types`) and the one table of
// the per-op sets (the `*.types` rule of each op), which the verifiers, the
// importer and `sonnx-opt --print-element-types` read.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXELEMENTTYPES_H
#define SONNX_DIALECT_SONNX_IR_SONNXELEMENTTYPES_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// The element types of the profile, one per ONNX data type
/// (`profile.types`). In MLIR: bool is the signless i1, intN is iN or siN,
/// uintN is uiN, float16/bfloat16/float/double are f16/bf16/f32/f64,
/// complex64/complex128 are complex<f32>/complex<f64>, string is
/// !sonnx.string.
enum class ElementKind : uint8_t {
  Bool,
  Int4,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt4,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  BFloat16,
  Float,
  Double,
  String,
  Complex64,
  Complex128,
};

/// The element type kind of `type`, or std::nullopt when `type` is not an
/// element type of the profile (`profile.types`).
std::optional<ElementKind> getElementKind(Type type);

/// The name of `kind` in the specifications ("bfloat16", "uint4").
llvm::StringRef getElementKindSpecName(ElementKind kind);

/// The name of `kind` in MLIR ("bool" for i1, "bf16", "ui4", "complex<f32>",
/// "!sonnx.string"), as the diagnostics list the allowed types.
llvm::StringRef getElementKindMLIRName(ElementKind kind);

/// The element types that an op takes (its `*.types` rule of
/// ../shared/spec/CONSTRAINTS.md). One entry of the table in
/// SONNXShapeUtils.cpp, the one list of the per-op sets: the verifiers, the
/// importer and the docs (`sonnx-opt --print-element-types`) read it.
struct OpElementTypes {
  ProfileOp op;
  /// The ONNX op name, with the version for an older ONNX version
  /// ("Reshape-5"): what the diagnostics call the op.
  llvm::StringLiteral name;
  /// The first default-domain opset at which this set applies: the sets of
  /// one op are ordered by it, the latest one is the op's in the dialect.
  int64_t sinceOpset;
  /// The allowed kinds, in the order of ElementKind.
  llvm::ArrayRef<ElementKind> kinds;

  /// The op's `*.types` rule.
  RuleID getRule() const { return *getOpRule(op, RuleRole::ElementTypes); }
  /// Whether the set holds `type`.
  bool allows(Type type) const;
  /// Whether the set holds `kind`.
  bool allows(ElementKind kind) const;
  /// The allowed types in MLIR spelling: "bool, i8, ..., !sonnx.string".
  std::string formatMLIRNames() const;
  /// The allowed types as the specifications name them: "bool, int8, ...".
  std::string formatSpecNames() const;
};

/// Every entry of the table: each op's set, then the older ONNX versions of
/// Reshape.
llvm::ArrayRef<OpElementTypes> getAllOpElementTypes();

/// The element types of `op` in the dialect (the latest ONNX version the
/// profile follows).
const OpElementTypes &getOpElementTypes(ProfileOp op);

/// The element types that `op` takes when imported from a model of the
/// default-domain `opset` (Reshape-1 before opset 5, Reshape-5 before 13).
const OpElementTypes &getOpElementTypes(ProfileOp op, int64_t opset);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXELEMENTTYPES_H
