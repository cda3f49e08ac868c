//===- StatusRule.cpp - the cases of PREFIX_status_rule -------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "StatusRule.h"

#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::sonnx;

FailureOr<SmallVector<StatusRuleCase>>
mlir::sonnx::getStatusRuleCases(ModuleOp module, llvm::StringRef functionName,
                                llvm::StringRef pass) {
  if (functionName.empty())
    return module.emitError() << "--" << pass
                              << " needs the name of the function to define "
                                 "(function-name)";
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, functionName))
    return existing->emitError()
           << "the module already has a symbol '" << functionName
           << "', the name of the status-rule function to define";
  FailureOr<SmallVector<RuleID>> rules = readStatusRules(module);
  if (failed(rules))
    return failure();
  return llvm::map_to_vector(*rules, [](RuleID rule) {
    return StatusRuleCase{getRuleStatus(rule), getRuleText(rule)};
  });
}
