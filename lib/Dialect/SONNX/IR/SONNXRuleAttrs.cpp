//===- SONNXRuleAttrs.cpp - rules in the IR and diagnostics ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::sonnx;

InFlightDiagnostic mlir::sonnx::emitViolation(Operation *op,
                                              const Violation &violation) {
  InFlightDiagnostic diag = op->emitOpError() << violation.message;
  citeRule(diag, violation.rule);
  return diag;
}

InFlightDiagnostic &mlir::sonnx::citeRule(InFlightDiagnostic &diag,
                                          RuleID rule) {
  diag << getRuleCitation(rule);
  if (Diagnostic *underlying = diag.getUnderlyingDiagnostic())
    attachRule(*underlying, rule);
  return diag;
}

RuleAttr mlir::sonnx::getRuleAttr(MLIRContext *context, RuleID rule) {
  return RuleAttr::get(context, rule);
}

StringAttr mlir::sonnx::getRuleIDAttr(MLIRContext *context, RuleID rule) {
  return StringAttr::get(context, getRuleText(rule));
}

std::optional<RuleID> mlir::sonnx::getRuleOfAttr(Attribute attr) {
  if (auto rule = dyn_cast_if_present<RuleAttr>(attr))
    return rule.getRule();
  if (auto id = dyn_cast_if_present<StringAttr>(attr))
    return lookupRule(id.getValue());
  return std::nullopt;
}

void mlir::sonnx::setCheckedRule(Operation *op, RuleID rule) {
  op->setAttr(kRuleAttrName, getRuleAttr(op->getContext(), rule));
}

void mlir::sonnx::attachRule(Diagnostic &diag, RuleID rule) {
  MLIRContext *context = diag.getLocation().getContext();
  diag.getMetadata().push_back(DiagnosticArgument(DictionaryAttr::get(
      context, {NamedAttribute(StringAttr::get(context, kRuleAttrName),
                               getRuleAttr(context, rule))})));
}

std::optional<RuleID> mlir::sonnx::getAttachedRule(Diagnostic &diag) {
  for (DiagnosticArgument &argument : diag.getMetadata()) {
    if (argument.getKind() !=
        DiagnosticArgument::DiagnosticArgumentKind::Attribute)
      continue;
    if (auto dict = dyn_cast<DictionaryAttr>(argument.getAsAttribute()))
      if (std::optional<RuleID> rule = getRuleOfAttr(dict.get(kRuleAttrName)))
        return rule;
  }
  return std::nullopt;
}

FailureOr<SmallVector<RuleID>> mlir::sonnx::readStatusRules(Operation *module) {
  SmallVector<RuleID> rules;
  Attribute attr = module->getAttr(kStatusRulesAttrName);
  if (!attr)
    return rules;
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array)
    return module->emitError()
           << "'" << kStatusRulesAttrName
           << "' must be an array of rule IDs, not " << attr;
  for (Attribute entry : array) {
    // ID strings (getRuleIDAttr), as the assert lowering writes them.
    std::optional<RuleID> rule =
        isa<StringAttr>(entry) ? getRuleOfAttr(entry) : std::optional<RuleID>();
    if (!rule)
      return module->emitError()
             << "'" << kStatusRulesAttrName << "' holds " << entry
             << ", which names no rule of the constraint catalogue "
                "(SONNXRules.def)";
    rules.push_back(*rule);
  }
  return rules;
}
