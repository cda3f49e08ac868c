//===- StatusRule.h - the cases of PREFIX_status_rule -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What `--sonnx-add-status-rule-to-llvm` (the object) and
// `--sonnx-add-status-rule-to-emitc` (the C source) both build the function
// PREFIX_status_rule from: its checked name, and one case per rule of the
// module's sonnx.status_rules, the rule's status code and its ID. The
// mapping from a rule to its code and text is made here, once; each pass
// only writes the cases in its dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_CONVERSION_ASSERTTOLLVM_STATUSRULE_H
#define SONNX_LIB_CONVERSION_ASSERTTOLLVM_STATUSRULE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
namespace sonnx {

/// One case of PREFIX_status_rule: the status code of a rule
/// (getRuleStatus) and the ID that the function returns for it
/// (getRuleText).
struct StatusRuleCase {
  int32_t status;
  llvm::StringRef id;
};

/// The cases of the function `functionName` that `pass` (its argument,
/// for the messages) defines in `module`, one per rule of the module's
/// sonnx.status_rules, in their order. Emits an error and fails when the
/// name is empty, a symbol of `module` has it, or the attribute is invalid
/// (readStatusRules).
FailureOr<llvm::SmallVector<StatusRuleCase>>
getStatusRuleCases(ModuleOp module, llvm::StringRef functionName,
                   llvm::StringRef pass);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_CONVERSION_ASSERTTOLLVM_STATUSRULE_H
