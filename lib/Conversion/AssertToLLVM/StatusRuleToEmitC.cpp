//===- StatusRuleToEmitC.cpp - PREFIX_status_rule in the EmitC dialect ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The function of the C source that maps a status code of PREFIX_run to
// the ID of its rule (`--sonnx-add-status-rule-to-emitc`), built as EmitC
// ops from the cases of the module's sonnx.status_rules (StatusRule.h), as
// StatusRuleToLLVM.cpp builds the object's; the C printer
// (`sonnx-translate --mlir-to-c`) prints it. It was C text that the C
// emitter wrote.
//
//===----------------------------------------------------------------------===//

#include "StatusRule.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/ToEmitC/CAttributes.h"
#include "SONNX/Support/CElementTypes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_ADDSTATUSRULETOEMITCPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

struct AddStatusRuleToEmitCPass
    : public mlir::sonnx::impl::AddStatusRuleToEmitCPassBase<
          AddStatusRuleToEmitCPass> {
  using AddStatusRuleToEmitCPassBase::AddStatusRuleToEmitCPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<sonnx::StatusRuleCase>> cases =
        sonnx::getStatusRuleCases(module, functionName, getArgument());
    if (failed(cases))
      return signalPassFailure();

    MLIRContext *context = module.getContext();
    Location loc = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    // `const char *`: a pointer to the ID, a string literal.
    auto text =
        emitc::PointerType::get(emitc::OpaqueType::get(context, "const char"));
    // Its contract, for Frama-C: it reads and writes no memory.
    emitc::VerbatimOp::create(builder, loc, "/*@ assigns \\nothing; */");
    auto func = emitc::FuncOp::create(
        builder, loc, functionName,
        builder.getFunctionType({builder.getI32Type()}, {text}));
    func.setArgAttr(0, sonnx::kCNameAttrName, builder.getStringAttr("status"));
    builder.setInsertionPointToStart(func.addEntryBlock());
    Value status = func.getArgument(0);

    // `rule`, NULL unless a case assigns the ID of the code's rule: one
    // exit (MISRA C:2012 rule 15.5).
    auto rule =
        emitc::VariableOp::create(builder, loc, emitc::LValueType::get(text),
                                  emitc::OpaqueAttr::get(context, "NULL"));
    rule->setAttr(sonnx::kCNameAttrName, builder.getStringAttr("rule"));
    if (cases->empty()) {
      // No switch without a case (MISRA C:2012 rule 16.6).
      emitc::VerbatimOp::create(builder, loc,
                                builder.getStringAttr("(void){};"), status);
    } else {
      SmallVector<int64_t> codes = llvm::map_to_vector(
          *cases, [](const sonnx::StatusRuleCase &rule) -> int64_t {
            return rule.status;
          });
      auto switchOp = emitc::SwitchOp::create(
          builder, loc, status, builder.getDenseI64ArrayAttr(codes),
          cases->size());
      builder.createBlock(&switchOp.getDefaultRegion());
      emitc::YieldOp::create(builder, loc);
      for (auto [region, ruleCase] :
           llvm::zip(switchOp.getCaseRegions(), *cases)) {
        builder.createBlock(&region);
        Value id = emitc::LiteralOp::create(
            builder, loc, text,
            builder.getStringAttr(sonnx::quoteCString(ruleCase.id)));
        emitc::AssignOp::create(builder, loc, rule, id);
        emitc::YieldOp::create(builder, loc);
      }
      builder.setInsertionPointAfter(switchOp);
    }
    Value result = emitc::LoadOp::create(builder, loc, text, rule);
    emitc::ReturnOp::create(builder, loc, result);
  }
};

} // namespace
