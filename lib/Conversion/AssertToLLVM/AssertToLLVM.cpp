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
// `puts(msg); fflush(NULL); abort();` instead; or, for code that reports a
// failure as a value, to a return of the rule's status code (ahead-of-time
// objects) or to a call of a handler with it (the JIT).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"

#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTASSERTTOLLVMPASS
#define GEN_PASS_DEF_CONVERTASSERTTOSTATUSPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The rule that `op` checks (its sonnx.rule attribute), or std::nullopt
/// for an assert that sonnx did not build. Fails, with an error, when the
/// attribute names no rule (IR written by hand; the dialect's verifier
/// catches it too when the sonnx dialect is loaded).
static FailureOr<std::optional<sonnx::RuleID>> readRule(cf::AssertOp op) {
  Attribute attr = op->getAttr(sonnx::kRuleAttrName);
  if (!attr)
    return std::optional<sonnx::RuleID>();
  // A RuleAttr: the ID strings are for the module attributes only.
  if (std::optional<sonnx::RuleID> rule = isa<sonnx::RuleAttr>(attr)
                                              ? sonnx::getRuleOfAttr(attr)
                                              : std::nullopt)
    return rule;
  return op.emitError() << "'" << sonnx::kRuleAttrName << "' holds " << attr
                        << ", which names no rule of the constraint "
                           "catalogue: "
                        << op.getMsg();
}

/// The status code of each of `asserts`, that of the rule it checks
/// (getRuleStatus, fixed per rule); the module's sonnx.status_rules gets the
/// rules it lacks, in the order of the asserts. An assert that names no rule
/// has no status code: an error (with `ruleless` null), or 0 with the
/// assert added to `ruleless`.
static FailureOr<SmallVector<int32_t>>
assignStatusCodes(ModuleOp module, ArrayRef<cf::AssertOp> asserts,
                  SmallVectorImpl<cf::AssertOp> *ruleless = nullptr) {
  MLIRContext *context = module.getContext();
  SmallVector<Attribute> rules;
  if (auto existing =
          module->getAttrOfType<ArrayAttr>(sonnx::kStatusRulesAttrName))
    llvm::append_range(rules, existing.getValue());
  SmallVector<int32_t> codes;
  for (cf::AssertOp op : asserts) {
    FailureOr<std::optional<sonnx::RuleID>> rule = readRule(op);
    if (failed(rule))
      return failure();
    if (!*rule) {
      if (!ruleless)
        return op.emitError()
               << "a run-time check without a '" << sonnx::kRuleAttrName
               << "' attribute has no status code: " << op.getMsg();
      ruleless->push_back(op);
      codes.push_back(0);
      continue;
    }
    Attribute attr = sonnx::getRuleIDAttr(context, **rule);
    if (!llvm::is_contained(rules, attr))
      rules.push_back(attr);
    codes.push_back(sonnx::getRuleStatus(**rule));
  }
  if (!rules.empty())
    module->setAttr(sonnx::kStatusRulesAttrName,
                    ArrayAttr::get(context, rules));
  return codes;
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
    if (statusReturn && !statusHandler.empty()) {
      module.emitError() << "status-return and status-handler='"
                         << statusHandler << "' exclude each other";
      return signalPassFailure();
    }
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
    for (cf::AssertOp op : asserts) {
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op->getParentOp());
      if (!func || func.getFunctionType().getReturnType() != i32Type) {
        op.emitError() << "a run-time check in a function that returns no "
                          "i32 status cannot return one: "
                       << op.getMsg();
        return signalPassFailure();
      }
    }
    FailureOr<SmallVector<int32_t>> codes = assignStatusCodes(module, asserts);
    if (failed(codes))
      return signalPassFailure();

    // Last to first, as convertToAborts does.
    for (auto [constOp, code] :
         llvm::reverse(llvm::zip_equal(asserts, *codes))) {
      cf::AssertOp op = constOp;
      Location loc = op.getLoc();
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

  /// Each failing assert prints its message, flushes and aborts; with a
  /// status handler, each one that names a rule calls the handler with its
  /// status code and message instead.
  void convertToAborts(ModuleOp module, ArrayRef<cf::AssertOp> asserts) {
    SmallVector<cf::AssertOp> ruleless;
    SmallVector<int32_t> codes(asserts.size(), 0);
    if (!statusHandler.empty()) {
      FailureOr<SmallVector<int32_t>> assigned =
          assignStatusCodes(module, asserts, &ruleless);
      if (failed(assigned))
        return signalPassFailure();
      codes = std::move(*assigned);
    } else {
      // Only the verification of the rule attributes.
      for (cf::AssertOp op : asserts)
        if (failed(readRule(op)))
          return signalPassFailure();
      ruleless.assign(asserts.begin(), asserts.end());
    }
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    builder.setInsertionPointToStart(module.getBody());
    SymbolTableCollection symbolTables;
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i32Type = IntegerType::get(context, 32);
    auto voidType = LLVM::LLVMVoidType::get(context);
    // The same declarations as upstream's lowering, so that both can meet in
    // one module; only those that are called.
    FailureOr<LLVM::LLVMFuncOp> putsFn, fflushFn, abortFn, handlerFn;
    if (!ruleless.empty()) {
      putsFn = LLVM::lookupOrCreatePrintStringFn(
          builder, module, StringRef("puts"), &symbolTables);
      fflushFn = LLVM::lookupOrCreateFn(builder, module, "fflush", {ptrType},
                                        i32Type, /*isVarArg=*/false,
                                        /*isReserved=*/false, &symbolTables);
      abortFn = LLVM::lookupOrCreateFn(builder, module, "abort", {}, voidType,
                                       /*isVarArg=*/false,
                                       /*isReserved=*/false, &symbolTables);
      if (failed(putsFn) || failed(fflushFn) || failed(abortFn))
        return signalPassFailure();
    }
    if (ruleless.size() != asserts.size()) {
      handlerFn = LLVM::lookupOrCreateFn(
          builder, module, statusHandler, {i32Type, ptrType}, voidType,
          /*isVarArg=*/false, /*isReserved=*/false, &symbolTables);
      if (failed(handlerFn))
        return signalPassFailure();
    }

    SymbolTable &symbolTable = symbolTables.getSymbolTable(module);
    llvm::StringMap<LLVM::GlobalOp> messages;
    // Last to first: splitting a block at an assert moves the operations
    // after it to a new block, and each assert then only moves the operations
    // up to the next one. First to last would move the rest of the function
    // at every assert, quadratic in the number of checks.
    for (auto [constOp, code] :
         llvm::reverse(llvm::zip_equal(asserts, codes))) {
      cf::AssertOp op = constOp;
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
      if (code != 0) {
        Value status = LLVM::ConstantOp::create(
            builder, loc, i32Type, builder.getI32IntegerAttr(code));
        LLVM::CallOp::create(builder, loc, *handlerFn,
                             ValueRange{status, message});
      } else {
        LLVM::CallOp::create(builder, loc, *putsFn, ValueRange{message});
        Value allStreams = LLVM::ZeroOp::create(builder, loc, ptrType);
        LLVM::CallOp::create(builder, loc, *fflushFn, ValueRange{allStreams});
        LLVM::CallOp::create(builder, loc, *abortFn, ValueRange{});
      }
      LLVM::UnreachableOp::create(builder, loc);

      builder.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(builder, loc, op.getArg(), after, ValueRange{},
                               failure, ValueRange{});
      op.erase();
    }
  }
};

/// Nests the rest of `block` after its first cf.assert in an `scf.if` on the
/// assert's condition, whose else branch yields the status code, and so on
/// for the asserts that follow: one exit per function, structured control
/// flow for C. `block` ends in a func.return of the status. The asserts are
/// taken last first: each op then moves once, into the `scf.if` of the
/// assert before it (the ops between two asserts, and the `scf.if` of the
/// later one), so the time is linear in the size of the block, where taking
/// the first one first moved the rest of the block again for each assert;
/// the nesting is the same.
static void nestAfterAsserts(Block *block, ArrayRef<cf::AssertOp> asserts,
                             ArrayRef<int32_t> codes) {
  OpBuilder builder(block->getParentOp()->getContext());
  auto i32Type = builder.getI32Type();
  for (size_t k = asserts.size(); k-- > 0;) {
    cf::AssertOp op = asserts[k];
    Location loc = op.getLoc();
    Operation *terminator = block->getTerminator();
    builder.setInsertionPoint(op);
    auto ifOp = scf::IfOp::create(builder, loc, TypeRange{i32Type}, op.getArg(),
                                  /*withElseRegion=*/true);
    Block *passed = ifOp.thenBlock();
    passed->getOperations().splice(passed->end(), block->getOperations(),
                                   std::next(op->getIterator()), block->end());
    builder.setInsertionPointToEnd(ifOp.elseBlock());
    Value status = arith::ConstantIntOp::create(builder, loc, codes[k], 32);
    scf::YieldOp::create(builder, loc, status);
    builder.setInsertionPointToEnd(block);
    Operation *exit = builder.clone(*terminator);
    exit->setOperands(ifOp.getResults());
    builder.setInsertionPoint(terminator);
    scf::YieldOp::create(builder, terminator->getLoc(),
                         terminator->getOperands());
    terminator->erase();
    op.erase();
  }
}

struct ConvertAssertToStatusPass
    : public mlir::sonnx::impl::ConvertAssertToStatusPassBase<
          ConvertAssertToStatusPass> {
  using ConvertAssertToStatusPassBase::ConvertAssertToStatusPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto i32Type = IntegerType::get(&getContext(), 32);
    SmallVector<cf::AssertOp> asserts;
    WalkResult result = module.walk([&](cf::AssertOp op) {
      auto func = dyn_cast<func::FuncOp>(op->getParentOp());
      if (!func) {
        op.emitError() << "a run-time check inside a region of '"
                       << op->getParentOp()->getName()
                       << "' cannot return a status: " << op.getMsg();
        return WalkResult::interrupt();
      }
      if (!func.getBody().hasOneBlock() ||
          func.getResultTypes() != ArrayRef<Type>{i32Type}) {
        op.emitError() << "a run-time check in a function that returns no "
                          "i32 status alone, or of several blocks, cannot "
                          "return one: "
                       << op.getMsg();
        return WalkResult::interrupt();
      }
      asserts.push_back(op);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (asserts.empty())
      return markAllAnalysesPreserved();
    FailureOr<SmallVector<int32_t>> codes = assignStatusCodes(module, asserts);
    if (failed(codes))
      return signalPassFailure();
    // The asserts of each function, in order.
    for (size_t begin = 0; begin < asserts.size();) {
      Block *block = asserts[begin]->getBlock();
      size_t end = begin;
      while (end < asserts.size() && asserts[end]->getBlock() == block)
        ++end;
      nestAfterAsserts(block, ArrayRef(asserts).slice(begin, end - begin),
                       ArrayRef(*codes).slice(begin, end - begin));
      begin = end;
    }
  }
};

} // namespace
