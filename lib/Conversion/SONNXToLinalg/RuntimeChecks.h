//===- RuntimeChecks.h - run-time rule checks of the lowering ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The run-time checks of the sonnx lowering:
//
// - CheckBuilder emits the checks (`cf.assert` citing a constraint ID) and
//   the overflow-checked i64 arithmetic they need.
// - One emitter per rule checked at run time. Each is used by every path of
//   the lowering that checks its rule: static and dynamic sizes, shapes and
//   axes unrolled (one value per index, the index a constant) or looped over
//   at run time (inside an scf.for, the index a loop variable). An emitter
//   given a constant index names the value (`shape[1] is below -1`); given a
//   run-time one it describes it (`a value of shape is below -1`).
//
// Which rules are checked at run time is not decided here: the verification
// of the op (SONNXVerification.h) lists the rules it leaves to run time, and
// a CheckBuilder emits a check only for a rule in that list. A rule that the
// verification decides gets no run-time check, whatever path builds it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_CONVERSION_SONNXTOLINALG_RUNTIMECHECKS_H
#define SONNX_LIB_CONVERSION_SONNXTOLINALG_RUNTIMECHECKS_H

#include "LoweringUtils.h"

#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir {
namespace sonnx {

//===----------------------------------------------------------------------===//
// CheckBuilder
//===----------------------------------------------------------------------===//

/// Emits run-time checks and i64 arithmetic for the lowering of one op. Every
/// check becomes `cf.assert %ok, "<loc>: '<op>' op <message> [<rule>]"
/// {sonnx.rule = "<rule>"}`: the message, in the form of the compile-time
/// diagnostics, names the op, its source location and the constraint ID for
/// people; the attribute (kRuleAttrName) carries the rule for the passes and
/// runtimes, which never read the message. Only the rules that the
/// verification of the op defers (OpVerification::defers) are checked;
/// conditions that fold to true emit nothing either.
class CheckBuilder {
public:
  /// Checks for `op`, of which `verification` is the verification; it must
  /// outlive the CheckBuilder.
  CheckBuilder(OpBuilder &builder, Operation *op,
               const OpVerification &verification);
  /// Checks for the op of `outer`, built with `builder` (inside a region).
  CheckBuilder(OpBuilder &builder, const CheckBuilder &outer);

  OpBuilder &getBuilder() { return builder; }
  Location getLoc() const { return loc; }

  Value i64(int64_t value);
  Value index(int64_t value);
  Value toI64(Value indexValue);
  Value toIndex(Value i64Value);
  /// An i64 value for a static or dynamic (index) size.
  Value toI64(OpFoldResult size);

  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs);
  Value eq(Value lhs, Value rhs) {
    return cmp(arith::CmpIPredicate::eq, lhs, rhs);
  }
  Value ne(Value lhs, Value rhs) {
    return cmp(arith::CmpIPredicate::ne, lhs, rhs);
  }
  Value select(Value cond, Value ifTrue, Value ifFalse);
  Value andI(Value lhs, Value rhs);
  Value orI(Value lhs, Value rhs);
  Value notI(Value value);
  Value add(Value lhs, Value rhs);
  Value sub(Value lhs, Value rhs);

  /// Whether `rule` is checked at run time: the verification defers it.
  bool isChecked(RuleID rule) const { return verification.defers(rule); }

  /// Asserts `ok` at run time when `rule` is checked (isChecked); a failure
  /// reports `message` and `rule`. `rule` must be a rule of the op (a check
  /// of the code: a fatal error otherwise, never a check dropped). When `ok` is
  /// the constant false the assert is marked (kFailingCheckAttrName) for
  /// reportFailingChecks.
  void check(Value ok, RuleID rule, const llvm::Twine &message);

  /// A product of non-negative i64 factors being accumulated. When `hasZero`
  /// holds the product is 0, whatever `value` says; otherwise `value` is the
  /// product unless `overflow` holds.
  struct Product {
    Value value;
    Value overflow;
    Value hasZero;
  };

  /// The product of no factor, 1.
  Product startProduct();
  /// `product` times `factor`.
  Product multiply(const Product &product, Value factor);
  /// Checks that `product` fits in int64 (`rule`, `message`) and returns
  /// its value, 0 when a factor is 0. A product with a 0 factor is 0
  /// however large the other factors: it never fails.
  Value finishProduct(const Product &product, RuleID rule,
                      const llvm::Twine &message);

  /// The product of non-negative i64 `factors`, checked as finishProduct.
  Value product(llvm::ArrayRef<Value> factors, RuleID rule,
                const llvm::Twine &message);
  /// The product of sizes (static or index values), checked likewise.
  Value product(llvm::ArrayRef<OpFoldResult> sizes, RuleID rule,
                const llvm::Twine &message);

  /// The value of `values[i]` for a run-time `i`, through a chain of selects
  /// (ranks are small): `fallback` when `i` designates no element. A
  /// constant `i` picks its value without building any op.
  Value selectByIndex(Value i, llvm::ArrayRef<Value> values, Value fallback);

private:
  OpBuilder &builder;
  Location loc;
  /// "<file>:<line>:<col>: '<op name>' op ".
  std::string prefix;
  /// The name of the op.
  std::string opName;
  /// The rules left to run time.
  const OpVerification &verification;
};

/// The attribute marking a `cf.assert` of CheckBuilder whose condition is
/// the constant false; it holds the diagnostic ("'<op>' op <message>
/// [<rule>]").
inline constexpr llvm::StringLiteral kFailingCheckAttrName =
    "sonnx.failing_check";

/// Reports, as compile-time errors at their op's location, the checks under
/// `root` that fail whatever the inputs and run whenever their function
/// does (marked asserts in the entry block of a function), and removes the
/// marks. A rule that is broken for every input is a compile-time error,
/// never a program that aborts: the lowering must not go on to build views
/// whose sizes only the failing check guarantees (upstream folds would turn
/// them into invalid IR). Fails when it reported one.
LogicalResult reportFailingChecks(Operation *root);

//===----------------------------------------------------------------------===//
// Declared result types (every op)
//===----------------------------------------------------------------------===//

/// Checks that the 1-D `operand` (shape or axes of dynamic length), named
/// `name`, holds `length` values, as the declared result rank requires
/// (`rule`: reshape.Y.shape, unsqueeze.Y.C1, expand.Y.shape).
void emitDeclaredLengthCheck(CheckBuilder &checks, Value operand,
                             int64_t length, llvm::StringRef name, RuleID rule);

/// Checks that the run-time i64 `size` of result dimension `resultDim` is
/// `declared`, the static size that the result type declares (`rule`). The
/// message says "result dimension D is declared N but <how>".
void emitDeclaredSizeCheck(
    CheckBuilder &checks, Value size, int64_t declared, int64_t resultDim,
    RuleID rule, llvm::StringRef how = "is a different size at run time");

/// emitDeclaredSizeCheck for every dim of `dims` that `declared` makes
/// static and that is dynamic in `dims`; such dims become static in `dims`.
void emitDeclaredSizeChecks(CheckBuilder &checks,
                            llvm::MutableArrayRef<ViewDim> dims,
                            llvm::ArrayRef<int64_t> declared, RuleID rule);

//===----------------------------------------------------------------------===//
// Reshape: reshape.S.below, reshape.S.zero-index, reshape.S.minus1,
// reshape.allowzero.minus1, reshape.count
//===----------------------------------------------------------------------===//

/// Checks one value `value` = shape[`index`] (`index` an index Value,
/// constant when unrolled, a loop variable when looped): reshape.S.below
/// and, with allowzero = 0, reshape.S.zero-index against the input rank
/// `inputRank`.
void emitReshapeShapeValueChecks(CheckBuilder &checks, Value value, Value index,
                                 int64_t inputRank, bool allowZero);

/// What one value of a reshape shape stands for. Builds no check.
struct ReshapeShapeValue {
  /// The size before the -1 is resolved: the value, or with allowzero = 0
  /// and a 0 the input size it copies.
  Value size;
  /// Whether the value is -1 (i1).
  Value isMinusOne;
  /// Whether the value is 0 (i1).
  Value isZero;
};

/// Resolves `value` = shape[`index`] against the i64 `inputSizes`.
ReshapeShapeValue resolveReshapeShapeValue(CheckBuilder &checks, Value value,
                                           Value index,
                                           llvm::ArrayRef<Value> inputSizes,
                                           bool allowZero);

/// What the values of a reshape shape amount to, accumulated value by value
/// (unrolled, or as the iteration arguments of an scf.for).
struct ReshapeShapeSummary {
  /// How many values are -1 (i64).
  Value minusOnes;
  /// Whether some value is 0 (i1).
  Value anyZero;
  /// The product of the sizes other than the -1.
  CheckBuilder::Product others;

  /// The summary of no value.
  static ReshapeShapeSummary start(CheckBuilder &checks);
  /// This summary and `value`.
  ReshapeShapeSummary add(CheckBuilder &checks,
                          const ReshapeShapeValue &value) const;
  /// The summary as values (scf.for iteration arguments), and back.
  llvm::SmallVector<Value, 5> toValues() const;
  static ReshapeShapeSummary fromValues(ValueRange values);
};

/// Checks reshape.S.minus1 (`minusOnes` <= 1) and, with allowzero = 1,
/// reshape.allowzero.minus1; returns whether shape holds a -1 (i1).
Value emitReshapeMinusOneChecks(CheckBuilder &checks, Value minusOnes,
                                Value anyZero, bool allowZero);

/// The i64 element count of the input of `sizes`, checking (reshape.count)
/// that it fits in int64.
Value emitReshapeInputCount(CheckBuilder &checks,
                            llvm::ArrayRef<OpFoldResult> sizes);

/// The value of `product`, the product of the sizes of shape, checking
/// (reshape.count) that it fits in int64.
Value emitReshapeShapeProduct(CheckBuilder &checks,
                              const CheckBuilder::Product &product);

/// The product of the sizes `sizes` of shape, checked as
/// emitReshapeShapeProduct.
Value emitReshapeShapeProduct(CheckBuilder &checks,
                              llvm::ArrayRef<OpFoldResult> sizes);

/// Checks reshape.count between the input element count `count` and the
/// product `others` of the sizes of shape other than the -1: with a -1
/// (`hasMinusOne`, i1, a null Value when shape statically holds none) that
/// `others` is not 0 and, unless `divisionIsExact`, divides `count`;
/// without, that they are equal. Returns the value of the -1,
/// `count / others` (a null Value without `hasMinusOne`).
Value emitReshapeCountChecks(CheckBuilder &checks, Value count, Value others,
                             Value hasMinusOne, bool divisionIsExact);

//===----------------------------------------------------------------------===//
// Unsqueeze: unsqueeze.A.C1, unsqueeze.A.C2
//===----------------------------------------------------------------------===//

/// Checks unsqueeze.A.C1 for `axis` = axes[`index`] and the i64 result rank
/// `resultRank`: -r <= axis < r.
void emitUnsqueezeAxisRangeCheck(CheckBuilder &checks, Value axis, Value index,
                                 Value resultRank);

/// `axis` in [0, r): axis + r when it is negative. Meaningful once
/// unsqueeze.A.C1 holds.
Value normalizeUnsqueezeAxis(CheckBuilder &checks, Value axis,
                             Value resultRank);

/// Checks unsqueeze.A.C2 for the normalized axes `first` = axes[`i`] and
/// `second` = axes[`k`]: they differ.
void emitUnsqueezeAxisPairCheck(CheckBuilder &checks, Value first, Value second,
                                Value i, Value k);

/// What the normalized axes say of result dimension j (an i64 value),
/// accumulated axis by axis (unrolled, or as scf.for iteration arguments).
struct UnsqueezeDimSummary {
  /// Whether some axis is j (i1).
  Value isAxis;
  /// How many axes are below j (i64).
  Value axesBelow;

  static UnsqueezeDimSummary start(CheckBuilder &checks);
  UnsqueezeDimSummary add(CheckBuilder &checks, Value axis, Value j) const;
  /// The size of result dimension `j`: 1 at an axis, else the size of input
  /// dimension j - (axes below j) among the i64 `inputSizes`.
  Value getSize(CheckBuilder &checks, Value j,
                llvm::ArrayRef<Value> inputSizes) const;
};

//===----------------------------------------------------------------------===//
// Broadcasting: broadcast.E1, expand.E1, expand.axes_mapping
//===----------------------------------------------------------------------===//

/// Combines run-time sizes under the broadcasting rule: the result is the
/// last size that is not 1 (1 if all are), and every size must be 1 or the
/// result, which `rule` checks with `describe(k)` naming size k.
Value emitBroadcastSizesCheck(CheckBuilder &checks, llvm::ArrayRef<Value> sizes,
                              RuleID rule, int64_t resultDim,
                              llvm::function_ref<std::string(size_t)> describe);

/// Checks that a run-time size `size`, named `what`, is 1 or the static
/// result size `resultSize` of result dimension `resultDim` (`rule`).
void emitBroadcastStaticSizeCheck(CheckBuilder &checks, Value size,
                                  int64_t resultSize, RuleID rule,
                                  const llvm::Twine &what, int64_t resultDim);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_CONVERSION_SONNXTOLINALG_RUNTIMECHECKS_H
