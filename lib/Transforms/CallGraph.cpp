//===- CallGraph.cpp - the functions a function reaches -------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/CallGraph.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>

using namespace mlir;

WalkResult
mlir::sonnx::walkReachedFunctions(func::FuncOp root,
                                  llvm::SmallPtrSetImpl<Operation *> &reached,
                                  const ReachedFunctionsVisitor &visitor) {
  SymbolTableCollection symbols;
  // The functions being walked, from `root`: a function reached again
  // while it is on this path calls itself.
  llvm::SmallVector<Operation *> path;
  std::function<WalkResult(func::FuncOp)> visit =
      [&](func::FuncOp f) -> WalkResult {
    if (llvm::is_contained(path, f.getOperation()))
      return visitor.onRecursion ? visitor.onRecursion(f)
                                 : WalkResult::advance();
    if (!reached.insert(f).second)
      return WalkResult::advance();
    if (f.isExternal())
      return visitor.onExternal ? visitor.onExternal(f) : WalkResult::advance();
    path.push_back(f);
    // Pre-order: an op is visited before its body and before its callee.
    WalkResult result = f.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (visitor.visitOp && visitor.visitOp(f, op).wasInterrupted())
        return WalkResult::interrupt();
      auto call = dyn_cast<func::CallOp>(op);
      if (!call)
        return WalkResult::advance();
      auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee)
        return visitor.onUnknownCallee ? visitor.onUnknownCallee(f, call)
                                       : WalkResult::advance();
      return visit(callee);
    });
    path.pop_back();
    return result;
  };
  return visit(root);
}
