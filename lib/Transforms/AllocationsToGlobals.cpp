//===- AllocationsToGlobals.cpp - buffers in static storage ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// An ahead-of-time object runs where there is no heap (docs/deployment.md):
// every buffer the lowered code allocates gets a private global of its own
// instead. With static shapes each allocation of a function body executes
// once per call, so one global per allocation holds it; an allocation of a
// dynamic size, or one inside a loop or a branch, has no such storage and is
// an error.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_ALLOCATIONSTOGLOBALSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {
struct AllocationsToGlobalsPass
    : public sonnx::impl::AllocationsToGlobalsPassBase<
          AllocationsToGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A returned buffer would be the storage of every call (the second call
    // overwrites what the first returned), and the bare-pointer convention
    // of ahead-of-time code returns a descriptor's allocated pointer, which
    // a global does not have: results go into destination arguments.
    WalkResult returns = module.walk([&](func::ReturnOp op) {
      for (Value value : op.getOperands()) {
        if (!isa<BaseMemRefType>(value.getType()))
          continue;
        op.emitError() << "'"
                       << op->getParentOfType<func::FuncOp>().getSymName()
                       << "' returns a buffer of type " << value.getType()
                       << ": with static storage a function writes its "
                          "results into destination arguments (inline the "
                          "calls first; sonnx-compile does)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (returns.wasInterrupted())
      return signalPassFailure();
    // Upstream's bare-pointer convention, which ahead-of-time code uses,
    // leaves a function with a memref argument without elements
    // unconverted, silently.
    for (auto func : module.getOps<func::FuncOp>()) {
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
        auto memref = dyn_cast<MemRefType>(type);
        if (!memref || !memref.hasStaticShape() || memref.getNumElements() != 0)
          continue;
        func.emitError() << "'" << func.getSymName() << "' takes argument " << i
                         << " of type " << type
                         << ", which has no elements: the bare-pointer "
                            "calling convention of static storage cannot "
                            "take it (pass a one-element placeholder; "
                            "sonnx-compile does)";
        return signalPassFailure();
      }
    }

    SmallVector<memref::AllocOp> allocs;
    module.walk([&](memref::AllocOp op) { allocs.push_back(op); });
    // Nothing changed: the pass manager then skips the verifier.
    if (allocs.empty())
      return markAllAnalysesPreserved();

    SymbolTable symbolTable(module);
    OpBuilder builder(&getContext());
    for (memref::AllocOp op : allocs) {
      MemRefType type = op.getType();
      if (!type.hasStaticShape() || !type.getLayout().isIdentity()) {
        op.emitError() << "a buffer of type " << type
                       << " has no static storage: ahead-of-time code needs "
                       << (type.hasStaticShape()
                               ? "the identity (row-major) layout"
                               : "every size known at compile time");
        return signalPassFailure();
      }
      if (!isa<FunctionOpInterface>(op->getParentOp())) {
        op.emitError() << "a buffer of type " << type
                       << " is allocated inside a region of '"
                       << op->getParentOp()->getName()
                       << "'; static storage needs it in the function body";
        return signalPassFailure();
      }
      // The alignment of the allocation, or that of LLVM's memref lowering
      // for vector stores (64 bytes, a cache line).
      uint64_t alignment = op.getAlignment().value_or(64);
      builder.setInsertionPointToStart(module.getBody());
      auto global = memref::GlobalOp::create(
          builder, op.getLoc(), "__sonnx_buffer",
          builder.getStringAttr("private"), type,
          /*initial_value=uninitialized*/ builder.getUnitAttr(),
          /*constant=*/false, builder.getI64IntegerAttr(alignment));
      // Renames it to a unique __sonnx_buffer_N.
      symbolTable.insert(global);

      builder.setInsertionPoint(op);
      Value buffer = memref::GetGlobalOp::create(builder, op.getLoc(), type,
                                                 global.getSymName());
      for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      op.replaceAllUsesWith(buffer);
      op.erase();
    }
  }
};
} // namespace
