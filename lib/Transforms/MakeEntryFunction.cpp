//===- MakeEntryFunction.cpp - the entry function of an object ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// An ahead-of-time object (docs/deployment.md) has one external symbol, a
// function that a C caller calls with one pointer per input and one per
// output and that returns a status code. This pass gives a function of
// tensors that signature before the lowering: destination-passing style for
// the results, read-only inputs, an i32 status, and placeholders where the
// bare-pointer convention cannot pass a buffer without elements.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Transforms/CallGraph.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_MAKEENTRYFUNCTIONPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

/// Checks that every argument and result of `func` is a tensor of static
/// shape, which the rewrite gives a destination or a placeholder of.
static LogicalResult checkSignature(func::FuncOp func) {
  auto check = [&](Type type, llvm::StringRef what,
                   unsigned i) -> LogicalResult {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (ranked && ranked.hasStaticShape())
      return success();
    return func.emitError()
           << "'" << func.getSymName() << "' has " << what << " " << i
           << " of type " << type
           << ": an entry function takes and returns tensors of static shape";
  };
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (failed(check(type, "argument", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
    if (failed(check(type, "result", i)))
      return failure();
  return success();
}

/// Rewrites `func` into the entry function `name`: one destination argument
/// per result, the results materialized in them, inputs read-only, and an
/// i32 status result (0; the lowering adds the codes of failing checks).
/// Parameters without elements become unused placeholders.
static void rewriteEntryFunction(func::FuncOp func, llvm::StringRef name) {
  MLIRContext *context = func.getContext();
  OpBuilder builder(context);
  unsigned inputCount = func.getNumArguments();
  SmallVector<Type> resultTypes(func.getResultTypes());
  func.removeArgAttrsAttr();
  func.removeResAttrsAttr();
  Block &body = func.getBody().front();
  // A parameter without elements is a pointer that nothing reads or
  // writes; upstream's bare-pointer convention leaves a function with a
  // memref argument without elements unconverted, so the function takes a
  // one-element placeholder there, an input's uses get an empty tensor of
  // its type, and an output is not written.
  auto isEmpty = [](Type type) {
    return sonnx::getStaticElementCount(
               cast<RankedTensorType>(type).getShape()) == 0;
  };
  auto placeholder = [](Type type) -> Type {
    return RankedTensorType::get({1},
                                 cast<RankedTensorType>(type).getElementType());
  };
  builder.setInsertionPointToStart(&body);
  for (BlockArgument argument : body.getArguments()) {
    if (!isEmpty(argument.getType()))
      continue;
    auto type = cast<RankedTensorType>(argument.getType());
    argument.replaceAllUsesWith(tensor::EmptyOp::create(
        builder, func.getLoc(), type.getShape(), type.getElementType()));
    argument.setType(placeholder(type));
  }
  SmallVector<Type> newResultTypes;
  for (Type type : resultTypes) {
    body.addArgument(isEmpty(type) ? placeholder(type) : type, func.getLoc());
    if (!isEmpty(type))
      newResultTypes.push_back(type);
  }
  SmallVector<Type> argumentTypes(body.getArgumentTypes());
  newResultTypes.push_back(builder.getI32Type());
  func.setFunctionType(builder.getFunctionType(argumentTypes, newResultTypes));
  // The caller's inputs are never written. All the arguments' attributes at
  // once: setArgAttr rebuilds the array of all of them, quadratic in the
  // number of arguments.
  SmallVector<DictionaryAttr> argumentAttrs(argumentTypes.size(),
                                            DictionaryAttr::get(context));
  DictionaryAttr readOnly = DictionaryAttr::get(
      context, builder.getNamedAttr(
                   bufferization::BufferizationDialect::kWritableAttrName,
                   builder.getBoolAttr(false)));
  for (unsigned i = 0; i < inputCount; ++i)
    argumentAttrs[i] = readOnly;
  func.setAllArgAttrs(argumentAttrs);

  SmallVector<func::ReturnOp> returns(func.getOps<func::ReturnOp>());
  for (func::ReturnOp ret : returns) {
    builder.setInsertionPoint(ret);
    SmallVector<Value> values;
    for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
      if (isEmpty(value.getType()))
        continue;
      Value destination = body.getArgument(inputCount + i);
      values.push_back(bufferization::MaterializeInDestinationOp::create(
                           builder, ret.getLoc(), destination.getType(), value,
                           destination, /*restrict=*/false,
                           /*writable=*/false)
                           .getResult());
    }
    values.push_back(
        arith::ConstantIntOp::create(builder, ret.getLoc(), 0, 32));
    ret->setOperands(values);
  }
  func.setSymName(name);
  // Upstream's --drop-equivalent-buffer-results only changes the signature
  // of private functions (a public one may have callers it cannot see);
  // sonnx-compile makes it public again after the lowering.
  func.setPrivate();
}

namespace {
struct MakeEntryFunctionPass
    : public sonnx::impl::MakeEntryFunctionPassBase<MakeEntryFunctionPass> {
  using MakeEntryFunctionPassBase::MakeEntryFunctionPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (functionName.empty()) {
      module.emitError() << "--sonnx-make-entry-function needs the function "
                            "to rewrite (function=NAME)";
      return signalPassFailure();
    }
    auto func = module.lookupSymbol<func::FuncOp>(functionName);
    if (!func) {
      module.emitError() << "the module has no function '" << functionName
                         << "'";
      return signalPassFailure();
    }
    if (func.isExternal()) {
      func.emitError() << "'" << functionName
                       << "' has no body to make the entry function of";
      return signalPassFailure();
    }
    llvm::StringRef name = entryName.empty() ? func.getSymName() : entryName;
    if (Operation *other = module.lookupSymbol(name); other && other != func) {
      InFlightDiagnostic diag = func.emitError()
                                << "the module already has a symbol '" << name
                                << "'";
      diag.attachNote(other->getLoc()) << "the symbol '" << name << "'";
      return signalPassFailure();
    }
    if (failed(checkSignature(func)))
      return signalPassFailure();

    // The entry function is the object's only external symbol, and only the
    // functions it calls are compiled.
    llvm::SmallPtrSet<Operation *, 8> reached;
    (void)sonnx::walkReachedFunctions(func, reached);
    // Its signature changes: a call of it would no longer match.
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(func, module);
    if (!uses) {
      func.emitError() << "cannot tell which ops refer to '" << functionName
                       << "': the module holds an op that may define a "
                          "symbol table the pass does not know";
      return signalPassFailure();
    }
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto caller = use.getUser()->getParentOfType<func::FuncOp>();
      if (!caller || !reached.contains(caller))
        continue;
      use.getUser()->emitError()
          << "'" << caller.getSymName() << "', which '" << functionName
          << "' reaches, refers to it: nothing calls an entry function";
      return signalPassFailure();
    }
    for (auto other : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (!reached.contains(other))
        other.erase();
      else if (other != func)
        other.setPrivate();

    rewriteEntryFunction(func, name);
  }
};
} // namespace
