//===- NontemporalIntegerStores.cpp - keep streaming stores streaming -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A nontemporal `llvm.store` of a vector of floating-point elements narrower
// than 32 bits stores the same bits as an integer vector instead. LLVM 22's
// x86 backend drops the nontemporal hint of `<N x half>` and `<N x bfloat>`
// stores when the target has no native vectors of them (AVX-512 without
// FP16): an f16 broadcast was written through the cache, with a read of
// every output line, at 20 GB/s instead of 28 (docs/benchmarks.md). Integer
// vector stores keep it on every target. The store moves bits, so the
// result is the same bit for bit.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_NONTEMPORALINTEGERSTORESPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// The integer vector with the bits of `type`, if it is a fixed-size vector
/// of floating-point elements narrower than 32 bits (f32 and f64 vectors
/// are native vector types, whose nontemporal stores the backends keep).
VectorType getIntegerVectorType(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || vector.isScalable())
    return nullptr;
  auto element = dyn_cast<FloatType>(vector.getElementType());
  if (!element || element.getWidth() >= 32)
    return nullptr;
  return VectorType::get(
      vector.getShape(),
      IntegerType::get(type.getContext(), element.getWidth()));
}

struct NontemporalIntegerStoresPass
    : public mlir::sonnx::impl::NontemporalIntegerStoresPassBase<
          NontemporalIntegerStoresPass> {
  void runOnOperation() override {
    SmallVector<LLVM::StoreOp> stores;
    getOperation()->walk([&](LLVM::StoreOp store) {
      if (store.getNontemporal() &&
          getIntegerVectorType(store.getValue().getType()))
        stores.push_back(store);
    });
    // Nothing changed: the pass manager then skips the verifier.
    if (stores.empty())
      return markAllAnalysesPreserved();
    OpBuilder builder(&getContext());
    for (LLVM::StoreOp store : stores) {
      builder.setInsertionPoint(store);
      Value bits = LLVM::BitcastOp::create(
          builder, store.getLoc(),
          getIntegerVectorType(store.getValue().getType()), store.getValue());
      store.getValueMutable().assign(bits);
    }
  }
};

} // namespace
