//===- SONNXShapes.h - shape arithmetic of the sonnx ops --------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The single source of truth for the shape rules of the sonnx ops: axis
// normalisation, resolution of 0 and -1 in reshape shapes, flatten products
// and multidirectional broadcasting. The verifiers, result type inference,
// folds and the lowering all call these functions, so that a rule is written
// once and cites its constraint ID in one place.
//
// Nothing here touches values, operations or diagnostics: the rules take
// shapes, known operand values and types, and return a result or the
// Violation they find. The IR helpers (reading a shape operand, emitting a
// violation, building result types) are in SONNXShapeUtils.h, and the rule
// sequence of each op in SONNXVerification.h.
//
// Sizes use ShapedType::kDynamic for "not known at compile time". Operand
// values (shape, axes) are passed as std::optional so that every int64 value,
// including INT64_MIN, is a real value that gets checked.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXSHAPES_H
#define SONNX_DIALECT_SONNX_IR_SONNXSHAPES_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <variant>

namespace mlir {
namespace sonnx {

/// A size or value unknown at compile time.
constexpr int64_t kUnknown = ShapedType::kDynamic;

/// A list of sizes; kUnknown marks a size known only at run time.
using Shape = llvm::SmallVector<int64_t, 6>;

/// A rule of the constraint catalogue broken by known values.
struct Violation {
  /// The rule (its ID text, e.g. unsqueeze.A.C2, ends the message).
  RuleID rule;
  /// What is wrong, lower-case, naming the offending values, without the ID.
  std::string message;
};

/// Either a value or the first rule that the inputs break.
template <typename T> class [[nodiscard]] Checked {
public:
  Checked(T value) : storage(std::move(value)) {}
  Checked(Violation violation) : storage(std::move(violation)) {}

  bool ok() const { return std::holds_alternative<T>(storage); }
  explicit operator bool() const { return ok(); }

  /// The value; only valid when ok().
  const T &value() const { return std::get<T>(storage); }
  const T &operator*() const { return value(); }
  const T *operator->() const { return &value(); }

  /// The broken rule; only valid when !ok().
  const Violation &violation() const { return std::get<Violation>(storage); }

private:
  std::variant<T, Violation> storage;
};

/// The values of a 1-D shape or axes operand as far as they are known.
struct ShapeOperand {
  /// The number of values, or kUnknown when the operand has a dynamic length.
  int64_t length = kUnknown;
  /// The values, when the operand is a constant.
  std::optional<llvm::SmallVector<int64_t>> values;

  bool hasKnownLength() const { return length != kUnknown; }
  bool hasKnownValues() const { return values.has_value(); }
};

/// The result shape known at compile time: std::nullopt when even the rank is
/// unknown.
using InferredShape = std::optional<Shape>;

//===----------------------------------------------------------------------===//
// Pure shape rules (no IR involved; usable from any tool or runtime).
//===----------------------------------------------------------------------===//

/// Returns the number of elements of `shape`: kUnknown when a size is
/// unknown and none is 0, 0 when any size is 0. Fails when the product does
/// not fit int64; `rule` is the ID cited then.
Checked<int64_t> getElementCount(llvm::ArrayRef<int64_t> shape, RuleID rule);

/// Normalises unsqueeze axes for a result of rank `rankY` and returns them
/// sorted. Checks unsqueeze.A.C1 and unsqueeze.A.C2.
Checked<Shape> normalizeUnsqueezeAxes(llvm::ArrayRef<int64_t> axes,
                                      int64_t rankY);

/// The result shape of unsqueeze (unsqueeze.Y.C1).
Checked<InferredShape> inferUnsqueezeShape(llvm::ArrayRef<int64_t> dataShape,
                                           const ShapeOperand &axes);

/// The result shape of reshape (reshape.Y.shape), resolving 0 and -1.
/// Checks reshape.S.below, reshape.S.minus1, reshape.S.zero-index,
/// reshape.allowzero.minus1 and, as far as the sizes are known,
/// reshape.count.
Checked<InferredShape> inferReshapeShape(llvm::ArrayRef<int64_t> dataShape,
                                         const ShapeOperand &shape,
                                         bool allowZero);

/// Normalises a flatten axis for an input of rank `rank`; checks
/// flatten.axis.C2.
Checked<int64_t> normalizeFlattenAxis(int64_t axis, int64_t rank);

/// The result shape of flatten (flatten.Y.C1); checks flatten.axis.C2.
Checked<Shape> inferFlattenShape(llvm::ArrayRef<int64_t> dataShape,
                                 int64_t axis);

/// Broadcasts `shapes` multidirectionally (broadcast.Z.shape). A violation of
/// the size rule cites `rule` (broadcast.E1 or expand.E1) and names the
/// operands with `describe(m)`.
Checked<Shape>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes, RuleID rule,
                llvm::function_ref<std::string(unsigned)> describe);

/// The result shape of expand (expand.Y.shape). Checks expand.S.negative,
/// expand.E1, and, when `axesMapping` is given, expand.axes_mapping.
Checked<InferredShape>
inferExpandShape(llvm::ArrayRef<int64_t> dataShape, const ShapeOperand &shape,
                 std::optional<llvm::ArrayRef<int64_t>> axesMapping);

/// Checks that a declared result shape agrees with the inferred one: same
/// rank, and equal sizes wherever both are known. A declared shape that is
/// less static (or unranked) is accepted. `rule` is the ID cited.
std::optional<Violation> checkDeclaredShape(Type declared,
                                            const InferredShape &inferred,
                                            RuleID rule,
                                            llvm::StringRef resultName);

/// Checks that a declared result shape can hold as many elements as an input
/// of shape `dataShape` for some values of the unknown sizes (the reshape
/// rule when the shape values are known only at run time). `rule` is the ID
/// cited.
std::optional<Violation>
checkDeclaredElementCount(llvm::ArrayRef<int64_t> dataShape,
                          llvm::ArrayRef<int64_t> declaredShape, RuleID rule,
                          llvm::StringRef resultName);
/// The same for a declared type (nothing to check when it is unranked).
std::optional<Violation>
checkDeclaredElementCount(llvm::ArrayRef<int64_t> dataShape, Type declared,
                          RuleID rule, llvm::StringRef resultName);

/// Whether shapes `a` and `b` can have the same number of elements for some
/// values of their unknown sizes. Fails, citing `rule`, when a product of
/// known sizes does not fit int64.
Checked<bool> canHaveSameElementCount(llvm::ArrayRef<int64_t> a,
                                      llvm::ArrayRef<int64_t> b, RuleID rule);

/// Checks that a ranked declared result has at least rank `rank`.
std::optional<Violation> checkDeclaredRankAtLeast(int64_t rank, Type declared,
                                                  RuleID rule,
                                                  llvm::StringRef resultName);

/// Checks a declared unsqueeze result against what the input alone tells
/// when the axes are known only at run time (unsqueeze.Y.C1): rank at least
/// the input rank, the same element count, and the input sizes in order
/// with rank(Y) - rank(X) 1s inserted (an unknown size on either side
/// agrees with any size).
std::optional<Violation>
checkDeclaredUnsqueeze(llvm::ArrayRef<int64_t> dataShape, Type declared,
                       llvm::StringRef resultName);

/// Checks that each size of a declared 2-D flatten result can be the product
/// of its group of input sizes for some values of the unknown ones
/// (flatten.Y.C1).
std::optional<Violation> checkDeclaredFlatten(llvm::ArrayRef<int64_t> dataShape,
                                              int64_t axis, Type declared,
                                              llvm::StringRef resultName);

/// Whether a declared result type promises no more than the inferred shape:
/// it is unranked, or it has the inferred rank and a static size only where
/// the inferred size is known. A type that promises more holds only if a
/// run-time check of the promised sizes passes.
bool declaresNoMoreThan(Type declared, const InferredShape &inferred);

/// Checks that declared results that must have one shape (the results of a
/// broadcast) agree with each other: same rank, equal static sizes.
std::optional<Violation> checkDeclaredResultsAgree(TypeRange declared,
                                                   RuleID rule);

//===----------------------------------------------------------------------===//
// Composition rules (used by the folds and canonicalization patterns).
//===----------------------------------------------------------------------===//

/// The axes A of the single unsqueeze(X, A) equal to
/// unsqueeze(unsqueeze(X, A1), A2). `innerAxes` are the normalised axes A1,
/// `outerAxes` the normalised axes A2 and `outerRank` the rank of the final
/// result. Both lists must be valid (normalizeUnsqueezeAxes succeeded); the
/// result is sorted and lies in [0, outerRank).
Shape composeUnsqueezeAxes(llvm::ArrayRef<int64_t> innerAxes,
                           llvm::ArrayRef<int64_t> outerAxes,
                           int64_t outerRank);

/// The axis a of the single flatten(X, a) equal to
/// flatten(flatten(X, a1), a2), for normalised axes a1 (in [0, rankX]) and
/// a2 (in [0, 2]). The inner result is 2-D, so a2 = 0 gives [1, count],
/// a2 = 1 keeps [p, q] and a2 = 2 gives [count, 1].
int64_t composeFlattenAxes(int64_t innerAxis, int64_t outerAxis, int64_t rankX);

/// For each dimension k of the input of expand, the result dimension it maps
/// to: `axesMapping` when given, otherwise the trailing alignment of
/// broadcasting (rankY - rankX + k).
Shape getExpandAxesMapping(int64_t rankX, int64_t rankY,
                           std::optional<llvm::ArrayRef<int64_t>> axesMapping);

/// For each element of a broadcast result of static shape `resultShape`, in
/// row-major order, the row-major index of the element of the static input
/// `inputShape` that it copies. Input dimension k maps to result dimension
/// `dimMap[k]` and must have size 1 or the size of that result dimension
/// (the callers have checked broadcast.E1, expand.E1 or expand.axes_mapping).
/// Empty when `resultShape` is not static or its element count overflows
/// int64, which the callers rule out.
llvm::SmallVector<int64_t>
getBroadcastSourceIndices(llvm::ArrayRef<int64_t> inputShape,
                          llvm::ArrayRef<int64_t> resultShape,
                          llvm::ArrayRef<int64_t> dimMap);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXSHAPES_H
