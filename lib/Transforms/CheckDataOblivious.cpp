//===- CheckDataOblivious.cpp - loaded values reach only stores ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Every function sonnx compiles is a data-oblivious gather: each output
// element is a copy of an input element or a constant, chosen by the
// shapes, never by the data (issue 26, item 1, the static half). This pass
// checks it on the LLVM dialect: the value of every element load is followed
// through the ops that only move it (bitcasts, aggregate and vector
// insert/extract/shuffle, the values of a select, the operands a branch
// passes to a block) and must end in a store; any other use (a branch or
// select condition, an address, an index, a call argument, arithmetic, a
// returned value) is an error at the using op. Every value it follows must
// also have an integer (or pointer) type: a shape op moves bits, and a
// backend may legalize a floating-point value through float arithmetic
// (--sonnx-integer-element-moves, docs/pipeline.md).
//
// Upstream dialects only (docs/development.md): the ONNX node of an op is
// named from its location by the node-identity helper (getSourceLabels,
// SONNXLocations.h), as every other layer names it.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Transforms/Passes.h"

#include "ElementMoves.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CHECKDATAOBLIVIOUSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `type` is a memref descriptor: `!llvm.struct<(ptr, ptr, i64,
/// ...)>` (ranked) or `!llvm.struct<(i64, ptr)>` (unranked). A load of one
/// (a C-interface wrapper loading its argument) reads no element: no
/// element type of the profile lowers to such a struct (numbers, complex
/// numbers `!llvm.struct<(fN, fN)>`, strings as i64 handles).
bool isMemRefDescriptor(Type type) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(type);
  if (!structType)
    return false;
  ArrayRef<Type> body = structType.getBody();
  auto isPtr = [](Type t) { return isa<LLVM::LLVMPointerType>(t); };
  auto isI64 = [](Type t) { return t.isInteger(64); };
  if (body.size() == 2)
    return isI64(body[0]) && isPtr(body[1]);
  return body.size() >= 3 && isPtr(body[0]) && isPtr(body[1]) && isI64(body[2]);
}

/// The ONNX nodes (or other named sources) of `loc`, as a message suffix:
/// " in node 3 'cast_1' (Cast)".
std::string describeNode(Location loc) {
  SmallVector<std::string> names = sonnx::getSourceLabels(loc);
  if (names.empty())
    return "";
  std::string text = " in ";
  llvm::raw_string_ostream os(text);
  llvm::interleave(names, os, ", ");
  return text;
}

/// The op that read the value, by its ONNX nodes or else its file location:
/// "the llvm.load in node 0 (Expand)", "the llvm.load at f.mlir:3:8".
std::string describeLoad(Operation *load) {
  std::string text = "the " + load->getName().getStringRef().str();
  if (!sonnx::getSourceLabels(load->getLoc()).empty())
    return text + describeNode(load->getLoc());
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = load->getLoc()->findInstanceOf<FileLineColLoc>())
    os << " at " << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine()
       << ":" << fileLoc.getColumn();
  return text;
}

class Checker {
public:
  explicit Checker(LLVM::LLVMFuncOp func) : func(func) {}

  /// Follows every loaded value; false if one reaches a use that is not a
  /// move or a store (each reported).
  bool run() {
    // Every op that reads memory into a value: the value is an element.
    // The pipeline produces loads and masked loads; the others are followed
    // too, so that none is silently missed.
    func.walk([&](Operation *op) {
      llvm::TypeSwitch<Operation *>(op)
          .Case([&](LLVM::LoadOp load) {
            if (!isMemRefDescriptor(load.getType()))
              taint(load.getResult(), op, op);
          })
          .Case<LLVM::MaskedLoadOp, LLVM::masked_gather,
                LLVM::masked_expandload, LLVM::VPLoadOp, LLVM::VPStridedLoadOp,
                LLVM::MatrixColumnMajorLoadOp, LLVM::AtomicRMWOp,
                LLVM::AtomicCmpXchgOp, LLVM::VaArgOp>(
              [&](Operation *) { taintResults(op, op); });
    });
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses())
        visit(use, origin.lookup(value));
    }
    return !failed;
  }

private:
  /// Follows `value`, which `at` defines from the element that `load`
  /// read; the first value of a floating-point type made from each load is
  /// reported at `at`.
  void taint(Value value, Operation *load, Operation *at) {
    if (!origin.try_emplace(value, load).second)
      return;
    worklist.push_back(value);
    Type type = value.getType();
    if (sonnx::getIntegerBitsType(type) == type ||
        !floatReported.insert(load).second || !reported.insert(at))
      return;
    failed = true;
    at->emitOpError() << "moves an element value (" << describeLoad(load)
                      << ") as the floating-point type " << type
                      << describeNode(at->getLoc())
                      << ": element values are moved as integers of their "
                         "width (--sonnx-integer-element-moves), which no "
                         "backend converts";
  }

  void taintResults(Operation *op, Operation *load) {
    for (Value result : op->getResults())
      taint(result, load, op);
  }

  /// Reports `use` once per using op.
  void violation(OpOperand &use, Operation *load) {
    Operation *user = use.getOwner();
    failed = true;
    if (!reported.insert(user))
      return;
    user->emitOpError() << "uses a value loaded from memory ("
                        << describeLoad(load) << ") as operand "
                        << use.getOperandNumber()
                        << describeNode(user->getLoc())
                        << ": the function is not data-oblivious";
  }

  /// Follows a loaded value into the values its use moves it to (the one
  /// list of moves, ElementMoves.h); a store needs nothing; any other use
  /// is a violation.
  void visit(OpOperand &use, Operation *load) {
    SmallVector<Value> targets;
    switch (sonnx::classifyElementUse(use, targets)) {
    case sonnx::ElementUse::Move:
      for (Value target : targets)
        taint(target, load, use.getOwner());
      return;
    case sonnx::ElementUse::Store:
      return;
    case sonnx::ElementUse::Compute:
      violation(use, load);
      return;
    }
  }

  LLVM::LLVMFuncOp func;
  llvm::DenseMap<Value, Operation *> origin;
  SmallVector<Value> worklist;
  llvm::SetVector<Operation *> reported;
  llvm::DenseSet<Operation *> floatReported;
  bool failed = false;
};

struct CheckDataObliviousPass
    : public sonnx::impl::CheckDataObliviousPassBase<CheckDataObliviousPass> {
  void runOnOperation() override {
    markAllAnalysesPreserved();
    bool ok = true;
    getOperation()->walk([&](LLVM::LLVMFuncOp func) {
      if (!Checker(func).run())
        ok = false;
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
