//===- LoweringUtils.h - helpers of the sonnx lowering ----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Building blocks shared by the patterns of the lowering (the run-time
// checks are in RuntimeChecks.h):
//
// - ViewDim pairs a size with its SymbolicSize (SONNXSymbolicSizes.h), so
//   that the lowering can pair groups of dimensions that hold the same
//   number of elements (and then emit one collapse_shape or expand_shape
//   instead of a detour through 1-D).
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

#include "SONNX/Dialect/SONNX/IR/SONNXSymbolicSizes.h"
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
// Views
//===----------------------------------------------------------------------===//

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
/// the dynamic size k as symbol k (getSymbolicShape) with a tensor.dim.
llvm::SmallVector<ViewDim> getViewDims(OpBuilder &builder, Location loc,
                                       Value value);

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
