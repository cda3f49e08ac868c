//===- RuntimeChecks.cpp - run-time rule checks of the lowering -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "RuntimeChecks.h"

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// CheckBuilder
//===----------------------------------------------------------------------===//

/// The prefix of a check message: where the op comes from
/// (describeSource: "<file>: <node>: "), then "'<op>' op ".
static std::string getCheckPrefix(Operation *op) {
  return describeSource(op->getLoc()) + "'" +
         op->getName().getStringRef().str() + "' op ";
}

CheckBuilder::CheckBuilder(OpBuilder &builder, Operation *op,
                           const OpVerification &verification)
    : builder(builder), loc(op->getLoc()), prefix(getCheckPrefix(op)),
      opName(op->getName().getStringRef().str()), verification(verification) {}

CheckBuilder::CheckBuilder(OpBuilder &builder, const CheckBuilder &outer)
    : builder(builder), loc(outer.loc), prefix(outer.prefix),
      opName(outer.opName), verification(outer.verification) {}

Value CheckBuilder::i64(int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, value, 64);
}

Value CheckBuilder::index(int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value CheckBuilder::toI64(Value indexValue) {
  return builder.createOrFold<arith::IndexCastOp>(loc, builder.getI64Type(),
                                                  indexValue);
}

Value CheckBuilder::toIndex(Value i64Value) {
  return builder.createOrFold<arith::IndexCastOp>(loc, builder.getIndexType(),
                                                  i64Value);
}

Value CheckBuilder::toI64(OpFoldResult size) {
  if (std::optional<int64_t> value = getConstantIntValue(size))
    return i64(*value);
  return toI64(cast<Value>(size));
}

Value CheckBuilder::cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
  return builder.createOrFold<arith::CmpIOp>(loc, predicate, lhs, rhs);
}

Value CheckBuilder::select(Value cond, Value ifTrue, Value ifFalse) {
  return builder.createOrFold<arith::SelectOp>(loc, cond, ifTrue, ifFalse);
}

Value CheckBuilder::andI(Value lhs, Value rhs) {
  return builder.createOrFold<arith::AndIOp>(loc, lhs, rhs);
}

Value CheckBuilder::orI(Value lhs, Value rhs) {
  return builder.createOrFold<arith::OrIOp>(loc, lhs, rhs);
}

Value CheckBuilder::notI(Value value) {
  Value one = arith::ConstantIntOp::create(builder, loc, 1, 1);
  return builder.createOrFold<arith::XOrIOp>(loc, value, one);
}

Value CheckBuilder::add(Value lhs, Value rhs) {
  return builder.createOrFold<arith::AddIOp>(loc, lhs, rhs);
}

Value CheckBuilder::sub(Value lhs, Value rhs) {
  return builder.createOrFold<arith::SubIOp>(loc, lhs, rhs);
}

void CheckBuilder::check(Value ok, RuleID rule, const Twine &message) {
  // A rule of another op would never be deferred, so never checked: a fault
  // of the lowering, not of any input.
  if (!verification.checks(rule))
    llvm::report_fatal_error("sonnx: a run-time check of '" + opName +
                             "' cites rule '" + getRuleText(rule) +
                             "', which is not a rule of the op");
  if (matchPattern(ok, m_One()))
    return;
  // A rule that the verification decides holds for every run-time value.
  if (!isChecked(rule))
    return;
  std::string text = message.str() + getRuleCitation(rule);
  auto assertOp = cf::AssertOp::create(builder, loc, ok, prefix + text);
  setCheckedRule(assertOp, rule);
  // A check that fails whatever the inputs: the pass reports it at compile
  // time when nothing can skip it (reportFailingChecks).
  if (matchPattern(ok, m_Zero()))
    assertOp->setAttr(kFailingCheckAttrName,
                      builder.getStringAttr("'" + opName + "' op " + text));
}

LogicalResult mlir::sonnx::reportFailingChecks(Operation *root) {
  bool failed = false;
  root->walk([&](cf::AssertOp assertOp) {
    auto violation = assertOp->getAttrOfType<StringAttr>(kFailingCheckAttrName);
    if (!violation)
      return;
    assertOp->removeAttr(kFailingCheckAttrName);
    // Only a check in the entry block of a function runs whenever the
    // function does; one inside a loop or a branch may never run.
    Block *block = assertOp->getBlock();
    if (!block->isEntryBlock() ||
        !isa<FunctionOpInterface>(block->getParentOp()))
      return;
    emitError(assertOp.getLoc()) << violation.getValue();
    failed = true;
  });
  return failure(failed);
}

CheckBuilder::Product CheckBuilder::startProduct() {
  Value no = arith::ConstantIntOp::create(builder, loc, 0, 1);
  return {i64(1), no, no};
}

CheckBuilder::Product CheckBuilder::multiply(const Product &product,
                                             Value factor) {
  Product result = product;
  result.hasZero = orI(product.hasZero, eq(factor, i64(0)));
  APInt lhsValue, rhsValue;
  if (matchPattern(product.value, m_ConstantInt(&lhsValue)) &&
      matchPattern(factor, m_ConstantInt(&rhsValue))) {
    int64_t value;
    if (!llvm::MulOverflow(lhsValue.getSExtValue(), rhsValue.getSExtValue(),
                           value)) {
      result.value = i64(value);
      return result;
    }
  }
  if (matchPattern(product.value, m_One())) {
    result.value = factor;
    return result;
  }
  if (matchPattern(factor, m_One()))
    return result;
  // The high half of the 128-bit product is the sign extension of the low
  // half exactly when the product fits in int64.
  auto mul =
      arith::MulSIExtendedOp::create(builder, loc, product.value, factor);
  Value sign = arith::ShRSIOp::create(builder, loc, mul.getLow(), i64(63));
  result.value = mul.getLow();
  result.overflow = orI(product.overflow, ne(mul.getHigh(), sign));
  return result;
}

Value CheckBuilder::finishProduct(const Product &product, RuleID rule,
                                  const Twine &message) {
  // Without a possible overflow the value is exact, 0 factors included.
  if (matchPattern(product.overflow, m_Zero()))
    return product.value;
  check(orI(product.hasZero, notI(product.overflow)), rule, message);
  return select(product.hasZero, i64(0), product.value);
}

Value CheckBuilder::product(ArrayRef<Value> factors, RuleID rule,
                            const Twine &message) {
  Product result = startProduct();
  for (Value factor : factors)
    result = multiply(result, factor);
  return finishProduct(result, rule, message);
}

Value CheckBuilder::product(ArrayRef<OpFoldResult> sizes, RuleID rule,
                            const Twine &message) {
  SmallVector<Value> factors = llvm::map_to_vector(
      sizes, [&](OpFoldResult size) { return toI64(size); });
  return product(factors, rule, message);
}

Value CheckBuilder::selectByIndex(Value i, ArrayRef<Value> values,
                                  Value fallback) {
  if (std::optional<int64_t> k = getConstantIntValue(i))
    return *k >= 0 && *k < static_cast<int64_t>(values.size()) ? values[*k]
                                                               : fallback;
  Value result = fallback;
  for (auto [k, value] : llvm::enumerate(values))
    result = select(eq(i, i64(k)), value, result);
  return result;
}

//===----------------------------------------------------------------------===//
// Declared result types
//===----------------------------------------------------------------------===//

void mlir::sonnx::emitDeclaredLengthCheck(CheckBuilder &checks, Value operand,
                                          int64_t length, StringRef name,
                                          RuleID rule) {
  Value actual = checks.toI64(
      tensor::DimOp::create(checks.getBuilder(), checks.getLoc(), operand, 0)
          .getResult());
  checks.check(checks.eq(actual, checks.i64(length)), rule,
               llvm::formatv("{0} has a length other than {1}, the length "
                             "that the declared result type implies",
                             name, length));
}

void mlir::sonnx::emitDeclaredSizeCheck(CheckBuilder &checks, Value size,
                                        int64_t declared, int64_t resultDim,
                                        RuleID rule, StringRef how) {
  checks.check(checks.eq(size, checks.i64(declared)), rule,
               llvm::formatv("result dimension {0} is declared {1} but {2}",
                             resultDim, declared, how));
}

void mlir::sonnx::emitDeclaredSizeChecks(CheckBuilder &checks,
                                         MutableArrayRef<ViewDim> dims,
                                         ArrayRef<int64_t> declared,
                                         RuleID rule) {
  for (auto [d, dim] : llvm::enumerate(dims)) {
    int64_t size = declared[d];
    if (ShapedType::isDynamic(size) || dim.isStatic())
      continue;
    emitDeclaredSizeCheck(checks, checks.toI64(dim.size), size,
                          static_cast<int64_t>(d), rule);
    dim = getStaticViewDim(checks.getBuilder(), size);
  }
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

void mlir::sonnx::emitReshapeShapeValueChecks(CheckBuilder &checks, Value value,
                                              Value index, int64_t inputRank,
                                              bool allowZero) {
  std::optional<int64_t> i = getConstantIntValue(index);
  checks.check(checks.cmp(arith::CmpIPredicate::sge, value, checks.i64(-1)),
               RuleID::ReshapeSBelow,
               i ? llvm::formatv("shape[{0}] is below -1", *i).str()
                 : std::string("a value of shape is below -1"));
  if (allowZero)
    return;
  // A 0 copies the input dimension of its index, which must exist.
  if (i && *i < inputRank)
    return;
  Value isZero = checks.eq(value, checks.i64(0));
  if (i) {
    checks.check(checks.notI(isZero), RuleID::ReshapeSZeroIndex,
                 llvm::formatv("shape[{0}] = 0 copies input dimension {0}, "
                               "but the input has rank {1} (allowzero = 0)",
                               *i, inputRank));
    return;
  }
  Value beyond = checks.cmp(arith::CmpIPredicate::sge, checks.toI64(index),
                            checks.i64(inputRank));
  checks.check(checks.notI(checks.andI(isZero, beyond)),
               RuleID::ReshapeSZeroIndex,
               llvm::formatv("shape holds a 0 at an index that is not below "
                             "the input rank {0} (allowzero = 0)",
                             inputRank));
}

ReshapeShapeValue
mlir::sonnx::resolveReshapeShapeValue(CheckBuilder &checks, Value value,
                                      Value index, ArrayRef<Value> inputSizes,
                                      bool allowZero) {
  ReshapeShapeValue result;
  result.isZero = checks.eq(value, checks.i64(0));
  result.isMinusOne = checks.eq(value, checks.i64(-1));
  result.size = value;
  if (!allowZero) {
    Value i = getConstantIntValue(index) ? index : checks.toI64(index);
    result.size = checks.select(
        result.isZero, checks.selectByIndex(i, inputSizes, value), value);
  }
  return result;
}

ReshapeShapeSummary ReshapeShapeSummary::start(CheckBuilder &checks) {
  Value no =
      arith::ConstantIntOp::create(checks.getBuilder(), checks.getLoc(), 0, 1);
  return {checks.i64(0), no, checks.startProduct()};
}

ReshapeShapeSummary
ReshapeShapeSummary::add(CheckBuilder &checks,
                         const ReshapeShapeValue &value) const {
  OpBuilder &builder = checks.getBuilder();
  ReshapeShapeSummary result;
  result.minusOnes = checks.add(
      minusOnes, builder.createOrFold<arith::ExtUIOp>(
                     checks.getLoc(), builder.getI64Type(), value.isMinusOne));
  result.anyZero = checks.orI(anyZero, value.isZero);
  result.others = checks.multiply(
      others, checks.select(value.isMinusOne, checks.i64(1), value.size));
  return result;
}

SmallVector<Value, 5> ReshapeShapeSummary::toValues() const {
  return {minusOnes, anyZero, others.value, others.overflow, others.hasZero};
}

ReshapeShapeSummary ReshapeShapeSummary::fromValues(ValueRange values) {
  return {values[0], values[1], {values[2], values[3], values[4]}};
}

Value mlir::sonnx::emitReshapeMinusOneChecks(CheckBuilder &checks,
                                             Value minusOnes, Value anyZero,
                                             bool allowZero) {
  checks.check(checks.cmp(arith::CmpIPredicate::sle, minusOnes, checks.i64(1)),
               RuleID::ReshapeSMinus1, "shape holds -1 more than once");
  Value hasMinusOne =
      checks.cmp(arith::CmpIPredicate::sgt, minusOnes, checks.i64(0));
  if (allowZero)
    checks.check(checks.notI(checks.andI(anyZero, hasMinusOne)),
                 RuleID::ReshapeAllowzeroMinus1,
                 "shape holds both 0 and -1 with allowzero = 1");
  return hasMinusOne;
}

Value mlir::sonnx::emitReshapeInputCount(CheckBuilder &checks,
                                         ArrayRef<OpFoldResult> sizes) {
  return checks.product(sizes, RuleID::ReshapeCount,
                        "the element count of the input overflows int64");
}

static constexpr llvm::StringLiteral kShapeProductOverflow =
    "the product of the sizes of shape overflows int64";

Value mlir::sonnx::emitReshapeShapeProduct(
    CheckBuilder &checks, const CheckBuilder::Product &product) {
  return checks.finishProduct(product, RuleID::ReshapeCount,
                              kShapeProductOverflow);
}

Value mlir::sonnx::emitReshapeShapeProduct(CheckBuilder &checks,
                                           ArrayRef<OpFoldResult> sizes) {
  return checks.product(sizes, RuleID::ReshapeCount, kShapeProductOverflow);
}

Value mlir::sonnx::emitReshapeCountChecks(CheckBuilder &checks, Value count,
                                          Value others, Value hasMinusOne,
                                          bool divisionIsExact) {
  Value inferred;
  if (hasMinusOne) {
    Value zero = checks.i64(0);
    Value othersIsZero = checks.eq(others, zero);
    checks.check(checks.notI(checks.andI(hasMinusOne, othersIsZero)),
                 RuleID::ReshapeCount,
                 "cannot infer the -1 of shape: the product of the other "
                 "sizes is 0");
    // Never divide by 0, even on the path that the check above rejects.
    Value divisor = checks.select(othersIsZero, checks.i64(1), others);
    OpBuilder &builder = checks.getBuilder();
    Location loc = checks.getLoc();
    if (!divisionIsExact) {
      Value remainder =
          builder.createOrFold<arith::RemSIOp>(loc, count, divisor);
      checks.check(
          checks.notI(checks.andI(hasMinusOne, checks.ne(remainder, zero))),
          RuleID::ReshapeCount,
          "cannot infer the -1 of shape: the element count of the input is "
          "not a multiple of the product of the other sizes");
    }
    inferred = builder.createOrFold<arith::DivSIOp>(loc, count, divisor);
  }
  if (hasMinusOne && matchPattern(hasMinusOne, m_One()))
    return inferred;
  Value ok = checks.eq(count, others);
  if (hasMinusOne)
    ok = checks.orI(hasMinusOne, ok);
  checks.check(ok, RuleID::ReshapeCount,
               "the input and the resolved shape have different element "
               "counts");
  return inferred;
}

//===----------------------------------------------------------------------===//
// Unsqueeze
//===----------------------------------------------------------------------===//

void mlir::sonnx::emitUnsqueezeAxisRangeCheck(CheckBuilder &checks, Value axis,
                                              Value index, Value resultRank) {
  std::optional<int64_t> i = getConstantIntValue(index);
  std::optional<int64_t> r = getConstantIntValue(resultRank);
  Value lower = r ? checks.i64(-*r) : checks.sub(checks.i64(0), resultRank);
  Value inRange =
      checks.andI(checks.cmp(arith::CmpIPredicate::sge, axis, lower),
                  checks.cmp(arith::CmpIPredicate::slt, axis, resultRank));
  checks.check(inRange, RuleID::UnsqueezeAC1,
               i && r ? llvm::formatv("axes[{0}] is out of range [{1}, {2}] "
                                      "for a result of rank {3}",
                                      *i, -*r, *r - 1, *r)
                            .str()
                      : std::string("a value of axes is out of range [-r, r - "
                                    "1] for the result rank r = rank(data) + "
                                    "length of axes"));
}

Value mlir::sonnx::normalizeUnsqueezeAxis(CheckBuilder &checks, Value axis,
                                          Value resultRank) {
  Value isNegative = checks.cmp(arith::CmpIPredicate::slt, axis, checks.i64(0));
  return checks.select(isNegative, checks.add(axis, resultRank), axis);
}

void mlir::sonnx::emitUnsqueezeAxisPairCheck(CheckBuilder &checks, Value first,
                                             Value second, Value i, Value k) {
  std::optional<int64_t> staticI = getConstantIntValue(i);
  std::optional<int64_t> staticK = getConstantIntValue(k);
  checks.check(checks.ne(first, second), RuleID::UnsqueezeAC2,
               staticI && staticK
                   ? llvm::formatv("axes[{0}] and axes[{1}] designate the "
                                   "same axis",
                                   *staticI, *staticK)
                         .str()
                   : std::string("two values of axes designate the same axis"));
}

UnsqueezeDimSummary UnsqueezeDimSummary::start(CheckBuilder &checks) {
  Value no =
      arith::ConstantIntOp::create(checks.getBuilder(), checks.getLoc(), 0, 1);
  return {no, checks.i64(0)};
}

UnsqueezeDimSummary UnsqueezeDimSummary::add(CheckBuilder &checks, Value axis,
                                             Value j) const {
  OpBuilder &builder = checks.getBuilder();
  UnsqueezeDimSummary result;
  result.isAxis = checks.orI(isAxis, checks.eq(axis, j));
  result.axesBelow = checks.add(
      axesBelow, builder.createOrFold<arith::ExtUIOp>(
                     checks.getLoc(), builder.getI64Type(),
                     checks.cmp(arith::CmpIPredicate::slt, axis, j)));
  return result;
}

Value UnsqueezeDimSummary::getSize(CheckBuilder &checks, Value j,
                                   ArrayRef<Value> inputSizes) const {
  Value source =
      checks.selectByIndex(checks.sub(j, axesBelow), inputSizes, checks.i64(1));
  return checks.select(isAxis, checks.i64(1), source);
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

Value mlir::sonnx::emitBroadcastSizesCheck(
    CheckBuilder &checks, ArrayRef<Value> sizes, RuleID rule, int64_t resultDim,
    llvm::function_ref<std::string(size_t)> describe) {
  Value one = checks.i64(1);
  Value result = one;
  for (Value size : sizes)
    result = checks.select(checks.ne(size, one), size, result);
  for (auto [k, size] : llvm::enumerate(sizes))
    checks.check(checks.orI(checks.eq(size, one), checks.eq(size, result)),
                 rule,
                 llvm::formatv("{0} is neither 1 nor the size of the other "
                               "operands in dimension {1} of the broadcast",
                               describe(k), resultDim));
  return result;
}

void mlir::sonnx::emitBroadcastStaticSizeCheck(CheckBuilder &checks, Value size,
                                               int64_t resultSize, RuleID rule,
                                               const Twine &what,
                                               int64_t resultDim) {
  Value ok = checks.eq(size, checks.i64(1));
  if (resultSize != 1)
    ok = checks.orI(ok, checks.eq(size, checks.i64(resultSize)));
  checks.check(ok, rule,
               llvm::formatv("{0} is neither 1 nor {1} in dimension {2} of the "
                             "broadcast",
                             what.str(), resultSize, resultDim));
}
