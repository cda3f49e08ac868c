//===- SONNXSymbolicSizes.cpp - sizes as products of unknowns -------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXSymbolicSizes.h"

#include "SONNX/Support/SizeProduct.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <algorithm>
#include <iterator>

using namespace mlir;
using namespace mlir::sonnx;

SymbolicSize SymbolicSize::getConstant(int64_t value) {
  SymbolicSize size;
  size.factor = value;
  return size;
}

SymbolicSize SymbolicSize::getSymbol(unsigned symbol) {
  SymbolicSize size;
  size.symbols.push_back(symbol);
  return size;
}

std::optional<SymbolicSize>
SymbolicSize::times(const SymbolicSize &other) const {
  SymbolicSize result;
  std::optional<int64_t> product =
      getStaticElementCount({factor, other.factor});
  if (!product)
    return std::nullopt;
  result.factor = *product;
  // 0 times anything is 0, a static size.
  if (result.factor == 0)
    return result;
  result.symbols.reserve(symbols.size() + other.symbols.size());
  std::merge(symbols.begin(), symbols.end(), other.symbols.begin(),
             other.symbols.end(), std::back_inserter(result.symbols));
  return result;
}

std::optional<SymbolicSize>
SymbolicSize::dividedBy(const SymbolicSize &other) const {
  if (other.factor == 0 || factor % other.factor != 0)
    return std::nullopt;
  if (!std::includes(symbols.begin(), symbols.end(), other.symbols.begin(),
                     other.symbols.end()))
    return std::nullopt;
  SymbolicSize result;
  result.factor = factor / other.factor;
  if (result.factor == 0)
    return result;
  std::set_difference(symbols.begin(), symbols.end(), other.symbols.begin(),
                      other.symbols.end(), std::back_inserter(result.symbols));
  return result;
}

llvm::SmallVector<SymbolicSize>
mlir::sonnx::getSymbolicShape(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<SymbolicSize> sizes;
  for (auto [k, size] : llvm::enumerate(shape))
    sizes.push_back(ShapedType::isDynamic(size)
                        ? SymbolicSize::getSymbol(static_cast<unsigned>(k))
                        : SymbolicSize::getConstant(size));
  return sizes;
}

std::optional<SymbolicSize>
mlir::sonnx::getSymbolicProduct(llvm::ArrayRef<SymbolicSize> sizes) {
  llvm::SmallVector<int64_t> factors = llvm::map_to_vector(
      sizes, [](const SymbolicSize &s) { return s.factor; });
  std::optional<int64_t> factor = getStaticElementCount(factors);
  if (!factor)
    return std::nullopt;
  SymbolicSize result = SymbolicSize::getConstant(*factor);
  if (*factor == 0)
    return result;
  for (const SymbolicSize &size : sizes)
    llvm::append_range(result.symbols, size.symbols);
  llvm::sort(result.symbols);
  return result;
}
