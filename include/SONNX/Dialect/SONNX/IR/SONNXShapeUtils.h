//===- SONNXShapeUtils.h - IR helpers of the sonnx shape rules --*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The bridge between the IR and the pure shape rules of SONNXShapes.h: what
// is known of a shape/axes operand, the element types of the profile, the
// tensor types that inference builds, and the emission of a Violation as an
// op error. The rules themselves never see a Value or an Operation.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H
#define SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H

#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
class InFlightDiagnostic;
class Operation;
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

//===----------------------------------------------------------------------===//
// Element types (profile.types and the `*.types` rule of each op)
//===----------------------------------------------------------------------===//

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

/// Emits `violation` as an op error: "<message> [<rule>]", with the rule
/// attached as data (attachRule).
InFlightDiagnostic emitViolation(Operation *op, const Violation &violation);

//===----------------------------------------------------------------------===//
// Rules as data in the IR and in diagnostics
//===----------------------------------------------------------------------===//

/// The attribute of a run-time check (a `cf.assert` of the lowering) that
/// names the rule it checks: a RuleAttr (`#sonnx.rule<"reshape.count">`),
/// which parses only for a rule of SONNXRules.def; the sonnx dialect
/// verifies that the attribute is one.
inline constexpr llvm::StringLiteral kRuleAttrName = "sonnx.rule";

/// The module attributes below outlive the sonnx dialect: they stay on the
/// LLVM dialect module that upstream tools (mlir-runner, mlir-translate)
/// parse, so they hold the rules' ID strings (getRuleIDAttr), which the
/// sonnx dialect verifies name rules of SONNXRules.def.
///
/// The module attribute that the status forms of the assert lowering
/// (`--sonnx-convert-assert-to-llvm{status-return}` and
/// `{status-handler=NAME}`, `--sonnx-convert-assert-to-status`) fill: the
/// rules that the module's checks may report the status code of
/// (getRuleStatus), in the order of their first check.
inline constexpr llvm::StringLiteral kStatusRulesAttrName =
    "sonnx.status_rules";

/// The attribute value of `rule` (kRuleAttrName, diagnostics).
RuleAttr getRuleAttr(MLIRContext *context, RuleID rule);
/// The ID string of `rule`, an entry of kStatusRulesAttrName.
StringAttr getRuleIDAttr(MLIRContext *context, RuleID rule);
/// The rule of `attr`, when it is a RuleAttr or an ID string naming one.
std::optional<RuleID> getRuleOfAttr(Attribute attr);

/// Marks `op` as the run-time check of `rule` (kRuleAttrName).
void setCheckedRule(Operation *op, RuleID rule);

/// Attaches `rule` to `diag` as metadata (a dictionary {sonnx.rule = rule}),
/// for the handlers that report the rule of an error (the runner, the fuzz
/// oracles) without reading the text.
void attachRule(Diagnostic &diag, RuleID rule);
/// The rule attached to `diag` by attachRule, if any.
std::optional<RuleID> getAttachedRule(Diagnostic &diag);

/// Ends `diag` with " [<rule>]" and attaches the rule (attachRule): how every
/// diagnostic of a broken rule ends.
InFlightDiagnostic &citeRule(InFlightDiagnostic &diag, RuleID rule);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXSHAPEUTILS_H
