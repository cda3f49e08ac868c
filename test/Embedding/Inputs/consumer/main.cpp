//===- main.cpp - a compiler embedding sonnx ------------------------------===//
//
// Part of the sonnx project.
//
// Builds each sonnx op with the C++ builders, which infer the result types
// from the operands and the constant shape/axes values, then verifies and
// prints the module.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static Value i64Constant(OpBuilder &b, Location loc, ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    b.getI64Type());
  return arith::ConstantOp::create(b, loc,
                                   DenseIntElementsAttr::get(type, values));
}

int main() {
  MLIRContext ctx;
  ctx.loadDialect<sonnx::SONNXDialect, func::FuncDialect,
                  arith::ArithDialect>();
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());

  auto x = RankedTensorType::get({2, 3, 4}, b.getF32Type());
  auto v = RankedTensorType::get({ShapedType::kDynamic}, b.getI8Type());
  auto fn = func::FuncOp::create(b, loc, "f", b.getFunctionType({x, v}, {}));
  b.setInsertionPointToStart(fn.addEntryBlock());
  Value data = fn.getArgument(0), vec = fn.getArgument(1);

  auto reshape =
      sonnx::ReshapeOp::create(b, loc, data, i64Constant(b, loc, {0, -1}));
  auto unsqueeze =
      sonnx::UnsqueezeOp::create(b, loc, data, i64Constant(b, loc, {-1, 0}));
  auto flatten = sonnx::FlattenOp::create(b, loc, data, /*axis=*/-1);
  auto broadcast = sonnx::BroadcastOp::create(b, loc, ValueRange{data, vec});
  auto expand =
      sonnx::ExpandOp::create(b, loc, vec, i64Constant(b, loc, {5, 1}));
  // Invalid operands still build (with the least specific result type); the
  // verifier then reports the broken rule.
  auto invalid =
      sonnx::ReshapeOp::create(b, loc, data, i64Constant(b, loc, {5, -1}));
  func::ReturnOp::create(b, loc);

  for (Operation *op : {reshape.getOperation(), unsqueeze.getOperation(),
                        flatten.getOperation(), broadcast.getOperation(),
                        expand.getOperation(), invalid.getOperation()}) {
    llvm::outs() << op->getName() << " ->";
    for (Type t : op->getResultTypes())
      llvm::outs() << " " << t;
    llvm::outs() << "\n";
  }
  invalid->erase();
  if (failed(verify(*module)))
    return 1;
  llvm::outs() << "verified\n";
  return 0;
}
