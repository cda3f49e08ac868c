//===- LiteralConstants.cpp - integer constants as C literals -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-emitc-literal-constants` (Passes.td): the integer constants of
// the EmitC functions become literals, which the C printer writes where
// they are used. Moved from the C emitter (makeReadable), which changed
// the module it printed.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Support/CElementTypes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXEMITCLITERALCONSTANTSPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

namespace {

/// The C literal of `constant`, or nullopt when it stays a constant: an
/// index (size_t) constant has the suffix U, as MISRA C:2012 rule 10.4
/// wants both operands of `i * 3U` or `i += 1U` essentially unsigned; so
/// has a constant of an unsigned element type (rule 7.2), which a uint64_t
/// above INT64_MAX needs in C.
std::optional<std::string> getLiteralText(emitc::ConstantOp constant) {
  auto value = dyn_cast<IntegerAttr>(constant.getValue());
  if (!value || value.getType().isInteger(1))
    return std::nullopt;
  if (constant.getType().isUnsignedInteger())
    return formatCUnsigned(value.getValue());
  if (value.getValue().isNegative() || value.getValue().getActiveBits() > 31)
    return std::nullopt;
  bool unsignedType = isa<emitc::SizeTType, IndexType>(constant.getType());
  return std::to_string(value.getInt()) + (unsignedType ? "U" : "");
}

struct SONNXEmitCLiteralConstantsPass
    : public mlir::sonnx::impl::SONNXEmitCLiteralConstantsPassBase<
          SONNXEmitCLiteralConstantsPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    for (auto func : getOperation().getOps<emitc::FuncOp>()) {
      // --form-expressions wraps each constant in an expression of its
      // own, which becomes a variable when it has several uses.
      func.walk([&](Operation *op) {
        auto constant = dyn_cast<emitc::ConstantOp>(op);
        if (auto expression = dyn_cast<emitc::ExpressionOp>(op)) {
          Block &body = expression.getBodyRegion().front();
          if (body.getOperations().size() == 2)
            constant = dyn_cast<emitc::ConstantOp>(body.front());
          if (!constant)
            return;
        } else if (!constant || isa<emitc::ExpressionOp>(op->getParentOp())) {
          return;
        }
        std::optional<std::string> text = getLiteralText(constant);
        if (!text)
          return;
        builder.setInsertionPoint(op);
        op->getResult(0).replaceAllUsesWith(
            emitc::LiteralOp::create(builder, op->getLoc(),
                                     op->getResult(0).getType(), *text)
                .getResult());
        op->erase();
      });
    }
  }
};

} // namespace
