//===- SONNXDialect.cpp - sonnx dialect and types -------------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"

#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sonnx;

#include "SONNX/Dialect/SONNX/IR/SONNXOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOpsTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.cpp.inc"

namespace {
/// The sonnx ops have no region and no side effect but their run-time
/// checks, which hold wherever the op is: a call of a function holding them
/// may be inlined (sonnx-compile inlines every call, AOTCompiler.cpp).
struct SONNXInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void SONNXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "SONNX/Dialect/SONNX/IR/SONNXOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
  addInterfaces<SONNXInlinerInterface>();
}

void SONNXDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.cpp.inc"
      >();
}

void SONNXDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "SONNX/Dialect/SONNX/IR/SONNXOpsTypes.cpp.inc"
      >();
}

Attribute RuleAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string id;
  if (parser.parseLess() || parser.parseString(&id) || parser.parseGreater())
    return {};
  std::optional<RuleID> rule = lookupRule(id);
  if (!rule) {
    parser.emitError(loc) << "'" << id
                          << "' names no rule of the constraint catalogue "
                             "(SONNXRules.def)";
    return {};
  }
  return RuleAttr::get(parser.getContext(), *rule);
}

void RuleAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printString(getRuleText(getRule()));
  printer << '>';
}

LogicalResult SONNXDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  // A run-time check: a RuleAttr, which parses only for a rule.
  if (attr.getName() == kRuleAttrName) {
    if (isa<RuleAttr>(attr.getValue()))
      return success();
    return op->emitError() << "'" << kRuleAttrName << "' holds "
                           << attr.getValue()
                           << ", which is no #sonnx.rule attribute";
  }
  // The rules the checks report: readStatusRules, which the lowerings
  // read them with, says what is wrong.
  if (attr.getName() == kStatusRulesAttrName)
    return readStatusRules(op);
  return success();
}
