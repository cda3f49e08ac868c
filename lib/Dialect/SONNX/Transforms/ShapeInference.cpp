//===- ShapeInference.cpp - propagate static shapes through sonnx ops -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// One forward walk: each sonnx op first looks through tensor.casts that hide
// static sizes of its operands, then gets result types as static as its
// operands allow (refineResultTypes, shared with the canonicalization
// patterns). Operands are defined before their users, so a walk in program
// order sees every op after its producers: the pass is linear in the number
// of ops.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/Transforms/Passes.h"

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXFolds.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXSHAPEINFERENCE
#include "SONNX/Dialect/SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

namespace {

struct SONNXShapeInferencePass
    : sonnx::impl::SONNXShapeInferenceBase<SONNXShapeInferencePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (!isa_and_present<SONNXDialect>(op->getDialect()))
        return;
      for (OpOperand &operand : op->getOpOperands()) {
        auto cast = operand.get().getDefiningOp<tensor::CastOp>();
        if (!cast || !tensor::canFoldIntoConsumerOp(cast))
          continue;
        operand.set(cast.getSource());
        // The cast precedes `op`, so the walk is past it.
        if (cast->use_empty())
          cast->erase();
      }
      (void)refineResultTypes(rewriter, op);
    });
  }
};

} // namespace
