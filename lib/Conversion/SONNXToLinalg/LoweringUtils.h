//===- LoweringUtils.h - helpers of the sonnx lowering ----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Building blocks shared by the patterns of the lowering (the run-time
// checks are in RuntimeChecks.h):
//
// - SymbolicSize describes a size as a static factor times a product of
//   unknown sizes, so that the lowering can prove statically that two groups
//   of dimensions hold the same number of elements (and then emit one
//   collapse_shape or expand_shape instead of a detour through 1-D).
// - buildReshapeView turns a tensor into another shape with the same
//   elements using only tensor.collapse_shape, tensor.expand_shape and
//   tensor.cast, which all bufferize to views.
// - getShapeOperandStatics takes from the verification of an op with a
//   shape operand (reshape, expand) what its lowering needs.
//
// The shape rules themselves (what is valid, what the result shape is) are
// checked by the verification of each op (SONNXVerification.h); this file
// only builds IR.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_CONVERSION_SONNXTOLINALG_LOWERINGUTILS_H
#define SONNX_LIB_CONVERSION_SONNXTOLINALG_LOWERINGUTILS_H

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

//===----------------------------------------------------------------------===//
// Symbolic sizes
//===----------------------------------------------------------------------===//

/// A size known as `factor * s1 * s2 * ...` where the s_i are sizes known
/// only at run time, each named by a symbol. Two sizes with the same factor
/// and the same symbols are equal whatever the run-time values.
struct SymbolicSize {
  int64_t factor = 1;
  /// Sorted, with repetitions.
  llvm::SmallVector<unsigned, 2> symbols;

  static SymbolicSize getConstant(int64_t value);
  static SymbolicSize getSymbol(unsigned symbol);

  bool isStatic() const { return symbols.empty(); }
  /// The product; std::nullopt when the factor overflows.
  std::optional<SymbolicSize> times(const SymbolicSize &other) const;
  /// The exact quotient; std::nullopt when it is not known to be exact.
  std::optional<SymbolicSize> dividedBy(const SymbolicSize &other) const;

  bool operator==(const SymbolicSize &other) const {
    return factor == other.factor && symbols == other.symbols;
  }
  bool operator!=(const SymbolicSize &other) const { return !(*this == other); }
};

/// Hands out fresh symbols for sizes known only at run time.
class SymbolPool {
public:
  SymbolicSize fresh() { return SymbolicSize::getSymbol(next++); }

private:
  unsigned next = 0;
};

/// One dimension of a view: what is known of its size statically, and the
/// size itself (an attribute when static, an index value otherwise).
struct ViewDim {
  SymbolicSize symbolic;
  OpFoldResult size;

  bool isStatic() const { return symbolic.isStatic(); }
};

/// A dim of a view with the static size `size`.
ViewDim getStaticViewDim(OpBuilder &builder, int64_t size);

/// The sizes of `dims`.
llvm::SmallVector<OpFoldResult> getViewSizes(llvm::ArrayRef<ViewDim> dims);

/// The product of the sizes of `dims`; std::nullopt on overflow.
std::optional<SymbolicSize> getSymbolicProduct(llvm::ArrayRef<ViewDim> dims);

/// The static shape of `dims`: the factor of static sizes, dynamic elsewhere.
llvm::SmallVector<int64_t> getStaticShape(llvm::ArrayRef<ViewDim> dims);

/// The view dims of `value` (a ranked tensor): static sizes as constants,
/// dynamic ones as fresh symbols with a tensor.dim.
llvm::SmallVector<ViewDim> getViewDims(OpBuilder &builder, Location loc,
                                       Value value, SymbolPool &pool);

/// Returns `src` with the shape `dstDims`, through tensor.collapse_shape,
/// tensor.expand_shape and tensor.cast only (views after bufferization).
/// The caller guarantees (statically or with run-time checks emitted before)
/// that the element counts agree, and has run the verification of the op
/// (SONNXVerification.h), which checks that the static sizes allow it.
/// The result type has the static sizes of `dstDims` and `?` elsewhere.
Value buildReshapeView(OpBuilder &builder, Location loc, Value src,
                       llvm::ArrayRef<ViewDim> srcDims,
                       llvm::ArrayRef<ViewDim> dstDims);

/// The static sizes that a declared result type fixes: its shape when it is
/// ranked, all dynamic (of rank `rank`) when it is unranked.
llvm::SmallVector<int64_t> getDeclaredShape(Type type, int64_t rank);

/// `value` as `type` (a compatible tensor type) through tensor.cast, or
/// `value` itself when it already has that type.
Value castTo(OpBuilder &builder, Location loc, Value value, Type type);

//===----------------------------------------------------------------------===//
// Element counts known through views
//===----------------------------------------------------------------------===//

/// A tensor of static shape that a value is a view of.
struct ViewOrigin {
  /// Its type (static shape).
  RankedTensorType type;
  /// Its element count, which every view of it has.
  int64_t count;
};

/// A tensor of static shape that `value` is a view of, through the ops that
/// keep the element count (tensor.cast, tensor.collapse_shape,
/// tensor.expand_shape, tensor.reshape, 1:1 unrealized conversion casts, and
/// sonnx.reshape, sonnx.unsqueeze and sonnx.flatten): the count is that of
/// the closest one (`value` itself when its shape is static), the type that
/// of the farthest one with that count. std::nullopt when there is none
/// within 64 ops, or when the count overflows int64.
std::optional<ViewOrigin> getViewOrigin(Value value);

/// What is known of the result of a view op: its declared type `declared`
/// refined with the shape `inferred` by the verification (every size known
/// to either), of rank `rank` (all sizes unknown) when neither has a rank.
RankedTensorType getKnownResultType(Type declared,
                                    const InferredShape &inferred,
                                    int64_t rank = 0);

/// The rule `rule` (reshape.count, unsqueeze.Y.C1, flatten.Y.C1) where the
/// shape of the input `data` of `op` is not static but its element count is
/// known through its producers (getViewOrigin), which the verification of
/// the op does not see: fails, with a diagnostic citing `rule`, when no
/// result of type `result` (the declared result refined with the inferred
/// shape) has that count. `shapeValues`, the constant shape of a
/// reshape, is named in the message. Upstream folding learns such counts
/// too; the check turns a program that fails on every input into a
/// compile-time error instead of a run-time one.
LogicalResult checkKnownElementCount(
    Operation *op, Value data, RankedTensorType result, RuleID rule,
    std::optional<llvm::ArrayRef<int64_t>> shapeValues = std::nullopt);

//===----------------------------------------------------------------------===//
// What the verification of an op tells its lowering
//===----------------------------------------------------------------------===//

/// What is known statically of an op with a shape operand (reshape, expand).
struct ShapeOperandStatics {
  /// The verification of the op: the rules it leaves to run time.
  OpVerification verification;
  /// The shape operand; its length is the declared result rank when
  /// `lengthIsAssumed`.
  ShapeOperand shape;
  /// shape has a dynamic length and the result is ranked: the lowering
  /// takes the declared result rank as its length (and checks at run time
  /// what that assumption requires).
  bool lengthIsAssumed = false;
  /// shape has a dynamic length and the result is unranked: the result rank
  /// is known only at run time. Nothing below is set then.
  bool isUnranked = false;
  /// The result sizes that the verification infers (under the assumption
  /// on the length, when `lengthIsAssumed`).
  Shape inferred;
  /// The static result sizes that the result type declares.
  llvm::SmallVector<int64_t> declared;
};

/// Collects the ShapeOperandStatics of `op` from `verified`, the result of
/// its verification with emitErrors (a failure has been reported). For a
/// shape of dynamic length and a ranked `resultType`, the result shape is
/// inferred by `verifyWithShape`, the component form of the verification
/// of the op given the shape operand, with the declared rank as its length.
/// Fails, without a diagnostic, when the result rank is not known.
FailureOr<ShapeOperandStatics> getShapeOperandStatics(
    Operation *op, FailureOr<OpVerification> verified, Type resultType,
    llvm::function_ref<FailureOr<OpVerification>(const ShapeOperand &)>
        verifyWithShape,
    RewriterBase &rewriter);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_CONVERSION_SONNXTOLINALG_LOWERINGUTILS_H
