//===- IntegerElementMoves.cpp - move element bits as integers ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A shape op moves bits: no element value may pass through a floating-point
// conversion or floating-point arithmetic. The LLVM dialect that the
// lowering produces only loads, moves and stores element values, but it
// does so with the element's type: `llvm.load ... -> bf16`, an
// `llvm.insertelement` of a bf16 into a `vector<32xbf16>`, a
// `llvm.shufflevector` splatting it. LLVM's backends legalize such values
// through float arithmetic where the target has no native type for them:
// x86 without AVX-512 BF16 extends a bfloat16 to float and truncates it
// back (a call of compiler-rt's __truncsfbf2, which the JIT does not have,
// and a truncation quiets a signaling NaN), and the x87 unit of i386 loads
// a float or double into an 80-bit register, quieting signaling NaNs.
//
// This pass retypes, in every `llvm.func`, each web of element values
// (the values connected by the ops that only move them: loads, bitcasts,
// freezes, vector and aggregate insert/extract/shuffle, the values of a
// select, the operands a branch passes to a block argument, masked loads'
// pass-through values; constants, undef, poison and zero values) to the
// integer types of the same widths: f16 and bf16 to i16, f32 to i32, f64
// to i64, vectors and literal structs (complex numbers) element by
// element. A web any of whose values is defined or used by another op (a
// call, a return, arithmetic, a function argument) keeps its types: its
// floats are arithmetic that the code really does, not moves of the shape
// ops. The memory read and written is the same bit for bit; only the
// registers that carry the bits change type, so that no backend converts
// them. `--sonnx-check-data-oblivious` then checks that no element load of
// a floating-point type is left.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "ElementMoves.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_INTEGERELEMENTMOVESPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

Type mlir::sonnx::getIntegerBitsType(Type type) {
  MLIRContext *context = type.getContext();
  if (auto floatType = dyn_cast<FloatType>(type))
    return IntegerType::get(context, floatType.getWidth());
  if (auto vector = dyn_cast<VectorType>(type)) {
    Type element = getIntegerBitsType(vector.getElementType());
    if (element == vector.getElementType())
      return type;
    return VectorType::get(vector.getShape(), element,
                           vector.getScalableDims());
  }
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
    Type element = getIntegerBitsType(array.getElementType());
    if (element == array.getElementType())
      return type;
    return LLVM::LLVMArrayType::get(element, array.getNumElements());
  }
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    // Identified structs have a name and a body of their own: left alone.
    if (structType.isIdentified())
      return type;
    SmallVector<Type> body;
    bool changed = false;
    for (Type field : structType.getBody()) {
      body.push_back(getIntegerBitsType(field));
      changed |= body.back() != field;
    }
    if (!changed)
      return type;
    return LLVM::LLVMStructType::getLiteral(context, body,
                                            structType.isPacked());
  }
  return type;
}

namespace {

/// Whether `type` holds a floating-point value somewhere.
bool hasFloat(Type type) { return sonnx::getIntegerBitsType(type) != type; }

/// The integer form of a constant's value attribute, or null when it has
/// none (an attribute kind other than a float, a dense or an array of them).
Attribute getIntegerBitsAttr(Attribute value, Type integerType) {
  if (auto floatAttr = dyn_cast<FloatAttr>(value))
    return IntegerAttr::get(integerType, floatAttr.getValue().bitcastToAPInt());
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    auto shaped = dyn_cast<ShapedType>(dense.getType());
    if (!shaped || !isa<FloatType>(shaped.getElementType()))
      return {};
    auto elementType =
        cast<IntegerType>(sonnx::getIntegerBitsType(shaped.getElementType()));
    return dense.bitcast(elementType);
  }
  if (auto array = dyn_cast<ArrayAttr>(value)) {
    // A struct constant: one attribute per field.
    auto structType = dyn_cast<LLVM::LLVMStructType>(integerType);
    if (!structType || structType.getBody().size() != array.size())
      return {};
    SmallVector<Attribute> fields;
    for (auto [field, type] : llvm::zip(array, structType.getBody())) {
      Attribute converted =
          isa<IntegerAttr>(field) ? field : getIntegerBitsAttr(field, type);
      if (!converted)
        return {};
      fields.push_back(converted);
    }
    return ArrayAttr::get(value.getContext(), fields);
  }
  return {};
}

/// The webs of one function: a union-find over its values of a
/// floating-point type.
class Webs {
public:
  explicit Webs(LLVM::LLVMFuncOp func) : func(func) {}

  /// Retypes every web that only moves bits; returns how many values
  /// changed type.
  unsigned run();

private:
  unsigned indexOf(Value value) {
    auto [it, inserted] = index.try_emplace(value, values.size());
    if (inserted) {
      values.push_back(value);
      parent.push_back(it->second);
      pinned.push_back(false);
    }
    return it->second;
  }
  unsigned find(unsigned i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
  /// Joins the webs of the values among `members` that hold floats (null
  /// values, absent optional operands, are skipped).
  void join(ArrayRef<Value> members) {
    std::optional<unsigned> first;
    for (Value value : members) {
      if (!value || !hasFloat(value.getType()))
        continue;
      unsigned root = find(indexOf(value));
      if (!first)
        first = root;
      else if (root != *first) {
        parent[root] = *first;
        pinned[*first] = pinned[*first] || pinned[root];
      }
    }
  }
  /// The web of `value` keeps its types.
  void pin(Value value) {
    if (hasFloat(value.getType()))
      pinned[find(indexOf(value))] = true;
  }
  void visit(Operation *op);
  void retype(Value value);

  LLVM::LLVMFuncOp func;
  llvm::DenseMap<Value, unsigned> index;
  SmallVector<Value> values;
  SmallVector<unsigned> parent;
  SmallVector<bool> pinned;
};

void Webs::visit(Operation *op) {
  // Definitions of values that are bits already: memory, undefined or
  // constant values (a constant whose attribute cannot be converted keeps
  // its type).
  if (isa<LLVM::LoadOp, LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp>(op)) {
    join(SmallVector<Value>(op->getResults()));
    return;
  }
  if (auto constant = dyn_cast<LLVM::ConstantOp>(op)) {
    Type type = constant.getType();
    join({constant.getResult()});
    if (hasFloat(type) && !getIntegerBitsAttr(constant.getValue(),
                                              sonnx::getIntegerBitsType(type)))
      pin(constant.getResult());
    return;
  }
  // Each operand that the op moves joins the values it moves into; an
  // operand it stores needs no type; any other use computes with the value,
  // or passes it where its type is part of an interface (calls, returns).
  llvm::SmallPtrSet<Value, 4> moved;
  for (OpOperand &use : op->getOpOperands()) {
    SmallVector<Value> targets;
    switch (sonnx::classifyElementUse(use, targets)) {
    case sonnx::ElementUse::Move:
      targets.push_back(use.get());
      join(targets);
      moved.insert(targets.begin(), targets.end());
      break;
    case sonnx::ElementUse::Store:
      break;
    case sonnx::ElementUse::Compute:
      pin(use.get());
      break;
    }
  }
  // A result that no operand is moved into is computed.
  for (Value result : op->getResults())
    if (!moved.contains(result))
      pin(result);
}

/// Changes the type of `value` to its integer form (a constant is replaced
/// by one of the same bits).
void Webs::retype(Value value) {
  Type type = sonnx::getIntegerBitsType(value.getType());
  if (auto constant = value.getDefiningOp<LLVM::ConstantOp>()) {
    OpBuilder builder(constant);
    auto replacement =
        LLVM::ConstantOp::create(builder, constant.getLoc(), type,
                                 getIntegerBitsAttr(constant.getValue(), type));
    constant.getResult().replaceAllUsesWith(replacement.getResult());
    constant.erase();
    return;
  }
  value.setType(type);
}

unsigned Webs::run() {
  // Function arguments are part of the function's type.
  for (BlockArgument argument : func.getArguments())
    pin(argument);
  func.walk([&](Operation *op) { visit(op); });
  // A block argument that no branch of ours feeds (a predecessor of
  // another kind) keeps its type.
  for (Block &block : llvm::drop_begin(func.getBody()))
    for (Block *predecessor : block.getPredecessors())
      if (!isa<LLVM::BrOp, LLVM::CondBrOp, LLVM::SwitchOp>(
              predecessor->getTerminator()))
        for (BlockArgument argument : block.getArguments())
          pin(argument);

  SmallVector<Value> retyped;
  for (auto [i, value] : llvm::enumerate(values))
    if (!pinned[find(i)])
      retyped.push_back(value);
  for (Value value : retyped)
    retype(value);
  // Bitcasts between a type and itself are left by the retyping.
  SmallVector<LLVM::BitcastOp> identities;
  func.walk([&](LLVM::BitcastOp cast) {
    if (cast.getArg().getType() == cast.getType())
      identities.push_back(cast);
  });
  for (LLVM::BitcastOp cast : identities) {
    cast.getResult().replaceAllUsesWith(cast.getArg());
    cast.erase();
  }
  return retyped.size();
}

struct IntegerElementMovesPass
    : public mlir::sonnx::impl::IntegerElementMovesPassBase<
          IntegerElementMovesPass> {
  void runOnOperation() override {
    unsigned count = 0;
    getOperation()->walk(
        [&](LLVM::LLVMFuncOp func) { count += Webs(func).run(); });
    // Nothing changed: the pass manager then skips the verifier.
    if (count == 0)
      markAllAnalysesPreserved();
  }
};

} // namespace
