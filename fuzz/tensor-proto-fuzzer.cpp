//===- tensor-proto-fuzzer.cpp - fuzz the TensorProto reader --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz target: arbitrary bytes as a serialized ONNX TensorProto through
// parseTensorProto (TensorProtoConversion.h), the reader of sonnx-run's and
// sonnx-translate's test data. Findings, besides crashes and sanitizer
// reports: a tensor that is read but does not survive serializeTensorProto
// and a second parseTensorProto unchanged (the documented exact inverse).
// Seeds: fuzz/corpus/tensor-proto (tensors of the ONNX backend tests).
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "SONNX/Target/ONNX/TensorProtoConversion.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::fuzz;

static MLIRContext &getContext() {
  static MLIRContext *context =
      new MLIRContext(MLIRContext::Threading::DISABLED);
  return *context;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  getContext();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext *context = &getContext();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  llvm::Expected<DenseElementsAttr> tensor =
      parseTensorProto(bytes, "fuzz.pb", context);
  if (!tensor) {
    std::string message = llvm::toString(tensor.takeError());
    if (message.empty())
      reportFinding("a tensor was refused without a message", "");
    return -1;
  }
  llvm::Expected<std::string> serialized = serializeTensorProto(*tensor);
  if (!serialized)
    reportFinding("a tensor that was read cannot be written",
                  llvm::toString(serialized.takeError()));
  llvm::Expected<DenseElementsAttr> again =
      parseTensorProto(*serialized, "round-trip.pb", context);
  if (!again)
    reportFinding("a tensor that was written cannot be read back",
                  llvm::toString(again.takeError()));
  if (*again != *tensor) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (tensor->getNumElements() <= 64)
      os << "read " << *tensor << "\nback " << *again;
    else
      os << "read " << tensor->getType() << "\nback " << again->getType();
    reportFinding("a tensor changed through write and read", text);
  }
  return 0;
}
