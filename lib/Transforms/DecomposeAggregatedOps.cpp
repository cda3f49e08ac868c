//===- DecomposeAggregatedOps.cpp - linalg.softmax as generics ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// linalg.softmax (and any op with upstream's AggregatedOpInterface) has no
// loop lowering: --convert-linalg-to-loops leaves it, and the LLVM
// translation then fails. On tensors, before bufferization, upstream's own
// decomposition turns it into the generics of its definition (a max
// reduction, exp(x - max), a sum reduction, a division), which the rest of
// the pipeline lowers like any other.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_DECOMPOSEAGGREGATEDOPSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

struct DecomposeAggregatedOpsPass
    : public mlir::sonnx::impl::DecomposeAggregatedOpsPassBase<
          DecomposeAggregatedOpsPass> {
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> ops;
    getOperation()->walk(
        [&](linalg::AggregatedOpInterface op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : ops) {
      if (!isa_and_nonnull<RankedTensorType>(
              op->getResultTypes().empty() ? Type()
                                           : op->getResult(0).getType())) {
        op->emitOpError("is decomposed on tensors only, before "
                        "bufferization");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
      if (failed(values)) {
        op->emitOpError("could not be decomposed into linalg generics");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *values);
    }
  }
};

} // namespace
