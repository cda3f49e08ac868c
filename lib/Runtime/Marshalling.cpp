//===- Marshalling.cpp - tensors to and from memref descriptors -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The child writes its results to a file without stdio (it may run after a
// fault of the generated code left stdio in any state) and the caller
// parses that file: for each result its rank, its sizes, then its elements
// in row-major order.
//
//===----------------------------------------------------------------------===//

#include "Marshalling.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include <unistd.h>

using namespace mlir;
using namespace mlir::sonnx;

static_assert(sizeof(void *) == sizeof(int64_t),
              "memref descriptors are read as arrays of 64-bit words");

static llvm::Error internalError(const llvm::Twine &message) {
  return llvm::make_error<JITRunError>(JITRunFailure::Internal, message.str());
}

//===----------------------------------------------------------------------===//
// Element storage
//===----------------------------------------------------------------------===//

std::optional<ElementStorage> mlir::sonnx::getElementStorage(Type type) {
  if (isa<sonnx::StringType>(type))
    return ElementStorage{8, true};
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    // LLVM stores i1 and i4 in one byte each.
    if (width == 1 || width == 4 || width == 8)
      return ElementStorage{1, false};
    if (width == 16 || width == 32 || width == 64)
      return ElementStorage{width / 8, false};
    return std::nullopt;
  }
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
    return ElementStorage{type.getIntOrFloatBitWidth() / 8, false};
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    if (isa<Float32Type, Float64Type>(part))
      return ElementStorage{2 * part.getIntOrFloatBitWidth() / 8, false};
  }
  return std::nullopt;
}

/// True when DenseElementsAttr's raw data of `type` has the layout of the
/// memref (byte-sized elements, little-endian): every type but i1 and i4.
static bool hasMemRefRawLayout(Type elementType) {
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return intType.getWidth() % 8 == 0;
  return true;
}

void mlir::sonnx::packNumericElements(DenseElementsAttr value, char *out) {
  Type elementType = value.getElementType();
  int64_t count = value.getNumElements();
  // The raw data of a tensor without elements may be null, and memcpy from
  // a null pointer is undefined even for 0 bytes.
  if (count == 0)
    return;
  if (!hasMemRefRawLayout(elementType)) {
    // i1 (bit-packed in the attribute) and i4: one byte per element.
    for (auto [i, v] : llvm::enumerate(value.getValues<APInt>()))
      out[i] = static_cast<char>(v.getZExtValue() & 0xff);
    return;
  }
  llvm::ArrayRef<char> raw = value.getRawData();
  size_t bytes = getElementStorage(elementType)->bytes;
  if (value.isSplat()) {
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(out + i * bytes, raw.data(), bytes);
    return;
  }
  std::memcpy(out, raw.data(), count * bytes);
}

void mlir::sonnx::toInterfaceStorage(Type elementType,
                                     llvm::MutableArrayRef<char> bytes) {
  if (!elementType.isInteger(4) || elementType.isUnsignedInteger())
    return;
  for (char &byte : bytes)
    byte = static_cast<char>(
        llvm::SignExtend64(static_cast<unsigned char>(byte) & 0x0f, 4));
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

CallFrame::CallFrame(llvm::ArrayRef<DenseElementsAttr> arguments,
                     llvm::ArrayRef<RankedTensorType> argumentTypes,
                     llvm::ArrayRef<TensorType> resultTypes)
    : resultTypes(resultTypes) {
  for (auto [value, type] : llvm::zip(arguments, argumentTypes))
    packArgument(value, type);
  llvm::sort(handles);
  layOutResults(resultTypes);

  for (std::vector<int64_t> &descriptor : descriptors)
    descriptorPointers.push_back(descriptor.data());
  resultPointer = resultWords.data();
  if (!resultTypes.empty())
    packedArguments.push_back(&resultPointer);
  for (void *&pointer : descriptorPointers)
    packedArguments.push_back(&pointer);
}

void CallFrame::packArgument(DenseElementsAttr value, RankedTensorType type) {
  ElementStorage storage = *getElementStorage(type.getElementType());
  auto valueType = cast<RankedTensorType>(value.getType());
  // The value exists, so its byte count fits (checkCallArguments).
  uint64_t bytes =
      getByteCount(valueType.getShape(), storage.bytes).value_or(0);
  size_t words = static_cast<size_t>(bytes / 8 + (bytes % 8 != 0));
  buffers.emplace_back(new uint64_t[std::max<size_t>(words, 1)]());
  char *data = reinterpret_cast<char *>(buffers.back().get());
  packElements(value, storage, data);
  std::vector<int64_t> descriptor;
  int64_t address = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  descriptor.push_back(address);
  descriptor.push_back(address);
  descriptor.push_back(0);
  llvm::append_range(descriptor, valueType.getShape());
  llvm::append_range(descriptor, getRowMajorStrides(valueType.getShape()));
  descriptors.push_back(std::move(descriptor));
}

/// Writes the elements of `value` in memref storage to `out`.
void CallFrame::packElements(DenseElementsAttr value, ElementStorage storage,
                             char *out) {
  if (storage.isString) {
    auto *words = reinterpret_cast<int64_t *>(out);
    for (auto [i, s] : llvm::enumerate(value.getValues<llvm::StringRef>())) {
      size_t recordWords = 1 + (s.size() + 1 + 7) / 8;
      records.emplace_back(new uint64_t[recordWords]());
      uint64_t *record = records.back().get();
      record[0] = s.size();
      char *bytes = reinterpret_cast<char *>(record + 1);
      // An empty StringRef may have a null data pointer.
      if (!s.empty())
        std::memcpy(bytes, s.data(), s.size());
      int64_t handle = static_cast<int64_t>(reinterpret_cast<intptr_t>(bytes));
      int64_t number = static_cast<int64_t>(strings.size());
      strings.push_back(s);
      handles.emplace_back(handle, number);
      words[i] = handle;
    }
    return;
  }
  packNumericElements(value, out);
}

void CallFrame::layOutResults(llvm::ArrayRef<TensorType> resultTypes) {
  size_t words = 0;
  for (TensorType type : resultTypes) {
    ResultLayout layout;
    layout.storage = *getElementStorage(type.getElementType());
    layout.wordOffset = words;
    if (auto ranked = dyn_cast<RankedTensorType>(type)) {
      layout.rank = ranked.getRank();
      words += 3 + 2 * layout.rank;
    } else {
      words += 2;
    }
    layouts.push_back(layout);
  }
  resultWords.assign(std::max<size_t>(words, 1), 0);
}

//===----------------------------------------------------------------------===//
// Results, in the child
//===----------------------------------------------------------------------===//

namespace {
/// Buffered writes to a file descriptor, usable in the child (no stdio).
class FdWriter {
public:
  explicit FdWriter(int fd) : fd(fd) {}
  ~FdWriter() { flush(); }
  void write(const void *data, size_t size) {
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
      size_t n = std::min(size, sizeof(buffer) - used);
      std::memcpy(buffer + used, p, n);
      used += n;
      p += n;
      size -= n;
      if (used == sizeof(buffer))
        flush();
    }
  }
  void writeWord(int64_t word) { write(&word, sizeof(word)); }
  bool flush() {
    size_t done = 0;
    while (done < used) {
      ssize_t n = ::write(fd, buffer + done, used - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        failed = true;
        break;
      }
      done += static_cast<size_t>(n);
    }
    used = 0;
    return !failed;
  }

private:
  int fd;
  char buffer[1 << 16];
  size_t used = 0;
  bool failed = false;
};
} // namespace

/// How the child writes a string element that is not an input string
/// (whose number it writes): a compiled-in constant (this tag, its byte
/// count, its bytes), or a handle that designates no known string.
static constexpr int64_t kUnknownString = -1;
static constexpr int64_t kInlineString = -2;

/// Writes a message to the child's standard error without stdio.
static void childMessage(const std::string &message) {
  std::string line = message + "\n";
  ssize_t unused = ::write(2, line.data(), line.size());
  (void)unused;
}

int CallFrame::writeResults(int fd, llvm::ArrayRef<int64_t> constantHandles,
                            uint64_t maxResultBytes) const {
  FdWriter out(fd);
  uint64_t totalBytes = 0;
  for (auto [r, layout] : llvm::enumerate(layouts)) {
    const int64_t *descriptor = resultWords.data() + layout.wordOffset;
    int64_t rank = layout.rank;
    if (rank < 0) {
      // Unranked: {rank, pointer to the ranked descriptor}.
      rank = descriptor[0];
      descriptor = reinterpret_cast<const int64_t *>(
          static_cast<intptr_t>(descriptor[1]));
      if (rank < 0 || rank > 1024 || !descriptor) {
        childMessage(llvm::formatv("result {0}: invalid unranked descriptor "
                                   "(rank {1})",
                                   r, rank));
        return ChildBadResult;
      }
    }
    const char *aligned =
        reinterpret_cast<const char *>(static_cast<intptr_t>(descriptor[1]));
    int64_t offset = descriptor[2];
    const int64_t *sizes = descriptor + 3;
    const int64_t *strides = descriptor + 3 + rank;
    llvm::ArrayRef<int64_t> shape(sizes, rank);
    for (int64_t size : shape) {
      if (size < 0) {
        childMessage(llvm::formatv("result {0}: negative size {1}", r, size));
        return ChildBadResult;
      }
    }
    // 0 elements when any size is 0, however large the others
    // (SizeProduct.h); the bytes must fit in what is left of the limit.
    std::optional<uint64_t> bytes =
        getByteCount(shape, layout.storage.bytes,
                     maxResultBytes - std::min(maxResultBytes, totalBytes));
    if (!bytes) {
      std::optional<uint64_t> elements =
          multiplySizes(shape, 1, std::numeric_limits<uint64_t>::max());
      childMessage(llvm::formatv(
          "result {0} of shape [{1}] has {2} elements, more than the limit "
          "of {3} bytes of results",
          r, llvm::make_range(shape.begin(), shape.end()),
          elements ? std::to_string(*elements) : "at least 2^64",
          maxResultBytes));
      return ChildTooLarge;
    }
    totalBytes += *bytes;
    uint64_t count = *bytes / layout.storage.bytes;
    out.writeWord(rank);
    for (int64_t i = 0; i < rank; ++i)
      out.writeWord(sizes[i]);
    if (count == 0)
      continue;
    if (!aligned) {
      childMessage(llvm::formatv("result {0}: null data pointer", r));
      return ChildBadResult;
    }
    // Walk the elements in row-major order, honouring the strides.
    llvm::SmallVector<int64_t> index(rank, 0);
    size_t elementBytes = layout.storage.bytes;
    for (uint64_t n = 0; n < count; ++n) {
      int64_t position = offset;
      for (int64_t i = 0; i < rank; ++i)
        position += index[i] * strides[i];
      const char *element = aligned + position * elementBytes;
      if (layout.storage.isString) {
        int64_t handle;
        std::memcpy(&handle, element, sizeof(handle));
        auto it =
            llvm::lower_bound(handles, std::make_pair(handle, int64_t(-1)));
        if (it != handles.end() && it->first == handle) {
          out.writeWord(it->second);
        } else if (std::binary_search(constantHandles.begin(),
                                      constantHandles.end(), handle)) {
          // A string compiled into the module: its record's bytes.
          const char *bytes =
              reinterpret_cast<const char *>(static_cast<intptr_t>(handle));
          int64_t size;
          std::memcpy(&size, bytes - 8, sizeof(size));
          if (size < 0 || static_cast<uint64_t>(size) > maxResultBytes) {
            childMessage(llvm::formatv("result {0}: a string constant has "
                                       "the invalid size {1}",
                                       r, size));
            return ChildBadResult;
          }
          out.writeWord(kInlineString);
          out.writeWord(size);
          out.write(bytes, static_cast<size_t>(size));
        } else {
          out.writeWord(kUnknownString);
        }
      } else {
        out.write(element, elementBytes);
      }
      for (int64_t i = rank - 1; i >= 0; --i) {
        if (++index[i] < sizes[i])
          break;
        index[i] = 0;
      }
    }
  }
  if (!out.flush())
    return ChildWriteFailed;
  return 0;
}

//===----------------------------------------------------------------------===//
// Results, in the caller
//===----------------------------------------------------------------------===//

static llvm::Error truncatedError(size_t resultNumber) {
  return internalError(llvm::formatv("result {0}: the child's result data is "
                                     "truncated",
                                     resultNumber));
}

/// Reads the string elements of a result of `type` from the child's output
/// `data` at `pos`, advancing `pos`.
llvm::Expected<DenseElementsAttr>
CallFrame::readStrings(RankedTensorType type, llvm::StringRef data, size_t &pos,
                       size_t resultNumber) const {
  int64_t count = type.getNumElements();
  llvm::SmallVector<llvm::StringRef> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    int64_t number;
    if (data.size() - pos < 8)
      return truncatedError(resultNumber);
    std::memcpy(&number, data.data() + pos, 8);
    pos += 8;
    if (number == kInlineString) {
      int64_t size;
      if (data.size() - pos < 8)
        return truncatedError(resultNumber);
      std::memcpy(&size, data.data() + pos, 8);
      pos += 8;
      if (size < 0 || data.size() - pos < static_cast<uint64_t>(size))
        return truncatedError(resultNumber);
      values.push_back(data.substr(pos, size));
      pos += size;
      continue;
    }
    if (number < 0 || number >= static_cast<int64_t>(strings.size()))
      return internalError(
          llvm::formatv("result {0}: element {1} holds a string handle that "
                        "designates neither an input string nor a string "
                        "constant of the module",
                        resultNumber, i));
    values.push_back(strings[number]);
  }
  return DenseElementsAttr(DenseStringElementsAttr::get(type, values));
}

llvm::Expected<DenseElementsAttr> mlir::sonnx::unpackNumericElements(
    RankedTensorType type, llvm::ArrayRef<char> bytes, size_t resultNumber) {
  int64_t count = type.getNumElements();
  Type elementType = type.getElementType();
  if (!hasMemRefRawLayout(elementType)) {
    unsigned width = elementType.getIntOrFloatBitWidth();
    llvm::SmallVector<APInt> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i)
      values.emplace_back(width,
                          static_cast<uint8_t>(bytes[i]) & ((1u << width) - 1));
    return DenseElementsAttr::get(type, values);
  }
  if (count == 1) {
    // A one-element buffer is a splat either way.
    return DenseElementsAttr::getFromRawBuffer(type, bytes);
  }
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, bytes, detectedSplat))
    return internalError(llvm::formatv("result {0}: {1} bytes do not hold a "
                                       "{2}",
                                       resultNumber, bytes.size(),
                                       typeToString(type)));
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
CallFrame::readResults(llvm::StringRef data) const {
  llvm::SmallVector<DenseElementsAttr> results;
  size_t pos = 0;
  auto readWord = [&](int64_t &word) {
    if (data.size() - pos < 8)
      return false;
    std::memcpy(&word, data.data() + pos, 8);
    pos += 8;
    return true;
  };
  for (auto [r, pair] : llvm::enumerate(llvm::zip(resultTypes, layouts))) {
    auto [type, layout] = pair;
    int64_t rank;
    if (!readWord(rank) || rank < 0 || rank > 1024)
      return truncatedError(r);
    llvm::SmallVector<int64_t> shape(rank);
    for (int64_t &size : shape)
      if (!readWord(size))
        return truncatedError(r);
    auto actualType = RankedTensorType::get(shape, type.getElementType());
    // The lowered code must produce what its type promises.
    if (!isCompatibleTensorType(type, actualType))
      return internalError(llvm::formatv("result {0} has shape {1} but type "
                                         "{2}",
                                         r, typeToString(actualType),
                                         typeToString(type)));
    if (layout.storage.isString) {
      auto value = readStrings(actualType, data, pos, r);
      if (!value)
        return value.takeError();
      results.push_back(*value);
      continue;
    }
    // The child checked the count against the limit (writeResults).
    std::optional<uint64_t> bytes =
        getByteCount(actualType.getShape(), layout.storage.bytes);
    if (!bytes || data.size() - pos < *bytes)
      return truncatedError(r);
    auto value = unpackNumericElements(actualType, data.substr(pos, *bytes), r);
    if (!value)
      return value.takeError();
    pos += *bytes;
    results.push_back(*value);
  }
  return results;
}
