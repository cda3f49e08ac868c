//===- SONNXRuleAttrs.h - rules in the IR and diagnostics -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The rules of SONNXRules.def as data: the attribute that marks a run-time
// check with its rule, the module attribute of the status codes, and the
// rule attached to (and cited at the end of) every diagnostic of a broken
// rule.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXRULEATTRS_H
#define SONNX_DIALECT_SONNX_IR_SONNXRULEATTRS_H

#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir {
class Operation;

namespace sonnx {

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

/// The rules of the kStatusRulesAttrName attribute of `module`, in their
/// order (none without the attribute). Emits an error at `module` and fails
/// when the attribute is not an array or an entry is not an ID string
/// naming a rule of SONNXRules.def. The sonnx dialect's verifier calls it,
/// when the dialect is loaded; an LLVM dialect module is read without it.
FailureOr<llvm::SmallVector<RuleID>> readStatusRules(Operation *module);

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

/// Emits `violation` as an op error: "<message> [<rule>]", with the rule
/// attached as data (attachRule).
InFlightDiagnostic emitViolation(Operation *op, const Violation &violation);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXRULEATTRS_H
