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

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {

/// The element size of `type` (as the data layout gives it, at least 1 byte)
/// times its static sizes; its dynamic sizes are left out. Failure when the
/// product does not fit in int64.
inline FailureOr<int64_t> getStaticByteSize(MemRefType type,
                                            const DataLayout &layout) {
  int64_t bytes = static_cast<int64_t>(
      layout.getTypeSize(type.getElementType()).getFixedValue());
  if (bytes <= 0)
    bytes = 1;
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size) && llvm::MulOverflow(bytes, size, bytes))
      return failure();
  return bytes;
}

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TRANSFORMS_ALLOCATIONSIZE_H
