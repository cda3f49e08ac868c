//===- ChainMaterializations.cpp - one destination per computed tensor ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A tensor that several bufferization.materialize_in_destination ops write
// into different destinations is computed into the first one and copied
// into the others (--sonnx-chain-materializations, Passes.td).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CHAINMATERIALIZATIONSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {
struct ChainMaterializationsPass
    : public sonnx::impl::ChainMaterializationsPassBase<
          ChainMaterializationsPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk([&](Block *block) {
      // The first materialization of each source in this block.
      llvm::DenseMap<Value, Value> first;
      for (auto op :
           block->getOps<bufferization::MaterializeInDestinationOp>()) {
        Value source = op.getSource();
        // Only tensor destinations have a result to copy from.
        if (!op.getResult())
          continue;
        auto [it, inserted] = first.try_emplace(source, op.getResult());
        if (inserted)
          continue;
        op.getSourceMutable().assign(it->second);
        changed = true;
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
