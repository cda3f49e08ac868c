//===- sonnx-size-product-test.cpp - print SizeProduct.h's counts ---------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Prints one line per case of include/SONNX/Support/SizeProduct.h, for
// size-product.test: the sizes, the factor and limit, and the count (or
// "none" when it does not fit); then the row-major strides of some shapes.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/SizeProduct.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <initializer_list>
#include <limits>

using namespace mlir::sonnx;

static void printSizes(llvm::ArrayRef<int64_t> sizes) {
  llvm::outs() << "[";
  llvm::interleaveComma(sizes, llvm::outs());
  llvm::outs() << "]";
}

static void count(std::initializer_list<int64_t> list, uint64_t factor = 1,
                  uint64_t limit = std::numeric_limits<int64_t>::max()) {
  llvm::ArrayRef<int64_t> sizes(list);
  std::optional<uint64_t> product = multiplySizes(sizes, factor, limit);
  llvm::outs() << "multiply ";
  printSizes(sizes);
  llvm::outs() << " factor " << factor << " limit " << limit << ": ";
  if (product)
    llvm::outs() << *product << "\n";
  else
    llvm::outs() << "none\n";
}

static void strides(std::initializer_list<int64_t> list) {
  llvm::ArrayRef<int64_t> sizes(list);
  llvm::outs() << "strides ";
  printSizes(sizes);
  llvm::outs() << ": ";
  printSizes(getRowMajorStrides(sizes));
  llvm::outs() << "\n";
}

int main() {
  constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();
  constexpr uint64_t kUInt64Max = std::numeric_limits<uint64_t>::max();
  // A 0 after sizes whose product overflows, before them, in the middle.
  count({11, 3632593533599455879, 0});
  count({0, 3632593533599455879, 11});
  count({3632593533599455879, 0, 11});
  count({11, 3632593533599455879, 0}, 16, kUInt64Max);
  // No 0: the product, or none when it exceeds the limit.
  count({11, 3632593533599455879, 1});
  count({2, 3, 4});
  count({});
  count({3037000499, 3037000499});
  count({3037000500, 3037000500});
  count({4611686018427387904, 2});
  count({4611686018427387904, 2}, 1, kUInt64Max);
  count({4611686018427387904, 4}, 1, kUInt64Max);
  // A factor (bytes per element) and a limit (bytes left).
  count({1000, 1000}, 4, 1000);
  count({250}, 4, 1000);
  count({251}, 4, 1000);
  count({2, 3}, 0);
  count({}, 8, 4);
  // Negative and dynamic sizes: none, unless a 0 makes the count 0.
  count({2, -3});
  count({kDynamic, 4});
  count({kDynamic, 0, 4611686018427387904});
  // Strides: products of the later sizes; one that does not fit only in a
  // shape without elements, where it is 0.
  strides({2, 3, 4});
  strides({2, 0, 3});
  strides({0, 4611686018427387904, 4});
  strides({});
  return 0;
}
