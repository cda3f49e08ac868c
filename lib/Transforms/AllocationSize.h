//===- AllocationSize.h - byte size of a memref allocation -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The static part of the byte size of a buffer, shared by the passes that
// reason about `memref.alloc` sizes (--sonnx-check-allocations,
// --sonnx-align-large-buffers), so that they agree on what a buffer's size
// is.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TRANSFORMS_ALLOCATIONSIZE_H
#define SONNX_LIB_TRANSFORMS_ALLOCATIONSIZE_H

#include "SONNX/Support/SizeProduct.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

namespace mlir {
namespace sonnx {

/// The element size of `type` (as the data layout gives it, at least 1 byte)
/// times its static sizes; its dynamic sizes are left out. 0 when a static
/// size is 0; failure when the product does not fit in int64.
inline FailureOr<int64_t> getStaticByteSize(MemRefType type,
                                            const DataLayout &layout) {
  int64_t bytes = static_cast<int64_t>(
      layout.getTypeSize(type.getElementType()).getFixedValue());
  if (bytes <= 0)
    bytes = 1;
  llvm::SmallVector<int64_t> staticSizes;
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size))
      staticSizes.push_back(size);
  // 0 when a static size is 0, however large the others (SizeProduct.h).
  std::optional<uint64_t> total =
      getByteCount(staticSizes, static_cast<uint64_t>(bytes));
  if (!total)
    return failure();
  return static_cast<int64_t>(*total);
}

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TRANSFORMS_ALLOCATIONSIZE_H
