//===- AssertToLLVM.cpp - cf.assert to a flushing abort -------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The run-time checks of the sonnx lowering are `cf.assert` ops. Upstream
// lowers a failing cf.assert to `puts(msg); abort();`, and abort() does not
// flush the stdio buffers: with the output redirected to a pipe or a file the
// message that names the broken rule is lost. This pass lowers cf.assert to
// `puts(msg); fflush(NULL); abort();` instead.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTASSERTTOLLVMPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The constraint ID that an assert message of the lowering cites: its last
/// "[...]", or the whole message when there is none.
static StringRef getRuleID(StringRef message) {
  size_t open = message.rfind('[');
  if (open == StringRef::npos || !message.ends_with("]"))
    return message;
  return message.slice(open + 1, message.size() - 1);
}

struct ConvertAssertToLLVMPass
    : public mlir::sonnx::impl::ConvertAssertToLLVMPassBase<
          ConvertAssertToLLVMPass> {
  using ConvertAssertToLLVMPassBase::ConvertAssertToLLVMPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Only a function body can be split into blocks; an assert elsewhere
    // (inside an scf region, say) is left to the upstream lowering, or is
    // an error when it must return a status.
    SmallVector<cf::AssertOp> asserts;
    bool unsplittable = false;
    module.walk([&](cf::AssertOp op) {
      if (isa<FunctionOpInterface>(op->getParentOp())) {
        asserts.push_back(op);
      } else if (statusReturn) {
        op.emitError() << "a run-time check inside a region of '"
                       << op->getParentOp()->getName()
                       << "' cannot return a status: " << op.getMsg();
        unsplittable = true;
      }
    });
    if (unsplittable)
      return signalPassFailure();
    // Nothing changed: the pass manager then skips the verifier.
    if (asserts.empty())
      return markAllAnalysesPreserved();
    if (statusReturn)
      return convertToStatusReturns(module, asserts);
    convertToAborts(module, asserts);
  }

  /// Each failing assert returns the code of its rule from its function.
  void convertToStatusReturns(ModuleOp module, ArrayRef<cf::AssertOp> asserts) {
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    auto i32Type = IntegerType::get(context, 32);
    SmallVector<Attribute> rules;
    if (auto existing =
            module->getAttrOfType<ArrayAttr>(sonnx::kStatusRulesAttrName))
      llvm::append_range(rules, existing.getValue());
    // Codes in the order of the asserts, first to last.
    for (cf::AssertOp op : asserts) {
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op->getParentOp());
      if (!func || func.getFunctionType().getReturnType() != i32Type) {
        op.emitError() << "a run-time check in a function that returns no "
                          "i32 status cannot return one: "
                       << op.getMsg();
        return signalPassFailure();
      }
      StringAttr rule = builder.getStringAttr(getRuleID(op.getMsg()));
      if (!llvm::is_contained(rules, rule))
        rules.push_back(rule);
    }
    module->setAttr(sonnx::kStatusRulesAttrName, builder.getArrayAttr(rules));

    // Last to first, as convertToAborts does.
    for (cf::AssertOp op : llvm::reverse(asserts)) {
      Location loc = op.getLoc();
      StringAttr rule = builder.getStringAttr(getRuleID(op.getMsg()));
      int32_t code =
          static_cast<int32_t>(llvm::find(rules, rule) - rules.begin()) + 1;
      Block *before = op->getBlock();
      Block *after = before->splitBlock(op);
      Block *failure = builder.createBlock(after);
      Value status = LLVM::ConstantOp::create(builder, loc, i32Type,
                                              builder.getI32IntegerAttr(code));
      LLVM::ReturnOp::create(builder, loc, ValueRange{status});

      builder.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(builder, loc, op.getArg(), after, ValueRange{},
                               failure, ValueRange{});
      op.erase();
    }
  }

  /// Each failing assert prints its message, flushes and aborts.
  void convertToAborts(ModuleOp module, ArrayRef<cf::AssertOp> asserts) {
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    builder.setInsertionPointToStart(module.getBody());
    SymbolTableCollection symbolTables;
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i32Type = IntegerType::get(context, 32);
    // The same declarations as upstream's lowering, so that both can meet in
    // one module.
    FailureOr<LLVM::LLVMFuncOp> putsFn = LLVM::lookupOrCreatePrintStringFn(
        builder, module, StringRef("puts"), &symbolTables);
    FailureOr<LLVM::LLVMFuncOp> fflushFn = LLVM::lookupOrCreateFn(
        builder, module, "fflush", {ptrType}, i32Type,
        /*isVarArg=*/false, /*isReserved=*/false, &symbolTables);
    FailureOr<LLVM::LLVMFuncOp> abortFn = LLVM::lookupOrCreateFn(
        builder, module, "abort", {}, LLVM::LLVMVoidType::get(context),
        /*isVarArg=*/false, /*isReserved=*/false, &symbolTables);
    if (failed(putsFn) || failed(fflushFn) || failed(abortFn))
      return signalPassFailure();

    SymbolTable &symbolTable = symbolTables.getSymbolTable(module);
    llvm::StringMap<LLVM::GlobalOp> messages;
    // Last to first: splitting a block at an assert moves the operations
    // after it to a new block, and each assert then only moves the operations
    // up to the next one. First to last would move the rest of the function
    // at every assert, quadratic in the number of checks.
    for (cf::AssertOp op : llvm::reverse(asserts)) {
      Location loc = op.getLoc();
      LLVM::GlobalOp &global = messages[op.getMsg()];
      if (!global) {
        std::string text = op.getMsg().str();
        text.push_back('\0');
        auto type =
            LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size());
        builder.setInsertionPointToStart(module.getBody());
        global = LLVM::GlobalOp::create(
            builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
            "sonnx_assert_msg", builder.getStringAttr(text));
        symbolTable.insert(global);
      }

      Block *before = op->getBlock();
      Block *after = before->splitBlock(op);
      Block *failure = builder.createBlock(after);
      Value message = LLVM::AddressOfOp::create(builder, loc, global);
      LLVM::CallOp::create(builder, loc, *putsFn, ValueRange{message});
      Value allStreams = LLVM::ZeroOp::create(builder, loc, ptrType);
      LLVM::CallOp::create(builder, loc, *fflushFn, ValueRange{allStreams});
      LLVM::CallOp::create(builder, loc, *abortFn, ValueRange{});
      LLVM::UnreachableOp::create(builder, loc);

      builder.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(builder, loc, op.getArg(), after, ValueRange{},
                               failure, ValueRange{});
      op.erase();
    }
  }
};

} // namespace
