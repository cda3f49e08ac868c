//===- SONNXVerification.h - the rule sequence of each sonnx op -*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// One function per op checks every compile-time rule of the op, in the order
// of the constraint catalogue, and returns what it inferred and which rules
// only run time can decide. It is the only place that strings the rules of
// an op together: the op verifiers, the builders, the folds and
// canonicalization patterns, result type refinement, speculation and the
// lowering all call it (as StableHLO's TypeInference.cpp does).
//
// Each op has two forms:
//  - verifyXxxOp(std::optional<Location>, components...): the op's operand,
//    attribute and result types given separately, for callers that have no
//    op yet (builders, rewrites that check the op they are about to build).
//    With a location, the first broken rule is emitted there as
//    "'sonnx.xxx' op <message> [<rule>]"; without one, it fails silently.
//  - verifyXxxOp(XxxOp, bool emitErrors): the op itself; with emitErrors,
//    the first broken rule becomes the op's error (emitOpError), exactly as
//    the verifier reports it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXVERIFICATION_H
#define SONNX_DIALECT_SONNX_IR_SONNXVERIFICATION_H

#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXSymbolicSizes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir {
namespace sonnx {

#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  class CLASS;
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"

/// What the verification of an op that satisfies every compile-time rule
/// found.
struct OpVerification {
  /// The inferred shape of each result, in result order (one for the
  /// single-input ops).
  llvm::SmallVector<InferredShape, 1> resultShapes;

  /// What is known of the shape/axes operand (reshape, unsqueeze, expand);
  /// std::nullopt for flatten and broadcast. An operand of length 0 has
  /// known values (none), constant or not.
  std::optional<ShapeOperand> shapeOperand;

  /// Every rule that the verification of the op checks, in the order it
  /// checks them (the rows of its op in SONNXRules.def): those it decides at
  /// compile time and those it defers. Static storage.
  llvm::ArrayRef<RuleInfo> rules;

  /// The rules that the compile-time knowledge does not decide,
  /// in catalogue order: each may still fail at run time, so the lowering
  /// checks it there, and no rewrite may remove or speculate the op. The
  /// rules decide a size or value when it is known, and reshape.count also
  /// when the sizes prove it symbolically (getSymbolicReshape); otherwise a
  /// deferred rule may still hold for every run-time value (e.g.
  /// reshape.count for `[?, 3]` reshaped with `[0, -1]`, whose -1 is
  /// inferable unless the copied size is 0). Per op:
  ///
  /// reshape:
  ///   - reshape.S.below, reshape.S.minus1: the shape values are unknown;
  ///   - reshape.S.zero-index: the shape values are unknown, allowzero = 0,
  ///     and the shape may be longer than the input rank;
  ///   - reshape.allowzero.minus1: the shape values are unknown and
  ///     allowzero = 1;
  ///   - reshape.count: the shape values are unknown, or an input size is
  ///     and either the shape holds a -1 or the element counts are not the
  ///     same product of the unknown sizes (a 0 that copies an unknown size
  ///     cancels it);
  ///   - reshape.Y.shape: the declared result promises more than inference
  ///     gives (a static size inference leaves unknown, or a rank when the
  ///     shape length is unknown).
  /// unsqueeze:
  ///   - unsqueeze.A.C1, unsqueeze.A.C2: the axes values are unknown;
  ///   - unsqueeze.Y.C1: the declared result promises more than inference
  ///     gives.
  /// flatten:
  ///   - flatten.Y.C1: the declared result promises more than inference
  ///     gives, or a product of at least two input sizes other than 1 with
  ///     an unknown one (and no 0) may overflow int64 at run time.
  /// broadcast:
  ///   - broadcast.E1: an input size is unknown;
  ///   - broadcast.Z.shape: a declared result promises more than inference
  ///     gives.
  /// expand:
  ///   - expand.S.negative: the shape values are unknown;
  ///   - expand.E1 (without axes_mapping), expand.axes_mapping (with it):
  ///     the shape values are unknown or an input size is;
  ///   - expand.Y.shape: the declared result promises more than inference
  ///     gives.
  /// The type rules (*.types, *.type, *.S.rank, *.A.rank,
  /// broadcast.arity, flatten.axis.C2) are always decided.
  llvm::SmallVector<RuleID, 4> deferredRules;

  /// Whether every rule is decided: the op has no run-time check, so a
  /// rewrite may remove it, merge it away or replace it by a constant.
  bool isDecided() const { return deferredRules.empty(); }

  /// The rules decided at compile time: `rules` but the deferred ones.
  llvm::SmallVector<RuleID> getDecidedRules() const {
    llvm::SmallVector<RuleID> decided;
    for (const RuleInfo &info : rules)
      if (!defers(info.rule))
        decided.push_back(info.rule);
    return decided;
  }

  /// Whether `rule` is one the verification checks (a rule of the op).
  bool checks(RuleID rule) const {
    return llvm::any_of(
        rules, [&](const RuleInfo &info) { return info.rule == rule; });
  }

  /// Whether `rule` is left to run time.
  bool defers(RuleID rule) const {
    return llvm::is_contained(deferredRules, rule);
  }

  /// Whether the values of the shape/axes operand are known (always, for an
  /// op without one).
  bool hasKnownShapeValues() const {
    return !shapeOperand || shapeOperand->hasKnownValues();
  }
};

//===----------------------------------------------------------------------===//
// Per op, from components
//===----------------------------------------------------------------------===//

/// Checks the rules of reshape (OpVerification::rules: reshape.types,
/// reshape.type, reshape.S.rank, reshape.S.below, ...), and that the
/// declared result can keep the element count (reshape.count).
FailureOr<OpVerification> verifyReshapeOp(std::optional<Location> location,
                                          Type dataType, Value shape,
                                          bool allowZero, Type resultType);

/// The same, for a shape operand of type tensor<Nxi64> of which `shape` is
/// known (a rewrite checking the op it is about to build).
FailureOr<OpVerification> verifyReshapeOp(std::optional<Location> location,
                                          Type dataType,
                                          const ShapeOperand &shape,
                                          bool allowZero, Type resultType);

/// Checks the rules of unsqueeze (OpVerification::rules), and, when the axes
/// are known only at run time, what the input alone tells of the declared
/// result (unsqueeze.Y.C1).
FailureOr<OpVerification> verifyUnsqueezeOp(std::optional<Location> location,
                                            Type dataType, Value axes,
                                            Type resultType);

/// The same, for an axes operand of type tensor<Nxi64> of which `axes` is
/// known.
FailureOr<OpVerification> verifyUnsqueezeOp(std::optional<Location> location,
                                            Type dataType,
                                            const ShapeOperand &axes,
                                            Type resultType);

/// Checks the rules of flatten (OpVerification::rules); flatten.Y.C1 on the
/// inferred shape, then on each declared size as a possible product.
FailureOr<OpVerification> verifyFlattenOp(std::optional<Location> location,
                                          Type dataType, int64_t axis,
                                          Type resultType);

/// Checks the rules of broadcast (OpVerification::rules): broadcast.types and
/// broadcast.X.C1 per input, broadcast.Z.shape per result and between the
/// results.
FailureOr<OpVerification> verifyBroadcastOp(std::optional<Location> location,
                                            TypeRange inputTypes,
                                            TypeRange resultTypes);

/// Checks the rules of expand (OpVerification::rules), and, for a shape of
/// dynamic length, the rules on the length that a ranked result implies.
FailureOr<OpVerification>
verifyExpandOp(std::optional<Location> location, Type dataType, Value shape,
               std::optional<llvm::ArrayRef<int64_t>> axesMapping,
               Type resultType);

/// The same, for a shape operand of type tensor<Nxi64> of which `shape` is
/// known.
FailureOr<OpVerification> verifyExpandOp(
    std::optional<Location> location, Type dataType, const ShapeOperand &shape,
    std::optional<llvm::ArrayRef<int64_t>> axesMapping, Type resultType);

//===----------------------------------------------------------------------===//
// What the sizes prove of a reshape
//===----------------------------------------------------------------------===//

/// The result sizes of a reshape by known shape values, as products of the
/// input's unknown sizes (SONNXSymbolicSizes.h; symbol k: input size k).
struct SymbolicReshape {
  /// Per result size, as the rules give it: a static size; the size that a
  /// 0 copies; the -1 as the exact quotient of the element count by the
  /// other sizes when the sizes make it exact whatever the unknown ones
  /// (reshape.count then needs no remainder check at run time), or
  /// std::nullopt when they do not.
  llvm::SmallVector<std::optional<SymbolicSize>, 4> sizes;
  /// Whether reshape.count holds for every run-time value: the shape holds
  /// no -1 and both element counts are the same product (a 0 copies every
  /// unknown input size, the static sizes agree). verifyReshapeOp decides
  /// reshape.count with it.
  bool countIsProved = false;
};

/// The SymbolicReshape of a reshape of `dataShape` by the known shape
/// `values`, which inference resolved to `inferred` (the shape rules hold:
/// call it on a verified op). The lowering builds its view from it.
SymbolicReshape getSymbolicReshape(llvm::ArrayRef<int64_t> dataShape,
                                   llvm::ArrayRef<int64_t> values,
                                   llvm::ArrayRef<int64_t> inferred,
                                   bool allowZero);

//===----------------------------------------------------------------------===//
// Per op, from the op
//===----------------------------------------------------------------------===//

/// verifyReshapeOp(ReshapeOp, bool), ...: one per row of
/// SONNXProfileOps.def, which the op's ProfileOpInterface::verifyRules calls.
#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  FailureOr<OpVerification> verify##CLASS(CLASS op, bool emitErrors);
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"

/// The same for any sonnx op (ProfileOpInterface::verifyRules); fails for
/// an op of another dialect.
FailureOr<OpVerification> verifySONNXOp(Operation *op, bool emitErrors = false);

/// The speculatability of the sonnx op `op`: speculatable only when it
/// satisfies every rule and defers none (OpVerification::isDecided), and,
/// stricter, when every operand and result type is static and its
/// shape/axes operand, if any, is a constant.
Speculation::Speculatability getSONNXSpeculatability(Operation *op);

//===----------------------------------------------------------------------===//
// What the producers of an op tell: the verification in context
//===----------------------------------------------------------------------===//

// The verification above reads the op alone. Where a producer tells more
// of an operand than its type (the element count of a dynamic tensor that is
// a view of a static one), the lowering, which sees the converted producers,
// asks the verification below to decide the op's count rule with it.

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

/// Decides the rule `rule` (reshape.count, unsqueeze.Y.C1, flatten.Y.C1)
/// of `op` with what its producers tell: where the shape of its input
/// `data` is not static but its element count is known through its
/// producers (getViewOrigin), which the verification of the op alone does
/// not see, fails, with a diagnostic of `op` citing `rule`, when no result
/// of type `result` (the declared result refined with the inferred shape)
/// has that count. `shapeValues`, the constant shape of a reshape, is named
/// in the message. Upstream folding learns such counts too; the check turns
/// a program that fails on every input into a compile-time error instead of
/// a run-time one.
LogicalResult verifyKnownElementCount(
    Operation *op, Value data, RankedTensorType result, RuleID rule,
    std::optional<llvm::ArrayRef<int64_t>> shapeValues = std::nullopt);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXVERIFICATION_H
