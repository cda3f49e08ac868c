//===- SONNXSymbolicSizes.h - sizes as products of unknowns -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A size known as `factor * s1 * s2 * ...`, where the s_i are sizes known
// only at run time, each named by a symbol. Two sizes with the same factor
// and the same symbols are equal whatever the run-time values. The
// verification (SONNXVerification.h) proves rules with them that the known
// sizes alone leave open (reshape.count when a 0 copies every unknown input
// size), and states each result size of a reshape as such a product; the
// lowering builds its views from the same sizes (LoweringUtils.h).
//
// Symbols of one op: symbol k is the unknown input size k (getSymbolicShape);
// a SymbolPool hands out the symbols of sizes known only at run time from
// the input rank on.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXSYMBOLICSIZES_H
#define SONNX_DIALECT_SONNX_IR_SONNXSYMBOLICSIZES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace sonnx {

/// A size known as `factor * s1 * s2 * ...` where the s_i are sizes known
/// only at run time, each named by a symbol.
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

/// Hands out fresh symbols for sizes known only at run time, after the
/// symbols 0 .. first-1 of the input sizes.
class SymbolPool {
public:
  explicit SymbolPool(unsigned first) : next(first) {}
  SymbolicSize fresh() { return SymbolicSize::getSymbol(next++); }

private:
  unsigned next;
};

/// The sizes of `shape` (kDynamic for an unknown size): a static size as a
/// constant, the unknown size k as symbol k.
llvm::SmallVector<SymbolicSize> getSymbolicShape(llvm::ArrayRef<int64_t> shape);

/// The product of `sizes`: the factors counted at once (SizeProduct.h: a
/// static 0 makes it 0, however large the other factors), the symbols
/// merged; std::nullopt when the factor overflows int64.
std::optional<SymbolicSize>
getSymbolicProduct(llvm::ArrayRef<SymbolicSize> sizes);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXSYMBOLICSIZES_H
