//===- HoistInvariantLoads.cpp - loads that a loop does not change --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Moves a memref.load out of an scf.for when the loop neither changes its
// indices nor writes its memory, and runs at least once; with upstream's
// loop-invariant code motion of pure ops (the index arithmetic). The C
// output (sonnx-compile --emit=c) then loads the element of a broadcast
// along the innermost dimension once per row, and the row's loop stores a
// value that no store can change: GCC at -O2 vectorizes it, where it left
// a loop that reloads an input after each store to an output scalar.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_HOISTINVARIANTLOADSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `a` and `b` may be the same memory: the same value, or globals
/// of the same name. Different arguments of a function do not overlap when
/// one is written (the ABI of sonnx-compile's header), and a global is no
/// argument (the caller cannot reach the code's static storage).
static bool mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  auto globalA = a.getDefiningOp<memref::GetGlobalOp>();
  auto globalB = b.getDefiningOp<memref::GetGlobalOp>();
  if (globalA && globalB)
    return globalA.getName() == globalB.getName();
  // Anything other than an argument or a global: assume the worst.
  auto isRoot = [](Value value) {
    return isa<BlockArgument>(value) ||
           value.getDefiningOp<memref::GetGlobalOp>();
  };
  return !isRoot(a) || !isRoot(b) ||
         (isa<BlockArgument>(a) && isa<BlockArgument>(b) &&
          cast<BlockArgument>(a).getOwner() !=
              cast<BlockArgument>(b).getOwner());
}

/// The memrefs that `loop` writes, or nullopt if something in it writes
/// memory that it does not name (or has unknown effects).
static std::optional<SmallVector<Value>> getWrittenMemRefs(scf::ForOp loop) {
  SmallVector<Value> written;
  bool unknown = false;
  loop.getBody()->walk([&](Operation *op) {
    if (isPure(op) || op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      unknown = true;
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (!value) {
        unknown = true;
        return WalkResult::interrupt();
      }
      written.push_back(value);
    }
    return WalkResult::advance();
  });
  if (unknown)
    return std::nullopt;
  return written;
}

struct HoistInvariantLoadsPass
    : public sonnx::impl::HoistInvariantLoadsPassBase<HoistInvariantLoadsPass> {
  using HoistInvariantLoadsPassBase::HoistInvariantLoadsPassBase;

  void runOnOperation() override {
    // Post-order: an inner loop's loads move out first, then perhaps out
    // of the loop around it.
    getOperation().walk([&](scf::ForOp loop) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      std::optional<SmallVector<Value>> written = getWrittenMemRefs(loop);
      bool loadsMove = trips && !trips->isZero() && written.has_value();
      Region *body = &loop.getRegion();
      moveLoopInvariantCode(
          body,
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            if (auto load = dyn_cast<memref::LoadOp>(op))
              return loadsMove && llvm::none_of(*written, [&](Value memref) {
                       return mayAlias(memref, load.getMemRef());
                     });
            return isMemoryEffectFree(op) && isSpeculatable(op);
          },
          [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    });
  }
};

} // namespace
