//===- CheckAllocations.cpp - allocations that cannot silently fail ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A buffer of a huge tensor type (tensor<4611686018427387904xf32>, or a
// dynamic size that is huge at run time) has a byte size that wraps around
// int64 in the memref lowering, so `malloc` returns a small buffer that the
// code then overruns; and `malloc` returns null when memory runs out. Both
// would be undefined behaviour. This pass makes each a diagnostic: a static
// byte size that does not fit is a compile-time error; otherwise a run-time
// check of the byte size, and one of the returned pointer, abort with a
// message (they are resource limits, not rules of the profile: no ID).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "AllocationSize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CHECKALLOCATIONSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {
struct CheckAllocationsPass
    : public sonnx::impl::CheckAllocationsPassBase<CheckAllocationsPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation()->walk([&](memref::AllocOp op) { allocs.push_back(op); });
    // Nothing to check: the pass manager then skips the verifier.
    if (allocs.empty())
      return markAllAnalysesPreserved();
    for (memref::AllocOp op : allocs)
      if (failed(check(op)))
        return signalPassFailure();
  }

  LogicalResult check(memref::AllocOp op) {
    MemRefType type = op.getType();

    // The static part of the byte size: 0 with a static size 0, whatever
    // the other sizes (SizeProduct.h), and then nothing to check.
    FailureOr<int64_t> staticSize =
        sonnx::getStaticByteSize(type, DataLayout::closest(op));
    if (failed(staticSize))
      return op.emitOpError("allocates a buffer of type ")
             << type << ", whose byte size does not fit in int64";
    int64_t staticBytes = *staticSize;
    if (staticBytes == 0)
      return success();

    OpBuilder builder(op);
    Location loc = op.getLoc();
    std::string what;
    llvm::raw_string_ostream os(what);
    os << "buffer of type " << type;

    // The dynamic part: staticBytes * d0 * d1 ... must not overflow.
    if (!op.getDynamicSizes().empty()) {
      auto constant = [&](int64_t v) {
        return arith::ConstantIndexOp::create(builder, loc, v).getResult();
      };
      Value maxValue = constant(std::numeric_limits<int64_t>::max());
      Value zero = constant(0);
      Value one = constant(1);
      Value bytes = constant(staticBytes);
      Value overflow = arith::ConstantIntOp::create(builder, loc, 0, 1);
      // A run-time size 0 makes the buffer empty whatever the others.
      Value anyZero = arith::ConstantIntOp::create(builder, loc, 0, 1);
      for (Value size : op.getDynamicSizes()) {
        // bytes * size overflows iff size != 0 and bytes > max / size.
        Value isZero = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::eq, size, zero);
        anyZero = arith::OrIOp::create(builder, loc, anyZero, isZero);
        Value divisor =
            arith::SelectOp::create(builder, loc, isZero, one, size);
        Value limit = arith::DivUIOp::create(builder, loc, maxValue, divisor);
        Value tooBig = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ugt, bytes, limit);
        overflow = arith::OrIOp::create(builder, loc, overflow, tooBig);
        bytes = arith::MulIOp::create(builder, loc, bytes, size);
      }
      Value fits = arith::OrIOp::create(
          builder, loc, anyZero,
          arith::XOrIOp::create(
              builder, loc, overflow,
              arith::ConstantIntOp::create(builder, loc, 1, 1)));
      cf::AssertOp::create(builder, loc, fits,
                           "the byte size of a " + what +
                               " with its run-time sizes does not fit in "
                               "int64");
      // A zero-byte buffer may legitimately be null.
      builder.setInsertionPointAfter(op);
      Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
          builder, loc, op.getResult());
      Value nonNull = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ne, pointer, zero);
      Value ok = arith::OrIOp::create(builder, loc, nonNull, anyZero);
      cf::AssertOp::create(builder, loc, ok,
                           "out of memory: allocation of a " + what +
                               " failed");
      return success();
    }

    builder.setInsertionPointAfter(op);
    Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
        builder, loc, op.getResult());
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value nonNull = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, pointer, zero);
    cf::AssertOp::create(builder, loc, nonNull,
                         "out of memory: allocation of a " + what + " failed");
    return success();
  }
};
} // namespace
