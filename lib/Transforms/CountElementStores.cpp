//===- CountElementStores.cpp - element stores of one call ----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// How many elements one call of a function stores, for the timing budget
// that sonnx-compile's header states (docs/deployment.md). Counted on
// buffers, before the loops, where each op that writes says how many
// elements it writes: the lowering after this point (vector row copies,
// loops, memcpy) writes each of them once, so the count is that of the
// code emitted, and it comes from one place for the object and the C.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_COUNTELEMENTSTORESPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {
/// Counts the element stores of ops, blocks and regions; the first reason
/// why a count is unknown ends the count.
class StoreCounter {
public:
  /// Why the last count failed.
  std::string reason;

  std::optional<int64_t> countBlock(Block &block) {
    int64_t total = 0;
    for (Operation &op : block) {
      std::optional<int64_t> count = countOp(&op);
      if (!count)
        return std::nullopt;
      if (llvm::AddOverflow(total, *count, total))
        return fail(&op, "the count exceeds int64");
    }
    return total;
  }

private:
  std::optional<int64_t> fail(Operation *op, const llvm::Twine &why) {
    reason = ("'" + op->getName().getStringRef() + "': " + why).str();
    return std::nullopt;
  }

  std::optional<int64_t> multiply(Operation *op, int64_t a, int64_t b) {
    int64_t product;
    if (llvm::MulOverflow(a, b, product))
      return fail(op, "the count exceeds int64");
    return product;
  }

  std::optional<int64_t> countRegion(Region &region) {
    int64_t total = 0;
    for (Block &block : region) {
      std::optional<int64_t> count = countBlock(block);
      if (!count)
        return std::nullopt;
      if (llvm::AddOverflow(total, *count, total))
        return fail(region.getParentOp(), "the count exceeds int64");
    }
    return total;
  }

  /// The elements of a static shape.
  std::optional<int64_t> countElements(Operation *op, ShapedType type) {
    if (!type.hasStaticShape())
      return fail(op, "it writes a buffer of unknown size");
    int64_t total = 1;
    for (int64_t size : type.getShape()) {
      std::optional<int64_t> product = multiply(op, total, size);
      if (!product)
        return std::nullopt;
      total = *product;
    }
    return total;
  }

  std::optional<int64_t> countOp(Operation *op) {
    // Each output once per iteration (--convert-linalg-to-loops; the
    // vector row copies of broadcasts write each element once as well).
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (!linalgOp.hasPureBufferSemantics())
        return fail(op, "it is not on buffers");
      int64_t iterations = 1;
      for (int64_t range : linalgOp.getStaticLoopRanges()) {
        if (ShapedType::isDynamic(range))
          return fail(op, "its iteration domain has an unknown size");
        std::optional<int64_t> product = multiply(op, iterations, range);
        if (!product)
          return std::nullopt;
        iterations = *product;
      }
      return multiply(op, iterations, linalgOp.getNumDpsInits());
    }
    if (auto copy = dyn_cast<memref::CopyOp>(op))
      return countElements(op, copy.getTarget().getType());
    if (isa<memref::StoreOp>(op))
      return 1;
    if (auto store = dyn_cast<vector::StoreOp>(op))
      return countElements(op, store.getVectorType());
    // A failing check returns (or aborts): a successful call passes it.
    if (isa<cf::AssertOp>(op))
      return 0;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (!lower || !upper || !step || *step <= 0)
        return fail(op, "its bounds or step are not constants");
      std::optional<int64_t> body = countRegion(loop.getRegion());
      if (!body)
        return std::nullopt;
      int64_t span;
      if (llvm::SubOverflow(*upper, *lower, span))
        return fail(op, "its trip count exceeds int64");
      int64_t trips = span <= 0 ? 0 : span / *step + (span % *step != 0);
      return multiply(op, trips, *body);
    }
    if (auto choice = dyn_cast<scf::IfOp>(op)) {
      std::optional<int64_t> thenCount = countRegion(choice.getThenRegion());
      std::optional<int64_t> elseCount = countRegion(choice.getElseRegion());
      if (!thenCount || !elseCount)
        return std::nullopt;
      if (std::optional<int64_t> condition =
              getConstantIntValue(choice.getCondition()))
        return *condition ? thenCount : elseCount;
      if (*thenCount != *elseCount)
        return fail(op, "its branches store " + llvm::Twine(*thenCount) +
                            " and " + llvm::Twine(*elseCount) +
                            " elements, and the branch taken depends on "
                            "the data");
      return thenCount;
    }
    // Another op with regions: what they hold must store nothing, since
    // how often they run is not known here.
    if (op->getNumRegions() != 0) {
      for (Region &region : op->getRegions()) {
        std::optional<int64_t> count = countRegion(region);
        if (!count)
          return std::nullopt;
        if (*count != 0)
          return fail(op, "it holds stores whose number of executions the "
                          "count does not know");
      }
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
        if (effects.hasEffect<MemoryEffects::Write>())
          return fail(op, "it writes memory in a way the count does not "
                          "know");
      return 0;
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return fail(op, "its memory effects are unknown");
    if (effects.hasEffect<MemoryEffects::Write>())
      return fail(op, "it writes memory in a way the count does not know");
    return 0;
  }
};

struct CountElementStoresPass
    : public sonnx::impl::CountElementStoresPassBase<CountElementStoresPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    SmallVector<NamedAttribute> counts;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      StoreCounter counter;
      std::optional<int64_t> count;
      if (func.getBody().hasOneBlock())
        count = counter.countBlock(func.getBody().front());
      else
        counter.reason = "the function has branches";
      counts.push_back(builder.getNamedAttr(
          func.getSymName(),
          count ? Attribute(builder.getI64IntegerAttr(*count))
                : Attribute(builder.getStringAttr(counter.reason))));
    }
    module->setAttr(sonnx::kElementStoresAttrName,
                    builder.getDictionaryAttr(counts));
    markAllAnalysesPreserved();
  }
};
} // namespace
