//===- Marshalling.h - tensors to and from memref descriptors ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The calling convention of a function compiled by JITFunction (see
// SONNX/Runtime/JITRunner.h): the arguments as memref descriptors over
// buffers in the element storage of the lowered code, the struct of result
// descriptors, and the transfer of the results from the child process that
// runs the code (writeResults, in the child) to the caller (readResults).
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_RUNTIME_MARSHALLING_H
#define SONNX_LIB_RUNTIME_MARSHALLING_H

#include "SONNX/Runtime/RunErrors.h"
#include "SONNX/Runtime/Sandbox.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace sonnx {

/// How the elements of a tensor type are stored in its memref.
struct ElementStorage {
  /// Bytes per element.
  unsigned bytes = 0;
  /// `!sonnx.string`: i64 handles.
  bool isString = false;
};

/// The storage of `type` in the memrefs of the lowered code, or nullopt
/// for an element type the runner cannot exchange.
std::optional<ElementStorage> getElementStorage(Type type);

/// Checks that `arguments` match `argumentTypes`: number, element type,
/// rank and every static size. Fails with a JITRunError of kind
/// InvalidArguments naming the argument (by `names[i]` when given).
llvm::Error checkCallArguments(llvm::ArrayRef<DenseElementsAttr> arguments,
                               llvm::ArrayRef<RankedTensorType> argumentTypes,
                               llvm::ArrayRef<std::string> names);

/// A JITRunError of `kind` (RunErrors.cpp), with the rule of a failed
/// run-time check when it is known.
llvm::Error runError(JITRunFailure kind, const llvm::Twine &message,
                     std::optional<RuleID> rule = std::nullopt);

/// The JITRunError of a child process (the JIT's, or an ahead-of-time
/// program) that did not end with its results written: a timeout, a fault
/// or an abort (a check without a rule, which has no status code, prints
/// its message and aborts: the message is the tail of the output), a
/// nonzero exit code. Success when it exited with 0. A failed run-time
/// check that reports its status code is the caller's to decode first
/// (ChildCheckFailed, the ahead-of-time harness's status).
llvm::Error describeChildFailure(const SandboxOutcome &outcome,
                                 const JITRunOptions &options);

/// Writes the elements of `value`, of a type getElementStorage takes other
/// than strings, in that storage (row-major) to `out`, which has room for
/// them.
void packNumericElements(DenseElementsAttr value, char *out);

/// Makes `bytes`, elements of `elementType` in the storage of
/// getElementStorage (packNumericElements), those of the C interface: an
/// int4 element is an int8_t of -8..7 there (docs/deployment.md, "Element
/// types"), its 4 bits sign-extended; other types are the same.
void toInterfaceStorage(Type elementType, llvm::MutableArrayRef<char> bytes);

/// Reads a tensor of `type` (static; not strings) from `bytes`, its
/// elements in the storage of getElementStorage. Fails (naming result
/// `resultNumber`) when the bytes cannot hold it.
llvm::Expected<DenseElementsAttr>
unpackNumericElements(RankedTensorType type, llvm::ArrayRef<char> bytes,
                      size_t resultNumber);

/// What the child needs to know about one result, computed before fork.
struct ResultLayout {
  /// Rank of a ranked result, -1 for an unranked one.
  int64_t rank = -1;
  ElementStorage storage;
  /// Offset of its descriptor in the result struct, in 64-bit words.
  size_t wordOffset = 0;
};

/// Exit codes of the child besides 0 (results written) when it transfers
/// the results.
enum ChildExit : int {
  ChildBadResult = 90,
  ChildTooLarge = 91,
  ChildWriteFailed = 92,
  /// A run-time check failed: the JIT's status handler wrote the check's
  /// status code (an int32_t) then its message to the data file.
  ChildCheckFailed = 93,
};

/// Everything one call passes to the compiled code and gets back: the
/// arguments in the layout of the lowered code (element buffers, their
/// memref descriptors, the strings behind the handles), the struct of the
/// result descriptors, and the pointers of the ExecutionEngine's packed
/// interface to them. Not copyable: the pointers point into it.
class CallFrame {
public:
  /// Packs `arguments`, which match `argumentTypes` (checked by
  /// JITFunction::checkArguments), for a function returning `resultTypes`.
  CallFrame(llvm::ArrayRef<DenseElementsAttr> arguments,
            llvm::ArrayRef<RankedTensorType> argumentTypes,
            llvm::ArrayRef<TensorType> resultTypes);
  CallFrame(const CallFrame &) = delete;
  CallFrame &operator=(const CallFrame &) = delete;

  /// The argument array of the packed interface: a pointer to the result
  /// struct pointer (when there are results), then one pointer to each
  /// argument's descriptor pointer.
  void **getPackedArguments() { return packedArguments.data(); }

  /// In the child, after the call: writes the results to `fd` (each result's
  /// rank, sizes and elements in row-major order; strings as input string
  /// numbers or the bytes of a compiled-in constant). Returns the child's
  /// exit code (0 or a ChildExit).
  int writeResults(int fd, llvm::ArrayRef<int64_t> constantHandles,
                   uint64_t maxResultBytes) const;

  /// In the caller: reads what writeResults wrote in the child.
  llvm::Expected<llvm::SmallVector<DenseElementsAttr>>
  readResults(llvm::StringRef data) const;

private:
  void packArgument(DenseElementsAttr value, RankedTensorType type);
  void packElements(DenseElementsAttr value, ElementStorage storage, char *out);
  void layOutResults(llvm::ArrayRef<TensorType> resultTypes);
  llvm::Expected<DenseElementsAttr> readStrings(RankedTensorType type,
                                                llvm::StringRef data,
                                                size_t &pos,
                                                size_t resultNumber) const;

  /// Element storage, 8-byte aligned.
  std::vector<std::unique_ptr<uint64_t[]>> buffers;
  /// One descriptor per argument: {allocated, aligned, offset, sizes...,
  /// strides...}, each a 64-bit word.
  std::vector<std::vector<int64_t>> descriptors;
  /// Handle (address of the characters) -> string number, sorted by handle,
  /// for the child to translate result handles.
  std::vector<std::pair<int64_t, int64_t>> handles;
  /// The strings, by number.
  std::vector<llvm::StringRef> strings;
  /// The input strings in the string record layout of docs/pipeline.md: a
  /// 64-bit byte count, the bytes, a NUL. A handle is the address of the
  /// first byte.
  std::vector<std::unique_ptr<uint64_t[]>> records;

  llvm::SmallVector<TensorType> resultTypes;
  llvm::SmallVector<ResultLayout> layouts;
  /// The result struct: the descriptors of the results one after the other
  /// (every field is a 64-bit word, so there is no padding).
  std::vector<int64_t> resultWords;

  llvm::SmallVector<void *> descriptorPointers;
  void *resultPointer = nullptr;
  llvm::SmallVector<void *> packedArguments;
};

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_RUNTIME_MARSHALLING_H
