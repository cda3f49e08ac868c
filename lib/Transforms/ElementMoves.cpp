//===- ElementMoves.cpp - how LLVM ops move element values ----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "ElementMoves.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sonnx;

/// The block arguments that branch `branch` forwards operand `number` to.
static void getForwardTargets(BranchOpInterface branch, unsigned number,
                              SmallVectorImpl<Value> &targets) {
  for (unsigned i = 0, e = branch->getNumSuccessors(); i != e; ++i) {
    SuccessorOperands operands = branch.getSuccessorOperands(i);
    OperandRange forwarded = operands.getForwardedOperands();
    if (forwarded.empty())
      continue;
    unsigned begin = forwarded.getBeginOperandIndex();
    if (number < begin || number >= begin + forwarded.size())
      continue;
    targets.push_back(branch->getSuccessor(i)->getArgument(
        operands.getProducedOperandCount() + (number - begin)));
  }
}

ElementUse mlir::sonnx::classifyElementUse(OpOperand &use,
                                           SmallVectorImpl<Value> &targets) {
  Operation *user = use.getOwner();
  auto moveIf = [&](bool moved) {
    if (!moved)
      return ElementUse::Compute;
    llvm::append_range(targets, user->getResults());
    return ElementUse::Move;
  };
  auto storeIf = [&](bool stored) {
    return stored ? ElementUse::Store : ElementUse::Compute;
  };
  return llvm::TypeSwitch<Operation *, ElementUse>(user)
      // Moves of the whole value, or of parts of it at positions that are
      // no element values.
      .Case<LLVM::BitcastOp, LLVM::FreezeOp, LLVM::InsertValueOp,
            LLVM::ExtractValueOp, LLVM::ShuffleVectorOp>(
          [&](Operation *) { return moveIf(true); })
      // Moves of an element chosen by an index (which is no element).
      .Case([&](LLVM::InsertElementOp op) {
        return moveIf(&use != &op.getPositionMutable());
      })
      .Case([&](LLVM::ExtractElementOp op) {
        return moveIf(&use != &op.getPositionMutable());
      })
      // A select moves one of its values; its condition decides which.
      .Case([&](LLVM::SelectOp op) {
        return moveIf(&use != &op.getConditionMutable());
      })
      // The pass-through value of a masked load (after its address and
      // mask) is moved into it.
      .Case([&](LLVM::MaskedLoadOp) {
        return moveIf(use.getOperandNumber() >= 2);
      })
      // Stores: the stored value, never the address or the mask.
      .Case([&](LLVM::StoreOp op) {
        return storeIf(&use == &op.getValueMutable());
      })
      .Case([&](LLVM::MaskedStoreOp op) {
        return storeIf(&use == &op.getValueMutable());
      })
      .Case([&](LLVM::MemsetOp op) {
        return storeIf(&use == &op.getValMutable());
      })
      .Case([&](LLVM::MemsetInlineOp op) {
        return storeIf(&use == &op.getValMutable());
      })
      // Branches move their forwarded operands into block arguments.
      .Case<LLVM::BrOp, LLVM::CondBrOp, LLVM::SwitchOp>([&](Operation *op) {
        size_t before = targets.size();
        getForwardTargets(cast<BranchOpInterface>(op), use.getOperandNumber(),
                          targets);
        return targets.size() != before ? ElementUse::Move
                                        : ElementUse::Compute;
      })
      .Default([](Operation *) { return ElementUse::Compute; });
}
