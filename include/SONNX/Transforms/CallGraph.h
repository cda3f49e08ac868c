//===- CallGraph.h - the functions a function reaches -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// One walk of the call graph from a function, shared by the passes that
// work on what a function reaches (`--sonnx-make-entry-function`) and by
// the checks of sonnx-compile, which report recursion, calls of functions
// without a body and ops outside the dialects it takes as the walk meets
// them.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TRANSFORMS_CALLGRAPH_H
#define SONNX_TRANSFORMS_CALLGRAPH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Visitors.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace sonnx {

/// What walkReachedFunctions reports; a null callback is not called (the
/// walk goes on). A callback that returns WalkResult::interrupt() ends the
/// walk.
struct ReachedFunctionsVisitor {
  /// Each op of a reached function with a body (the function itself first),
  /// in pre-order. The callee of a `func.call` is walked right after the
  /// call has been visited, when it is reached for the first time.
  llvm::function_ref<WalkResult(func::FuncOp, Operation *)> visitOp;
  /// A function reached again while it is being walked: a recursive call,
  /// direct or not. Its body is not walked again.
  llvm::function_ref<WalkResult(func::FuncOp)> onRecursion;
  /// A reached function without a body.
  llvm::function_ref<WalkResult(func::FuncOp)> onExternal;
  /// A `func.call` in `caller` whose callee is no `func.func`.
  llvm::function_ref<WalkResult(func::FuncOp caller, func::CallOp)>
      onUnknownCallee;
};

/// Walks `root` and the functions it reaches through `func.call` ops, depth
/// first, each once, and adds them to `reached` (`root` included, and the
/// reached functions without a body). Returns WalkResult::interrupt() when a
/// callback of `visitor` ended the walk.
WalkResult walkReachedFunctions(func::FuncOp root,
                                llvm::SmallPtrSetImpl<Operation *> &reached,
                                const ReachedFunctionsVisitor &visitor = {});

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TRANSFORMS_CALLGRAPH_H
