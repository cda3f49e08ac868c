//===- SONNXShapes.cpp - shape arithmetic of the sonnx ops ----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Support/SizeProduct.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <vector>

using namespace mlir;
using namespace mlir::sonnx;

/// Formats a value or size for a message; kUnknown prints as '?'.
static std::string fmtSize(int64_t size) {
  return size == kUnknown ? std::string("?") : std::to_string(size);
}

/// Formats a list of sizes as "[2, ?, 4]".
static std::string fmtShape(ArrayRef<int64_t> shape) {
  std::string out = "[";
  llvm::interleave(
      shape, [&](int64_t size) { out += fmtSize(size); }, [&] { out += ", "; });
  return out + "]";
}

/// Formats a list of operand values as "[2, -1, 4]" (every value is real).
static std::string fmtValues(ArrayRef<int64_t> values) {
  std::string out = "[";
  llvm::interleave(
      values, [&](int64_t v) { out += std::to_string(v); },
      [&] { out += ", "; });
  return out + "]";
}

static Violation violation(RuleID rule, const llvm::Twine &message) {
  return Violation{rule, message.str()};
}

Checked<int64_t> mlir::sonnx::getElementCount(ArrayRef<int64_t> shape,
                                              RuleID rule) {
  // A 0 makes the count 0 even beside unknown sizes (multiplySizes).
  if (std::optional<int64_t> count = getStaticElementCount(shape))
    return *count;
  if (llvm::is_contained(shape, kUnknown))
    return kUnknown;
  return violation(rule, "element count of shape " + fmtShape(shape) +
                             " does not fit in int64");
}

Checked<bool> mlir::sonnx::canHaveSameElementCount(ArrayRef<int64_t> a,
                                                   ArrayRef<int64_t> b,
                                                   RuleID rule) {
  struct Known {
    int64_t product;
    bool hasUnknown;
  };
  auto known = [&](ArrayRef<int64_t> shape) -> Checked<Known> {
    Shape sizes;
    for (int64_t size : shape)
      if (size != kUnknown)
        sizes.push_back(size);
    Checked<int64_t> product = getElementCount(sizes, rule);
    if (!product)
      return product.violation();
    return Known{*product, sizes.size() != shape.size()};
  };
  Checked<Known> ka = known(a), kb = known(b);
  if (!ka)
    return ka.violation();
  if (!kb)
    return kb.violation();
  // `whole` has only known sizes; `part` has unknown ones, so its count is
  // any multiple of its known product (0 when that product is 0).
  auto divides = [](Known part, Known whole) {
    return part.product == 0 ? whole.product == 0
                             : whole.product % part.product == 0;
  };
  if (!ka->hasUnknown && !kb->hasUnknown)
    return ka->product == kb->product;
  if (ka->hasUnknown && !kb->hasUnknown)
    return divides(*ka, *kb);
  if (!ka->hasUnknown && kb->hasUnknown)
    return divides(*kb, *ka);
  return true;
}

//===----------------------------------------------------------------------===//
// Unsqueeze
//===----------------------------------------------------------------------===//

Checked<Shape> mlir::sonnx::normalizeUnsqueezeAxes(ArrayRef<int64_t> axes,
                                                   int64_t rankY) {
  Shape normalized;
  normalized.reserve(axes.size());
  for (auto [index, axis] : llvm::enumerate(axes)) {
    if (axis < -rankY || axis >= rankY)
      return violation(RuleID::UnsqueezeAC1,
                       llvm::formatv("axis {0} (axes[{1}]) is out of range "
                                     "[{2}, {3}] for a result of rank {4}",
                                     axis, index, -rankY, rankY - 1, rankY));
    int64_t norm = axis < 0 ? axis + rankY : axis;
    for (auto [prevIndex, prev] : llvm::enumerate(normalized)) {
      if (prev == norm)
        return violation(
            RuleID::UnsqueezeAC2,
            llvm::formatv("axis {0} is designated twice (axes[{1}] = {2} "
                          "and axes[{3}] = {4})",
                          norm, prevIndex, axes[prevIndex], index, axis));
    }
    normalized.push_back(norm);
  }
  llvm::sort(normalized);
  return normalized;
}

Checked<InferredShape>
mlir::sonnx::inferUnsqueezeShape(ArrayRef<int64_t> dataShape,
                                 const ShapeOperand &axes) {
  if (!axes.hasKnownLength())
    return InferredShape(std::nullopt);
  int64_t rankY = static_cast<int64_t>(dataShape.size()) + axes.length;
  if (!axes.hasKnownValues())
    return InferredShape(Shape(rankY, kUnknown));

  Checked<Shape> normalized = normalizeUnsqueezeAxes(*axes.values, rankY);
  if (!normalized)
    return normalized.violation();

  Shape result(rankY, kUnknown);
  for (int64_t axis : *normalized)
    result[axis] = 1;
  auto dataIt = dataShape.begin();
  for (int64_t &size : result)
    if (size == kUnknown)
      size = *dataIt++;
  return InferredShape(std::move(result));
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

Checked<InferredShape>
mlir::sonnx::inferReshapeShape(ArrayRef<int64_t> dataShape,
                               const ShapeOperand &shape, bool allowZero) {
  if (!shape.hasKnownLength())
    return InferredShape(std::nullopt);
  if (!shape.hasKnownValues())
    return InferredShape(Shape(shape.length, kUnknown));

  ArrayRef<int64_t> values = *shape.values;
  int64_t rankX = static_cast<int64_t>(dataShape.size());

  // Rules on the values alone.
  std::optional<size_t> minusOneIndex, zeroIndex;
  for (auto [index, value] : llvm::enumerate(values)) {
    if (value < -1)
      return violation(RuleID::ReshapeSBelow,
                       llvm::formatv("shape value {0} (shape[{1}]) is below -1",
                                     value, index));
    if (value == -1) {
      if (minusOneIndex)
        return violation(
            RuleID::ReshapeSMinus1,
            llvm::formatv("shape {0} holds -1 more than once (shape[{1}] and "
                          "shape[{2}])",
                          fmtValues(values), *minusOneIndex, index));
      minusOneIndex = index;
    }
    if (value == 0 && !zeroIndex)
      zeroIndex = index;
  }
  if (allowZero && minusOneIndex && zeroIndex)
    return violation(
        RuleID::ReshapeAllowzeroMinus1,
        llvm::formatv("shape {0} holds both 0 (shape[{1}]) and -1 (shape[{2}]) "
                      "with allowzero = 1",
                      fmtValues(values), *zeroIndex, *minusOneIndex));

  // Resolve 0s; remember which result sizes are copies of input sizes.
  Shape result(values.begin(), values.end());
  llvm::SmallVector<bool> copied(values.size(), false);
  if (!allowZero) {
    for (auto [index, value] : llvm::enumerate(values)) {
      if (value != 0)
        continue;
      if (static_cast<int64_t>(index) >= rankX)
        return violation(
            RuleID::ReshapeSZeroIndex,
            llvm::formatv("shape[{0}] = 0 copies input dimension {0}, but the "
                          "input has rank {1} (allowzero = 0)",
                          index, rankX));
      result[index] = dataShape[index];
      copied[index] = true;
    }
  }

  // reshape.count, as far as sizes are known. A copied size stands for the
  // same run-time value on both sides and cancels out of the comparison.
  auto product = [](ArrayRef<int64_t> sizes,
                    llvm::function_ref<bool(size_t)> skip) {
    Shape kept;
    for (auto [index, size] : llvm::enumerate(sizes))
      if (!skip(index))
        kept.push_back(size);
    return getElementCount(kept, RuleID::ReshapeCount);
  };
  Checked<int64_t> dataCount = getElementCount(dataShape, RuleID::ReshapeCount);
  if (!dataCount)
    return dataCount.violation();

  if (minusOneIndex) {
    size_t m = *minusOneIndex;
    Checked<int64_t> others = product(result, [&](size_t i) { return i == m; });
    if (!others)
      return others.violation();
    if (*others == 0)
      return violation(
          RuleID::ReshapeCount,
          llvm::formatv("cannot infer the -1 of shape {0}: the product of the "
                        "other sizes {1} is 0",
                        fmtValues(values), fmtShape(result)));
    // Cancel copied sizes on both sides when they are unknown.
    Checked<int64_t> remainingData = product(dataShape, [&](size_t i) {
      return i < copied.size() && copied[i] && dataShape[i] == kUnknown;
    });
    Checked<int64_t> remainingOthers = product(result, [&](size_t i) {
      return i == m || (copied[i] && result[i] == kUnknown);
    });
    if (!remainingData)
      return remainingData.violation();
    if (!remainingOthers)
      return remainingOthers.violation();
    if (*remainingData != kUnknown && *remainingOthers != kUnknown) {
      if (*remainingOthers == 0 || *remainingData % *remainingOthers != 0)
        return violation(
            RuleID::ReshapeCount,
            llvm::formatv("cannot infer the -1 of shape {0}: {1} elements of "
                          "input shape {2} are not a multiple of {3}",
                          fmtValues(values), *remainingData,
                          fmtShape(dataShape), *remainingOthers));
      result[m] = *remainingData / *remainingOthers;
    } else {
      // The -1 stands for a size known only at run time.
      result[m] = kUnknown;
    }
    return InferredShape(std::move(result));
  }

  Checked<int64_t> resultCount = getElementCount(result, RuleID::ReshapeCount);
  if (!resultCount)
    return resultCount.violation();
  if (*dataCount != kUnknown && *resultCount != kUnknown) {
    if (*dataCount != *resultCount)
      return violation(
          RuleID::ReshapeCount,
          llvm::formatv("input shape {0} has {1} elements but shape {2} "
                        "resolves to {3} with {4} elements",
                        fmtShape(dataShape), *dataCount, fmtValues(values),
                        fmtShape(result), *resultCount));
  } else {
    // Unknown sizes: the known ones may still rule every input out.
    Checked<bool> possible =
        canHaveSameElementCount(dataShape, result, RuleID::ReshapeCount);
    if (!possible)
      return possible.violation();
    if (!*possible)
      return violation(
          RuleID::ReshapeCount,
          llvm::formatv("shape {0} resolves to {1}, which no input of shape "
                        "{2} has as many elements as",
                        fmtValues(values), fmtShape(result),
                        fmtShape(dataShape)));
  }
  return InferredShape(std::move(result));
}

//===----------------------------------------------------------------------===//
// Flatten
//===----------------------------------------------------------------------===//

Checked<int64_t> mlir::sonnx::normalizeFlattenAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis > rank)
    return violation(RuleID::FlattenAxisC2,
                     llvm::formatv("axis {0} is out of range [{1}, {2}] for an "
                                   "input of rank {2}",
                                   axis, -rank, rank));
  return axis < 0 ? axis + rank : axis;
}

Checked<Shape> mlir::sonnx::inferFlattenShape(ArrayRef<int64_t> dataShape,
                                              int64_t axis) {
  Checked<int64_t> norm =
      normalizeFlattenAxis(axis, static_cast<int64_t>(dataShape.size()));
  if (!norm)
    return norm.violation();
  Checked<int64_t> outer =
      getElementCount(dataShape.take_front(*norm), RuleID::FlattenYC1);
  if (!outer)
    return outer.violation();
  Checked<int64_t> inner =
      getElementCount(dataShape.drop_front(*norm), RuleID::FlattenYC1);
  if (!inner)
    return inner.violation();
  return Shape{*outer, *inner};
}

//===----------------------------------------------------------------------===//
// Broadcast and expand
//===----------------------------------------------------------------------===//

Checked<Shape> mlir::sonnx::broadcastShapes(
    ArrayRef<ArrayRef<int64_t>> shapes, RuleID rule,
    llvm::function_ref<std::string(unsigned)> describe) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());

  Shape result(rank, 1);
  for (size_t dim = 0; dim < rank; ++dim) {
    // The first operand with a known size other than 1 fixes the size.
    std::optional<unsigned> owner;
    bool anyUnknown = false;
    for (auto [m, shape] : llvm::enumerate(shapes)) {
      size_t lead = rank - shape.size();
      if (dim < lead)
        continue;
      int64_t size = shape[dim - lead];
      if (size == 1)
        continue;
      if (size == kUnknown) {
        anyUnknown = true;
        continue;
      }
      if (!owner) {
        owner = m;
        result[dim] = size;
        continue;
      }
      if (size != result[dim])
        return violation(
            rule,
            llvm::formatv("{0} of shape {1} has size {2} where {3} of "
                          "shape {4} has size {5} (dimension {6} of the "
                          "rank-{7} broadcast); sizes must be equal or 1",
                          describe(m), fmtShape(shape), size, describe(*owner),
                          fmtShape(shapes[*owner]), result[dim], dim, rank));
    }
    if (!owner && anyUnknown)
      result[dim] = kUnknown;
  }
  return result;
}

Checked<InferredShape>
mlir::sonnx::inferExpandShape(ArrayRef<int64_t> dataShape,
                              const ShapeOperand &shape,
                              std::optional<ArrayRef<int64_t>> axesMapping) {
  if (shape.hasKnownValues()) {
    for (auto [index, value] : llvm::enumerate(*shape.values))
      if (value < 0)
        return violation(RuleID::ExpandSNegative,
                         llvm::formatv("shape value {0} (shape[{1}]) is "
                                       "negative",
                                       value, index));
  }

  int64_t rankX = static_cast<int64_t>(dataShape.size());
  if (axesMapping) {
    ArrayRef<int64_t> mapping = *axesMapping;
    if (static_cast<int64_t>(mapping.size()) != rankX)
      return violation(
          RuleID::ExpandAxesMapping,
          llvm::formatv("axes_mapping {0} has {1} entries but the input has "
                        "rank {2}",
                        fmtValues(mapping), mapping.size(), rankX));
    for (size_t k = 1; k < mapping.size(); ++k)
      if (mapping[k] <= mapping[k - 1])
        return violation(
            RuleID::ExpandAxesMapping,
            llvm::formatv("axes_mapping {0} is not strictly increasing at "
                          "index {1}",
                          fmtValues(mapping), k));
    if (!shape.hasKnownLength())
      return InferredShape(std::nullopt);
    int64_t rankY = shape.length;
    for (auto [k, axis] : llvm::enumerate(mapping))
      if (axis < 0 || axis >= rankY)
        return violation(
            RuleID::ExpandAxesMapping,
            llvm::formatv("axes_mapping[{0}] = {1} is out of range [0, {2}) "
                          "for a result of rank {2}",
                          k, axis, rankY));
    Shape result = shape.hasKnownValues()
                       ? Shape(shape.values->begin(), shape.values->end())
                       : Shape(rankY, kUnknown);
    for (auto [k, axis] : llvm::enumerate(mapping)) {
      int64_t size = dataShape[k];
      if (size == kUnknown || size == 1)
        continue;
      if (result[axis] == kUnknown) {
        result[axis] = size;
      } else if (result[axis] != size) {
        return violation(
            RuleID::ExpandAxesMapping,
            llvm::formatv(
                "input dimension {0} of size {1} maps to result "
                "dimension {2} of size {3}; an input size must be 1 or "
                "the size it maps to",
                k, size, axis, result[axis]));
      }
    }
    return InferredShape(std::move(result));
  }

  if (!shape.hasKnownLength())
    return InferredShape(std::nullopt);
  Shape target = shape.hasKnownValues()
                     ? Shape(shape.values->begin(), shape.values->end())
                     : Shape(shape.length, kUnknown);
  ArrayRef<int64_t> operands[] = {dataShape, target};
  Checked<Shape> result = broadcastShapes(
      operands, RuleID::ExpandE1,
      [](unsigned m) -> std::string { return m == 0 ? "input" : "shape"; });
  if (!result)
    return result.violation();
  return InferredShape(*result);
}

//===----------------------------------------------------------------------===//
// Declared result types
//===----------------------------------------------------------------------===//

std::optional<Violation>
mlir::sonnx::checkDeclaredShape(Type declared, const InferredShape &inferred,
                                RuleID rule, StringRef resultName) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked || !inferred)
    return std::nullopt;
  ArrayRef<int64_t> shape = ranked.getShape();
  // Formatted only for a message: verification runs on every op.
  if (shape.size() != inferred->size())
    return violation(rule,
                     llvm::formatv("{0} has rank {1} but the inferred "
                                   "shape {2} has rank {3}",
                                   resultName, shape.size(),
                                   fmtShape(*inferred), inferred->size()));
  for (auto [dim, pair] : llvm::enumerate(llvm::zip_equal(shape, *inferred))) {
    auto [have, want] = pair;
    if (have != kUnknown && want != kUnknown && have != want)
      return violation(rule,
                       llvm::formatv("{0} has shape {1} but the inferred shape "
                                     "is {2} (dimension {3}: {4} vs {5})",
                                     resultName, fmtShape(shape),
                                     fmtShape(*inferred), dim, have, want));
  }
  return std::nullopt;
}

std::optional<Violation>
mlir::sonnx::checkDeclaredElementCount(ArrayRef<int64_t> dataShape,
                                       Type declared, RuleID rule,
                                       StringRef resultName) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked)
    return std::nullopt;
  return checkDeclaredElementCount(dataShape, ranked.getShape(), rule,
                                   resultName);
}

std::optional<Violation>
mlir::sonnx::checkDeclaredElementCount(ArrayRef<int64_t> dataShape,
                                       ArrayRef<int64_t> declaredShape,
                                       RuleID rule, StringRef resultName) {
  Checked<bool> possible =
      canHaveSameElementCount(dataShape, declaredShape, rule);
  if (!possible)
    return possible.violation();
  if (*possible)
    return std::nullopt;
  return violation(rule, llvm::formatv("{0} of shape {1} cannot have as many "
                                       "elements as the input of shape {2}",
                                       resultName, fmtShape(declaredShape),
                                       fmtShape(dataShape)));
}

std::optional<Violation>
mlir::sonnx::checkDeclaredRankAtLeast(int64_t rank, Type declared, RuleID rule,
                                      StringRef resultName) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked || ranked.getRank() >= rank)
    return std::nullopt;
  return violation(rule, llvm::formatv("{0} has rank {1}, below the input "
                                       "rank {2}",
                                       resultName, ranked.getRank(), rank));
}

std::optional<Violation>
mlir::sonnx::checkDeclaredUnsqueeze(ArrayRef<int64_t> dataShape, Type declared,
                                    StringRef resultName) {
  if (std::optional<Violation> v = checkDeclaredRankAtLeast(
          dataShape.size(), declared, RuleID::UnsqueezeYC1, resultName))
    return v;
  if (std::optional<Violation> v = checkDeclaredElementCount(
          dataShape, declared, RuleID::UnsqueezeYC1, resultName))
    return v;
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked)
    return std::nullopt;
  // The result is the input sizes in order with rank(Y) - rank(X) 1s
  // inserted. fits[i][j]: input sizes i.. can be placed in result sizes j..,
  // each result size either an inserted 1 or the next input size (an
  // unknown size on either side agrees with any size).
  ArrayRef<int64_t> resultShape = ranked.getShape();
  size_t rankX = dataShape.size(), rankY = resultShape.size();
  auto canBeOne = [&](size_t j) {
    return resultShape[j] == 1 || ShapedType::isDynamic(resultShape[j]);
  };
  auto agree = [&](size_t i, size_t j) {
    return dataShape[i] == kUnknown || ShapedType::isDynamic(resultShape[j]) ||
           dataShape[i] == resultShape[j];
  };
  // One flat table, on the stack for the usual ranks (the verification
  // runs this for every unsqueeze, often).
  size_t columns = rankY + 1;
  llvm::SmallVector<bool, 64> table((rankX + 1) * columns, false);
  auto fits = [&](size_t i, size_t j) -> decltype(table)::reference {
    return table[i * columns + j];
  };
  fits(rankX, rankY) = true;
  for (size_t j = rankY; j-- > 0;)
    fits(rankX, j) = canBeOne(j) && fits(rankX, j + 1);
  for (size_t i = rankX; i-- > 0;)
    for (size_t j = rankY; j-- > 0;)
      fits(i, j) = (canBeOne(j) && fits(i, j + 1)) ||
                   (agree(i, j) && fits(i + 1, j + 1));
  if (fits(0, 0))
    return std::nullopt;
  return violation(RuleID::UnsqueezeYC1,
                   llvm::formatv("{0} of shape {1} is not the input shape {2} "
                                 "with 1s inserted",
                                 resultName, fmtShape(resultShape),
                                 fmtShape(dataShape)));
}

std::optional<Violation>
mlir::sonnx::checkDeclaredFlatten(ArrayRef<int64_t> dataShape, int64_t axis,
                                  Type declared, StringRef resultName) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  Checked<int64_t> norm =
      normalizeFlattenAxis(axis, static_cast<int64_t>(dataShape.size()));
  if (!ranked || ranked.getRank() != 2 || !norm)
    return std::nullopt;
  // Each result size is the product of its group of input sizes.
  ArrayRef<int64_t> groups[] = {dataShape.take_front(*norm),
                                dataShape.drop_front(*norm)};
  for (auto [dim, group] : llvm::enumerate(groups)) {
    int64_t size = ranked.getDimSize(dim);
    Checked<bool> possible =
        canHaveSameElementCount(group, size, RuleID::FlattenYC1);
    if (!possible)
      return possible.violation();
    if (!*possible)
      return violation(RuleID::FlattenYC1,
                       llvm::formatv("{0} size {1} at dimension {2} cannot be "
                                     "the product of the input sizes {3}",
                                     resultName, fmtSize(size), dim,
                                     fmtShape(group)));
  }
  return std::nullopt;
}

bool mlir::sonnx::declaresNoMoreThan(Type declared,
                                     const InferredShape &inferred) {
  auto ranked = dyn_cast<RankedTensorType>(declared);
  if (!ranked)
    return true;
  if (!inferred || ranked.getRank() != static_cast<int64_t>(inferred->size()))
    return false;
  for (auto [have, known] : llvm::zip_equal(ranked.getShape(), *inferred))
    if (have != kUnknown && known == kUnknown)
      return false;
  return true;
}

std::optional<Violation>
mlir::sonnx::checkDeclaredResultsAgree(TypeRange declared, RuleID rule) {
  // The first result that declares a static size at each dimension.
  llvm::SmallVector<std::pair<int64_t, size_t>> fixed;
  std::optional<int64_t> rank;
  for (auto [m, type] : llvm::enumerate(declared)) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked)
      continue;
    if (!rank) {
      rank = ranked.getRank();
      fixed.assign(*rank, {kUnknown, 0});
    } else if (ranked.getRank() != *rank) {
      return violation(rule, llvm::formatv("result #{0} has rank {1} but "
                                           "another result has rank {2}",
                                           m, ranked.getRank(), *rank));
    }
    for (auto [dim, size] : llvm::enumerate(ranked.getShape())) {
      if (size == kUnknown)
        continue;
      if (fixed[dim].first == kUnknown)
        fixed[dim] = {size, m};
      else if (fixed[dim].first != size)
        return violation(rule,
                         llvm::formatv("result #{0} has size {1} at dimension "
                                       "{2} but result #{3} has size {4}",
                                       m, size, dim, fixed[dim].second,
                                       fixed[dim].first));
    }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Composition rules
//===----------------------------------------------------------------------===//

Shape mlir::sonnx::composeUnsqueezeAxes(ArrayRef<int64_t> innerAxes,
                                        ArrayRef<int64_t> outerAxes,
                                        int64_t outerRank) {
  // Walk the final result: a position is either a 1 inserted by the outer op
  // or the next dimension of the intermediate, which may itself be a 1
  // inserted by the inner op.
  Shape axes;
  axes.reserve(innerAxes.size() + outerAxes.size());
  int64_t intermediate = 0;
  for (int64_t pos = 0; pos < outerRank; ++pos) {
    if (llvm::is_contained(outerAxes, pos)) {
      axes.push_back(pos);
      continue;
    }
    if (llvm::is_contained(innerAxes, intermediate))
      axes.push_back(pos);
    ++intermediate;
  }
  return axes;
}

int64_t mlir::sonnx::composeFlattenAxes(int64_t innerAxis, int64_t outerAxis,
                                        int64_t rankX) {
  if (outerAxis == 0)
    return 0;
  if (outerAxis == 1)
    return innerAxis;
  return rankX;
}

Shape mlir::sonnx::getExpandAxesMapping(
    int64_t rankX, int64_t rankY,
    std::optional<ArrayRef<int64_t>> axesMapping) {
  if (axesMapping)
    return Shape(axesMapping->begin(), axesMapping->end());
  Shape mapping;
  for (int64_t k = 0; k < rankX; ++k)
    mapping.push_back(rankY - rankX + k);
  return mapping;
}

SmallVector<int64_t>
mlir::sonnx::getBroadcastSourceIndices(ArrayRef<int64_t> inputShape,
                                       ArrayRef<int64_t> resultShape,
                                       ArrayRef<int64_t> dimMap) {
  // The step in the input for a step along each result dimension: 0 where
  // the input has size 1 (or no dimension), its row-major stride otherwise.
  // The callers build a constant of this static shape: its count fits.
  std::optional<int64_t> staticCount = getStaticElementCount(resultShape);
  if (!staticCount)
    return {};
  int64_t count = *staticCount;
  size_t rank = resultShape.size();
  SmallVector<int64_t> steps(rank, 0);
  SmallVector<int64_t> strides = getRowMajorStrides(inputShape);
  for (size_t k = 0; k < inputShape.size(); ++k)
    if (inputShape[k] != 1)
      steps[dimMap[k]] = strides[k];

  SmallVector<int64_t> indices;
  indices.reserve(count);
  SmallVector<int64_t> position(rank, 0);
  int64_t source = 0;
  for (int64_t i = 0; i < count; ++i) {
    indices.push_back(source);
    // Odometer increment of the result position, from the last dimension.
    for (size_t d = rank; d-- > 0;) {
      if (++position[d] < resultShape[d]) {
        source += steps[d];
        break;
      }
      source -= steps[d] * (resultShape[d] - 1);
      position[d] = 0;
    }
  }
  return indices;
}
