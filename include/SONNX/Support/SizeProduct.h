//===- SizeProduct.h - element and byte counts of shapes --------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The one place where sizes are multiplied into a count: element counts,
// byte counts and row-major strides of shapes, for the verification, the
// folds, the lowering, the runtime's guards and marshalling, the importer
// and the header's `_ELEMENTS`. Everything else calls these functions.
//
// The meaning, which every caller relies on: the count of a shape is 0 when
// any size is 0, whatever the order of the sizes and however large the
// others (a `11 x 3632593533599455879 x 0` tensor holds no element, although
// the product of its first two sizes overflows); otherwise the product of
// the sizes, or nothing when that product exceeds the caller's limit. The
// check for 0 comes before any multiplication, so that an overflow met
// before a 0 cannot hide it (fuzz/regressions/jit-run/zero-after-overflow).
//
// Header-only and free of MLIR types (shapes are int64 lists, as in
// ShapedType), so that the runtime's sandboxed child process, the importer
// and the dialect all reach it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_SUPPORT_SIZEPRODUCT_H
#define SONNX_SUPPORT_SIZEPRODUCT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace mlir {
namespace sonnx {

/// The product of `sizes` and `factor` (the bytes of one element, or 1 for
/// an element count):
/// - 0 when `factor` or any size is 0, whatever the other sizes are
///   (negative and dynamic ones included: no element, nothing to count);
/// - std::nullopt when, with no size 0, a size is negative (a dynamic size,
///   ShapedType::kDynamic, is negative) or the product exceeds `limit`;
/// - the product otherwise.
inline std::optional<uint64_t>
multiplySizes(llvm::ArrayRef<int64_t> sizes, uint64_t factor = 1,
              uint64_t limit = std::numeric_limits<int64_t>::max()) {
  // One pass: a 0 anywhere decides, so an overflow or a negative size met
  // before it is only remembered.
  if (factor == 0)
    return uint64_t(0);
  uint64_t product = factor;
  bool fits = product <= limit;
  for (int64_t size : sizes) {
    if (size == 0)
      return uint64_t(0);
    if (!fits)
      continue;
    // The compilers' checked multiplication (GCC and clang, the two that
    // build sonnx): no division per size.
    if (size < 0 ||
        __builtin_mul_overflow(product, static_cast<uint64_t>(size),
                               &product) ||
        product > limit)
      fits = false;
  }
  if (!fits)
    return std::nullopt;
  return product;
}

/// The element count of a shape whose sizes are all known: 0 when a size is
/// 0; std::nullopt when a size is negative or dynamic (and none is 0), or
/// when the count exceeds INT64_MAX.
inline std::optional<int64_t>
getStaticElementCount(llvm::ArrayRef<int64_t> shape) {
  std::optional<uint64_t> count = multiplySizes(shape);
  if (!count)
    return std::nullopt;
  return static_cast<int64_t>(*count);
}

/// The byte count of a shape of elements of `elementBytes` bytes, with the
/// meaning of multiplySizes: 0 when a size is 0, std::nullopt when a size
/// is negative or the count exceeds `limit` (INT64_MAX by default).
inline std::optional<uint64_t>
getByteCount(llvm::ArrayRef<int64_t> shape, uint64_t elementBytes,
             uint64_t limit = std::numeric_limits<int64_t>::max()) {
  return multiplySizes(shape, elementBytes, limit);
}

/// The row-major (identity layout) strides of a shape with non-negative
/// sizes: stride k is the product of the sizes after k, as MLIR's identity
/// layout gives them (a stride after a 0 is 0). A stride over INT64_MAX can
/// only occur in a shape without elements (the count is that stride times
/// the earlier sizes), where it addresses nothing: it is 0 then.
inline llvm::SmallVector<int64_t>
getRowMajorStrides(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> strides(shape.size(), 0);
  for (size_t k = 0; k < shape.size(); ++k)
    strides[k] = getStaticElementCount(shape.drop_front(k + 1)).value_or(0);
  return strides;
}

} // namespace sonnx
} // namespace mlir

#endif // SONNX_SUPPORT_SIZEPRODUCT_H
