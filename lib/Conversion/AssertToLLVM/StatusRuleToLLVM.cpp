//===- StatusRuleToLLVM.cpp - PREFIX_status_rule in the LLVM dialect ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The function of an ahead-of-time object that maps a status code of
// PREFIX_run to the ID of its rule (`--sonnx-add-status-rule-to-llvm`),
// built as IR from the cases of the module's sonnx.status_rules
// (StatusRule.h), where `--sonnx-convert-assert-to-llvm{status-return}`
// listed the rules whose codes the checks return. The C source's function
// is StatusRuleToEmitC.cpp.
//
//===----------------------------------------------------------------------===//

#include "StatusRule.h"

#include "SONNX/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_ADDSTATUSRULETOLLVMPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

struct AddStatusRuleToLLVMPass
    : public mlir::sonnx::impl::AddStatusRuleToLLVMPassBase<
          AddStatusRuleToLLVMPass> {
  using AddStatusRuleToLLVMPassBase::AddStatusRuleToLLVMPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<sonnx::StatusRuleCase>> cases =
        sonnx::getStatusRuleCases(module, functionName, getArgument());
    if (failed(cases))
      return signalPassFailure();
    SymbolTable symbols(module);

    MLIRContext *context = module.getContext();
    Location loc = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    Type i32 = builder.getI32Type();
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto func = LLVM::LLVMFuncOp::create(
        builder, loc, functionName, LLVM::LLVMFunctionType::get(ptr, {i32}));
    symbols.insert(func);
    Block *entry = func.addEntryBlock(builder);
    Block *unknown = builder.createBlock(&func.getBody());
    LLVM::ReturnOp::create(builder, loc,
                           LLVM::ZeroOp::create(builder, loc, ptr).getResult());

    // One block per rule, returning the address of its ID's global.
    SmallVector<int32_t> codes;
    SmallVector<Block *> blocks;
    for (const sonnx::StatusRuleCase &rule : *cases) {
      std::string text = rule.id.str();
      text.push_back('\0');
      builder.setInsertionPoint(func);
      auto global = LLVM::GlobalOp::create(
          builder, loc,
          LLVM::LLVMArrayType::get(builder.getI8Type(), text.size()),
          /*isConstant=*/true, LLVM::Linkage::Private, "sonnx_status_rule",
          builder.getStringAttr(text), /*alignment=*/1);
      global.setUnnamedAddr(LLVM::UnnamedAddr::Global);
      symbols.insert(global);
      Block *block = builder.createBlock(&func.getBody());
      LLVM::ReturnOp::create(builder, loc,
                             LLVM::AddressOfOp::create(builder, loc, global));
      codes.push_back(rule.status);
      blocks.push_back(block);
    }
    builder.setInsertionPointToEnd(entry);
    SmallVector<ValueRange> operands(blocks.size(), ValueRange());
    LLVM::SwitchOp::create(builder, loc, entry->getArgument(0), unknown,
                           ValueRange(), codes, blocks, operands);
  }
};

} // namespace
